import { clock } from '@loyalty/contract';
import type { Kysely } from 'kysely';
import type { Database, OperatorsTable } from '../../db/schema';

const accountColumns = ['id', 'name', 'nameAr', 'role', 'mobile', 'createdAt', 'disabledAt'] as const;

/**
 * Operator accounts and their console sessions (issue 25; docs/security.md, "Operator accounts"):
 * the `operators` rows of people (the built-in command line one has no mobile and never signs in)
 * and reads of the `sessions` rows of subject type `operator` (auth writes them: auth/operator-sessions.ts).
 * Times are the business clock's.
 */
export const operatorAccountsRepository = (db: Kysely<Database>) => ({
  byId: (id: number) => db.selectFrom('operators').select(accountColumns).where('id', '=', id).executeTakeFirst(),

  /** What a sign-in checks: the password hash, the TOTP secret and the last step used. */
  credentialsOf: (mobile: string) =>
    db
      .selectFrom('operators')
      .select([...accountColumns, 'passwordHash', 'totpSecret', 'totpLastStep'])
      .where('mobile', '=', mobile)
      .where('builtin', 'is', null)
      .executeTakeFirst(),

  list: () => db.selectFrom('operators').select(accountColumns).where('builtin', 'is', null).orderBy('id').execute(),

  insert: (v: Pick<OperatorsTable, 'name' | 'nameAr' | 'role' | 'mobile' | 'passwordHash' | 'totpSecret'>) =>
    db
      .insertInto('operators')
      .values({ ...v, builtin: null, createdAt: clock.nowIso(), disabledAt: null })
      .returning(accountColumns)
      .executeTakeFirstOrThrow(),

  /** Takes an authenticator step if it is later than the last one taken; true when this call took it. */
  async useStep(id: number, step: number) {
    const res = await db
      .updateTable('operators')
      .set({ totpLastStep: step })
      .where('id', '=', id)
      .where((eb) => eb.or([eb('totpLastStep', 'is', null), eb('totpLastStep', '<', step)]))
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  },

  /** Replaces the stored TOTP secret (sealed again) unless it changed since it was read; true when this call did. */
  async replaceSecret(id: number, from: string, to: string) {
    const res = await db
      .updateTable('operators')
      .set({ totpSecret: to })
      .where('id', '=', id)
      .where('totpSecret', '=', from)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  },

  /** Disables an account unless it already is; true when this call did. */
  async disable(id: number) {
    const res = await db
      .updateTable('operators')
      .set({ disabledAt: clock.nowIso() })
      .where('id', '=', id)
      .where('builtin', 'is', null)
      .where('disabledAt', 'is', null)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  },

  /** A console session that is not revoked nor past its absolute end, with its operator (enabled). */
  session: (tokenHash: string) =>
    db
      .selectFrom('sessions as s')
      .innerJoin('operators as o', 'o.id', 's.subjectId')
      .select([
        's.id as sessionId',
        's.createdAt as sessionCreatedAt',
        's.lastSeenAt',
        'o.id',
        'o.name',
        'o.nameAr',
        'o.role',
        'o.mobile',
        'o.createdAt',
        'o.disabledAt',
      ])
      .where('s.tokenHash', '=', tokenHash)
      .where('s.subjectType', '=', 'operator')
      .where('s.revokedAt', 'is', null)
      .where('s.expiresAt', '>', clock.nowIso())
      .where('o.disabledAt', 'is', null)
      .executeTakeFirst(),
});

export type OperatorAccountsRepository = ReturnType<typeof operatorAccountsRepository>;
