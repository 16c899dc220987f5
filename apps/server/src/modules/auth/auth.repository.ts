import { clock } from '@loyalty/contract';
import { type Kysely, sql } from 'kysely';
import { nowIso } from '../../db/dialect';
import { type Params, preparedQuery } from '../../db/prepared';
import type { CodePurpose, Database, SubjectType } from '../../db/schema';

/**
 * A live session with what the caller's checks need, in one query (it runs on every signed-in
 * request): the staff member's activity, role, branch and permission set, the merchant's status
 * (the merchant's own, or the staff member's employer's) and the customer's password state. Written with one
 * primary-key subquery per value rather than LEFT JOINs: SQLite ran it four times faster this way
 * (7 µs against 29 µs; bench/README.md, "Profile").
 */
function sessionCallerColumns(db: Kysely<Database>) {
  return db.selectFrom('sessions as s').select((eb) => {
    const staff = <C extends 'isActive' | 'rule' | 'branchId' | 'merchantId' | 'permissionSetId'>(column: C) =>
      eb
        .selectFrom('merchantUsers as u')
        .select(`u.${column}` as `u.${C}`)
        .whereRef('u.id', '=', 's.subjectId')
        .where('s.subjectType', '=', sql.lit('merchantUser'));
    const merchantId = eb
      .case()
      .when('s.subjectType', '=', sql.lit('merchant'))
      .then(eb.ref('s.subjectId'))
      .else(staff('merchantId'))
      .end();
    const customer = <C extends 'id' | 'mustChangePassword'>(column: C) =>
      eb
        .selectFrom('customers as c')
        .select(`c.${column}` as `c.${C}`)
        .whereRef('c.id', '=', 's.subjectId')
        .where('s.subjectType', '=', sql.lit('user'));
    return [
      's.id as sessionId',
      's.subjectType',
      's.subjectId',
      's.createdAt',
      's.lastSeenAt',
      staff('isActive').as('staffIsActive'),
      staff('rule').as('staffRule'),
      staff('branchId').as('staffBranchId'),
      // the staff member's permission set (issue 27), read here rather than by the gate's own query
      eb
        .selectFrom('permissionSets as ps')
        .select('ps.permissions')
        .where('ps.id', '=', staff('permissionSetId'))
        .as('staffPermissions'),
      merchantId.as('merchantId'),
      eb.selectFrom('merchants as m').select('m.status').where('m.id', '=', merchantId).as('merchantStatus'),
      customer('id').as('customerId'),
      customer('mustChangePassword').as('mustChangePassword'),
    ];
  });
}

/**
 * A live session with what the caller's checks need, in one query (it runs on every signed-in
 * request): the staff member's activity, role, branch and permission set, the merchant's status (the
 * merchant's own, or the staff member's employer's), the customer's password state and when the session was
 * last used (idle sessions end: docs/security.md, "Tokens"). Written with one primary-key subquery
 * per value rather than LEFT JOINs: SQLite ran it four times faster this way (7 µs against 29 µs;
 * bench/README.md, "Profile").
 */
const liveSessionCaller = preparedQuery((db, p: Params<{ tokenHash: string; now: string }>) =>
  sessionCallerColumns(db)
    .where('s.tokenHash', '=', p.tokenHash)
    .where('s.revokedAt', 'is', null)
    .where('s.expiresAt', '>', p.now),
);

/** The same by the session's id (a live-feed stream opened with a ticket re-checks its session). */
const liveSessionCallerById = preparedQuery((db, p: Params<{ sessionId: number; now: string }>) =>
  sessionCallerColumns(db)
    .where('s.id', '=', p.sessionId)
    .where('s.revokedAt', 'is', null)
    .where('s.expiresAt', '>', p.now),
);

export const authRepository = (db: Kysely<Database>) => ({
  merchantByMobile: (mobile: string) =>
    db.selectFrom('merchants').selectAll().where('mobile', '=', mobile).executeTakeFirst(),
  merchantById: (id: number) => db.selectFrom('merchants').selectAll().where('id', '=', id).executeTakeFirst(),
  staffByMobile: (mobile: string) =>
    db.selectFrom('merchantUsers').selectAll().where('mobileNum', '=', mobile).executeTakeFirst(),
  staffById: (id: number) => db.selectFrom('merchantUsers').selectAll().where('id', '=', id).executeTakeFirst(),
  customerByMobile: (mobile: string) =>
    db.selectFrom('customers').selectAll().where('mobile', '=', mobile).executeTakeFirst(),
  customerById: (id: number) => db.selectFrom('customers').selectAll().where('id', '=', id).executeTakeFirst(),

  /** A login phone belongs to one merchant or one staff member, never both. */
  async loginMobileTaken(mobile: string, except?: { type: 'merchant' | 'merchantUser'; id: number }): Promise<boolean> {
    const m = await db.selectFrom('merchants').select('id').where('mobile', '=', mobile).executeTakeFirst();
    if (m && !(except?.type === 'merchant' && except.id === m.id)) return true;
    const s = await db.selectFrom('merchantUsers').select('id').where('mobileNum', '=', mobile).executeTakeFirst();
    return Boolean(s && !(except?.type === 'merchantUser' && except.id === s.id));
  },

  async insertSession(v: {
    tokenHash: string;
    subjectType: SubjectType;
    subjectId: number;
    expiresAt: string;
    deviceId?: string;
  }) {
    const row = await db
      .insertInto('sessions')
      .values({ ...v, deviceId: v.deviceId ?? null, createdAt: nowIso(), revokedAt: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },

  /** The live session of a token hash with its account's state (null columns: no such account). */
  liveSessionCaller: (tokenHash: string) => liveSessionCaller.first(db, { tokenHash, now: nowIso() }),
  liveSessionCallerById: (sessionId: number) => liveSessionCallerById.first(db, { sessionId, now: nowIso() }),

  /** Records a use of the session unless one was recorded after `since` (at most one write a minute). */
  touchSession: (id: number, since: string) =>
    db
      .updateTable('sessions')
      .set({ lastSeenAt: nowIso() })
      .where('id', '=', id)
      .where((eb) => eb.or([eb('lastSeenAt', 'is', null), eb('lastSeenAt', '<', since)]))
      .execute(),

  /** Stores a live-feed ticket's hash for a session. */
  insertStreamTicket: (v: { ticketHash: string; sessionId: number; expiresAt: string }) =>
    db
      .insertInto('streamTickets')
      .values({ ...v, usedAt: null, createdAt: nowIso() })
      .execute(),

  /**
   * Uses a ticket up, once: the session it was made for, or undefined when the ticket is unknown,
   * expired or already used (one conditional update, so two requests with one ticket cannot both pass).
   */
  async useStreamTicket(ticketHash: string): Promise<number | undefined> {
    const now = nowIso();
    const row = await db
      .updateTable('streamTickets')
      .set({ usedAt: now })
      .where('ticketHash', '=', ticketHash)
      .where('usedAt', 'is', null)
      .where('expiresAt', '>', now)
      .returning('sessionId')
      .executeTakeFirst();
    return row?.sessionId;
  },

  /** Forgets tickets that ended before `before`. */
  pruneStreamTickets: (before: string) => db.deleteFrom('streamTickets').where('expiresAt', '<', before).execute(),

  revokeSession: (id: number) =>
    db
      .updateTable('sessions')
      .set({ revokedAt: nowIso() })
      .where('id', '=', id)
      .where('revokedAt', 'is', null)
      .execute(),

  /** Revokes every live session of an account, but one if given. */
  revokeSessionsOf: (type: SubjectType, id: number, exceptSessionId?: number) => {
    let q = db
      .updateTable('sessions')
      .set({ revokedAt: nowIso() })
      .where('subjectType', '=', type)
      .where('subjectId', '=', id)
      .where('revokedAt', 'is', null);
    if (exceptSessionId !== undefined) q = q.where('id', '!=', exceptSessionId);
    return q.execute();
  },

  // Console sessions of operators (subject type `operator`), on the business clock; the operator
  // module reaches these through operator-sessions.ts.

  insertOperatorSession: async (tokenHash: string, operatorId: number, expiresAt: string) =>
    (
      await db
        .insertInto('sessions')
        .values({
          tokenHash,
          subjectType: 'operator',
          subjectId: operatorId,
          deviceId: null,
          createdAt: clock.nowIso(),
          expiresAt,
          revokedAt: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,

  touchOperatorSession: (id: number, at: string) =>
    db.updateTable('sessions').set({ lastSeenAt: at }).where('id', '=', id).execute(),

  revokeOperatorSession: (id: number) =>
    db
      .updateTable('sessions')
      .set({ revokedAt: clock.nowIso() })
      .where('id', '=', id)
      .where('revokedAt', 'is', null)
      .execute(),

  revokeOperatorSessions: (operatorId: number) =>
    db
      .updateTable('sessions')
      .set({ revokedAt: clock.nowIso() })
      .where('subjectType', '=', 'operator')
      .where('subjectId', '=', operatorId)
      .where('revokedAt', 'is', null)
      .execute(),

  insertCode: (v: {
    subjectType: SubjectType;
    subjectId: number;
    purpose: CodePurpose;
    codeHash: string;
    expiresAt: string;
  }) =>
    db
      .insertInto('verificationCodes')
      .values({ ...v, attempts: 0, usedAt: null, createdAt: nowIso() })
      .execute(),

  countRecentCodes: async (type: SubjectType, id: number, purpose: CodePurpose, sinceIso: string) => {
    const r = await db
      .selectFrom('verificationCodes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('subjectType', '=', type)
      .where('subjectId', '=', id)
      .where('purpose', '=', purpose)
      .where('createdAt', '>', sinceIso)
      .executeTakeFirstOrThrow();
    return Number(r.n);
  },

  latestLiveCode: (type: SubjectType, id: number, purpose: CodePurpose) =>
    db
      .selectFrom('verificationCodes')
      .selectAll()
      .where('subjectType', '=', type)
      .where('subjectId', '=', id)
      .where('purpose', '=', purpose)
      .where('usedAt', 'is', null)
      .where('expiresAt', '>', nowIso())
      .orderBy('id', 'desc')
      .executeTakeFirst(),

  /**
   * Counts one try of a code before it is compared, in one conditional update: false when the code
   * has had its `max` tries (or was used, or expired) — so parallel guesses get `max` tries in all,
   * on SQLite and PostgreSQL alike.
   */
  async takeCodeAttempt(codeId: number, max: number): Promise<boolean> {
    const r = await db
      .updateTable('verificationCodes')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', codeId)
      .where('attempts', '<', max)
      .where('usedAt', 'is', null)
      .where('expiresAt', '>', nowIso())
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },

  /** Ends every live code of an account for a purpose (a new sign-up over an unproven number). */
  endCodes: (type: SubjectType, id: number, purpose: CodePurpose) =>
    db
      .updateTable('verificationCodes')
      .set({ usedAt: nowIso() })
      .where('subjectType', '=', type)
      .where('subjectId', '=', id)
      .where('purpose', '=', purpose)
      .where('usedAt', 'is', null)
      .execute(),

  /** Marks a code used once; false when another request used it first. */
  async useCode(codeId: number): Promise<boolean> {
    const r = await db
      .updateTable('verificationCodes')
      .set({ usedAt: nowIso() })
      .where('id', '=', codeId)
      .where('usedAt', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },
});

export type AuthRepository = ReturnType<typeof authRepository>;
