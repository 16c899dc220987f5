import type { Kysely } from 'kysely';
import { nowIso } from '../../db/dialect';
import type { Database, SubjectType } from '../../db/schema';

export interface PushTarget {
  id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  lang: 'en' | 'ar';
}

/** `push_subscriptions`; recipients are only ever read through a live session (not revoked, not expired). */
export const pushRepository = (db: Kysely<Database>) => {
  const live = () =>
    db
      .selectFrom('pushSubscriptions as p')
      .innerJoin('sessions as s', 's.id', 'p.sessionId')
      .select(['p.id', 'p.endpoint', 'p.p256dh', 'p.auth', 'p.lang'])
      .where('s.revokedAt', 'is', null)
      .where('s.expiresAt', '>', nowIso());

  return {
    /**
     * Stores a subscription for a session; an endpoint already known (the same browser signing in
     * again, or as someone else) moves to the new session and owner.
     */
    async save(v: {
      subjectType: SubjectType;
      subjectId: number;
      sessionId: number;
      endpoint: string;
      p256dh: string;
      auth: string;
      lang: 'en' | 'ar';
    }): Promise<void> {
      const { subjectType, subjectId, sessionId, endpoint, p256dh, auth, lang } = v;
      await db
        .insertInto('pushSubscriptions')
        .values({ subjectType, subjectId, sessionId, endpoint, p256dh, auth, lang, createdAt: nowIso() })
        .onConflict((oc) =>
          oc.column('endpoint').doUpdateSet({
            subjectType: v.subjectType,
            subjectId: v.subjectId,
            sessionId: v.sessionId,
            p256dh: v.p256dh,
            auth: v.auth,
            lang: v.lang,
          }),
        )
        .execute();
    },

    /** Deletes an account's subscriptions but its newest `keep` (the latest registered or moved). */
    async keepNewest(subjectType: SubjectType, subjectId: number, keep: number): Promise<void> {
      const newest = db
        .selectFrom('pushSubscriptions')
        .select('id')
        .where('subjectType', '=', subjectType)
        .where('subjectId', '=', subjectId)
        .orderBy('id', 'desc')
        .limit(keep);
      await db
        .deleteFrom('pushSubscriptions')
        .where('subjectType', '=', subjectType)
        .where('subjectId', '=', subjectId)
        .where('id', 'not in', (eb) => eb.selectFrom(newest.as('n')).select('n.id'))
        .execute();
    },

    deleteOfSession: (sessionId: number) =>
      db.deleteFrom('pushSubscriptions').where('sessionId', '=', sessionId).execute(),

    deleteById: (id: number) => db.deleteFrom('pushSubscriptions').where('id', '=', id).execute(),

    /** A session's devices, newest first. */
    ofSession: (sessionId: number): Promise<PushTarget[]> =>
      live().where('p.sessionId', '=', sessionId).orderBy('p.id', 'desc').execute(),

    /** The merchant's own devices, and those of the active staff (not couriers) of one branch. */
    ofBranch: (merchantId: number, branchId: number): Promise<PushTarget[]> =>
      live()
        .where((eb) =>
          eb.or([
            eb.and([eb('p.subjectType', '=', 'merchant'), eb('p.subjectId', '=', merchantId)]),
            eb.and([
              eb('p.subjectType', '=', 'merchantUser'),
              eb(
                'p.subjectId',
                'in',
                eb
                  .selectFrom('merchantUsers')
                  .select('id')
                  .where('merchantId', '=', merchantId)
                  .where('branchId', '=', branchId)
                  .where('rule', '=', 'merchantUser')
                  .where('isActive', '=', 1),
              ),
            ]),
          ]),
        )
        .execute(),

    ofMerchant: (merchantId: number): Promise<PushTarget[]> =>
      live().where('p.subjectType', '=', 'merchant').where('p.subjectId', '=', merchantId).execute(),

    ofStaffMember: (merchantUserId: number): Promise<PushTarget[]> =>
      live().where('p.subjectType', '=', 'merchantUser').where('p.subjectId', '=', merchantUserId).execute(),
  };
};

export type PushRepository = ReturnType<typeof pushRepository>;
