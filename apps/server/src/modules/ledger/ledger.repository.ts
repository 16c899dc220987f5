import { type Kysely, sql } from 'kysely';
import { nowIso } from '../../db/dialect';
import type { Database } from '../../db/schema';

export type AccountType = 'merchant' | 'user';
/** A points account: a merchant or a customer (`user`). */
export interface Account {
  type: AccountType;
  id: number;
}

const tableOf = (type: AccountType) => (type === 'merchant' ? 'merchants' : 'customers');

/** The only SQL that touches balances and ledger rows. Always bound to a transaction. */
export const ledgerRepository = (db: Kysely<Database>) => ({
  /**
   * Adds `delta` to the balance unless it would go below zero; returns the new balance, or null
   * when the balance is too small (or the account does not exist).
   */
  async applyDelta(account: Account, delta: number): Promise<number | null> {
    const table = tableOf(account.type);
    const res = await db
      .updateTable(table)
      .set({ balance: sql<number>`balance + ${delta}` })
      .where('id', '=', account.id)
      .where(sql<boolean>`balance + ${delta} >= 0`)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) return null;
    const row = await db.selectFrom(table).select('balance').where('id', '=', account.id).executeTakeFirstOrThrow();
    return row.balance;
  },

  accountExists: async (account: Account) =>
    (await db.selectFrom(tableOf(account.type)).select('id').where('id', '=', account.id).executeTakeFirst()) !==
    undefined,

  hasEntry: async (account: Account, reason: string, reference: string) =>
    (await db
      .selectFrom('ledgerEntries')
      .select('id')
      .where('accountType', '=', account.type)
      .where('accountId', '=', account.id)
      .where('reason', '=', reason)
      .where('reference', '=', reference)
      .executeTakeFirst()) !== undefined,

  insertEntry: (e: { account: Account; delta: number; balanceAfter: number; reason: string; reference: string }) =>
    db
      .insertInto('ledgerEntries')
      .values({
        accountType: e.account.type,
        accountId: e.account.id,
        delta: e.delta,
        balanceAfter: e.balanceAfter,
        reason: e.reason,
        reference: e.reference,
        createdAt: nowIso(),
      })
      .execute(),

  entriesOf: (account: Account) =>
    db
      .selectFrom('ledgerEntries')
      .selectAll()
      .where('accountType', '=', account.type)
      .where('accountId', '=', account.id)
      .orderBy('id')
      .execute(),
});

export type LedgerRepository = ReturnType<typeof ledgerRepository>;
