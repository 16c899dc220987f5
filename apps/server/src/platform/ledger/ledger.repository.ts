import { LIMITS } from '@loyalty/contract';
import { type Kysely, sql } from 'kysely';
import { isPostgres, nowIso } from '../../db/dialect';
import { type Params, preparedQuery } from '../../db/prepared';
import type { Database } from '../../db/schema';

export type AccountType = 'merchant' | 'user';
/** A points account: a merchant or a customer (`user`). */
export interface Account {
  type: AccountType;
  id: number;
}

const tableOf = (type: AccountType) => (type === 'merchant' ? 'merchants' : 'customers');

type Delta = { id: number; delta: number };
type Entry = Delta & { accountType: AccountType; reason: string; reference: string; createdAt: string };

/**
 * The new balance stays from 0 to LIMITS.balanceMax: computed as a 64-bit number, so that the check
 * itself cannot overflow PostgreSQL's integer column (docs/decisions/0020-balances-capped.md).
 */
const inRange = (delta: unknown) =>
  sql<boolean>`cast(balance as bigint) + ${delta} between 0 and ${sql.lit(LIMITS.balanceMax)}`;

/** The balance plus `delta`, unless that would go below zero or over the cap; the new balance. */
const addTo = (table: 'merchants' | 'customers') =>
  preparedQuery((db, p: Params<Delta>) =>
    db
      .updateTable(table)
      .set({ balance: sql<number>`balance + ${p.delta}` })
      .where('id', '=', p.id)
      .where(inRange(p.delta))
      .returning('balance'),
  );
const addToMerchant = addTo('merchants');
const addToCustomer = addTo('customers');

const insertEntry = preparedQuery((db, p: Params<Entry & { balanceAfter: number }>) =>
  db.insertInto('ledgerEntries').values({
    accountType: p.accountType,
    accountId: p.id,
    delta: p.delta,
    balanceAfter: p.balanceAfter,
    reason: p.reason,
    reference: p.reference,
    createdAt: p.createdAt,
  }),
);

const entryOf = preparedQuery(
  (db, p: Params<{ accountType: AccountType; accountId: number; reason: string; reference: string }>) =>
    db
      .selectFrom('ledgerEntries')
      .select('id')
      .where('accountType', '=', p.accountType)
      .where('accountId', '=', p.accountId)
      .where('reason', '=', p.reason)
      .where('reference', '=', p.reference),
);

/** PostgreSQL: the balance update and its ledger row in one statement (a data-modifying WITH). */
const recordPg = (table: 'merchants' | 'customers') =>
  preparedQuery((db, p: Params<Entry>) =>
    db
      .with('moved', (q) =>
        q
          .updateTable(table)
          .set({ balance: sql<number>`balance + ${p.delta}` })
          .where('id', '=', p.id)
          .where(inRange(p.delta))
          .returning(['id', 'balance']),
      )
      .insertInto('ledgerEntries')
      .columns(['accountType', 'accountId', 'delta', 'balanceAfter', 'reason', 'reference', 'createdAt'])
      .expression((eb) =>
        eb.selectFrom('moved').select([
          // typed: a parameter in a select list has no type of its own
          sql<string>`cast(${p.accountType} as text)`.as('accountType'),
          'moved.id',
          sql<number>`cast(${p.delta} as integer)`.as('delta'),
          'moved.balance',
          sql<string>`cast(${p.reason} as text)`.as('reason'),
          sql<string>`cast(${p.reference} as text)`.as('reference'),
          sql<string>`cast(${p.createdAt} as text)`.as('createdAt'),
        ]),
      )
      .returning('balanceAfter'),
  );
const recordMerchantPg = recordPg('merchants');
const recordCustomerPg = recordPg('customers');

/** The only SQL that touches balances and ledger rows. Always bound to a transaction. */
export const ledgerRepository = (db: Kysely<Database>) => ({
  /**
   * Adds `delta` to the balance unless it would go below zero or over LIMITS.balanceMax, and writes
   * the ledger row with the new balance; returns the new balance, or null (nothing written) when the
   * balance is too small or too large for it, or the account does not exist. A repeated (account, reason, reference) fails on its unique key.
   * On PostgreSQL one statement does both, so a busy account's row stays locked for as short a
   * time as possible (bench/README.md, "Approvals"); on SQLite, one writer at a time, two.
   */
  async applyAndRecord(e: {
    account: Account;
    delta: number;
    reason: string;
    reference: string;
  }): Promise<number | null> {
    const values = {
      id: e.account.id,
      delta: e.delta,
      accountType: e.account.type,
      reason: e.reason,
      reference: e.reference,
      createdAt: nowIso(),
    };
    if (isPostgres(db)) {
      const row = await (e.account.type === 'merchant' ? recordMerchantPg : recordCustomerPg).first(db, values);
      return row ? row.balanceAfter : null;
    }
    const updated = await (e.account.type === 'merchant' ? addToMerchant : addToCustomer).first(db, values);
    if (!updated) return null;
    await insertEntry.run(db, { ...values, balanceAfter: updated.balance });
    return updated.balance;
  },

  accountExists: async (account: Account) =>
    (await db.selectFrom(tableOf(account.type)).select('id').where('id', '=', account.id).executeTakeFirst()) !==
    undefined,

  hasEntry: async (account: Account, reason: string, reference: string) =>
    (await entryOf.first(db, { accountType: account.type, accountId: account.id, reason, reference })) !== undefined,

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
