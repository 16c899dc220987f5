import { LIMITS } from '@loyalty/contract';
import { type Kysely, type QueryCreator, sql } from 'kysely';
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

export type Table = 'merchants' | 'customers';

/** One account's side of a move: its change of balance. */
export interface Leg {
  account: Account;
  delta: number;
}

/** One leg's values under names of their own, so that two legs can share a statement. */
type LegNamed<N extends string> = { [K in 'id' | 'delta' | 'accountType' as `${K}${N}`]: Entry[K] };
/** What both legs share, under names of the ledger's own (a statement may hold other rows' too). */
type Shared = { ledgerReason: string; ledgerReference: string; ledgerCreatedAt: string };
/** The values of up to two legs of a move, as `legsWith` reads them. */
export type LegValues = LegNamed<'1'> & Partial<LegNamed<'2'>> & Shared;

/** The statement being built, its WITH names (moved1, entry1, …) left untyped. */
export type Built = QueryCreator<Database>;

/**
 * PostgreSQL: a leg's balance update (only within range: it returns no row otherwise) as `moved<n>`
 * and its ledger row, written from it, as `entry<n>`; `after` (a WITH name) must have moved first,
 * when given: the update's one-time filter reads it, so the rows are locked in the legs' order.
 */
function legPg<N extends '1' | '2'>(
  qc: Built,
  table: Table,
  n: N,
  p: Params<LegNamed<N> & Shared>,
  after: string[] = [],
): Built {
  const named = p as unknown as Record<string, unknown>;
  const [id, delta, accountType] = [named[`id${n}`], named[`delta${n}`], named[`accountType${n}`]];
  const moved = `moved${n}`;
  const entry: string = `entry${n}`;
  return qc
    .with(moved, (q) => {
      const update = q
        .updateTable(table)
        .set({ balance: sql<number>`balance + ${delta}` })
        .where('id', '=', id as number)
        .where(inRange(delta));
      const ready = after.map((name) => sql<boolean>`exists (select 1 from ${sql.table(name)})`);
      return (ready.length ? update.where(sql<boolean>`${sql.join(ready, sql` and `)}`) : update).returning([
        'id',
        'balance',
      ]);
    })
    .with(entry, (q) =>
      q
        .insertInto('ledgerEntries')
        .columns(['accountType', 'accountId', 'delta', 'balanceAfter', 'reason', 'reference', 'createdAt'])
        .expression(
          sql`select cast(${accountType} as text), m.id, cast(${delta} as integer), m.balance, cast(${p.ledgerReason} as text), cast(${p.ledgerReference} as text), cast(${p.ledgerCreatedAt} as text) from ${sql.table(moved)} as m`,
        )
        .returning('balanceAfter'),
    ) as unknown as Built;
}

/**
 * PostgreSQL: the legs of a move (one or two: their tables in the legs' order) as WITH names
 * `moved<n>` and `entry<n>` over `qc`, the second updated only when the first moved, the first only
 * once every WITH name of `after` has a row. A statement that writes other rows with them
 * (repositories/offer-approval.ts) composes them so; `entry<n>` has a row exactly when leg n moved.
 */
export function legsWith(qc: Built, tables: Table[], p: Params<LegValues>, after: string[] = []): Built {
  const first = legPg(qc, tables[0], '1', p as Params<LegNamed<'1'> & Shared>, after);
  return tables[1] ? legPg(first, tables[1], '2', p as Params<LegNamed<'2'> & Shared>, ['moved1']) : first;
}

/** The tables of the legs' accounts, in their order. */
export const tablesOf = (legs: { account: Account }[]): Table[] => legs.map((l) => tableOf(l.account.type));

/** The values of `legs` (one or two) as `legsWith` binds them. */
export const legValues = (legs: Leg[], reason: string, reference: string, createdAt: string): LegValues =>
  Object.assign(
    { ledgerReason: reason, ledgerReference: reference, ledgerCreatedAt: createdAt },
    ...legs.map((l, i) => ({
      [`id${i + 1}`]: l.account.id,
      [`delta${i + 1}`]: l.delta,
      [`accountType${i + 1}`]: l.account.type,
    })),
  );

/** PostgreSQL: one leg, its balance update and its ledger row in one statement. */
const recordPg = (table: Table) =>
  preparedQuery((db, p: Params<LegValues>) =>
    legsWith(db, [table], p).selectNoFrom(sql<number | null>`(select balance_after from entry1)`.as('first')),
  );

/**
 * PostgreSQL: both legs of a move in one statement, the second updated only when the first moved
 * (one round trip of an approval's fewer: bench/README.md, "Approvals").
 */
const recordBothPg = (first: Table, second: Table) =>
  preparedQuery((db, p: Params<LegValues>) =>
    legsWith(db, [first, second], p).selectNoFrom([
      sql<number | null>`(select balance_after from entry1)`.as('first'),
      sql<number | null>`(select balance_after from entry2)`.as('second'),
    ]),
  );

const ONE_PG = { merchants: recordPg('merchants'), customers: recordPg('customers') };
const TABLES: Table[] = ['customers', 'merchants'];
/** Per (first table, second table): one prepared statement each, compiled when first used. */
const BOTH_PG = new Map(TABLES.flatMap((a) => TABLES.map((b) => [`${a}:${b}`, recordBothPg(a, b)] as const)));

/** The only SQL that touches balances and ledger rows. Always bound to a transaction. */
export const ledgerRepository = (db: Kysely<Database>) => ({
  /**
   * For each leg in order, adds its `delta` to the balance unless it would go below zero or over
   * LIMITS.balanceMax, and writes the ledger row with the new balance. Returns the new balances in
   * the legs' order, stopping at the first leg that could not move (null: the balance is too small
   * or too large for it, or the account does not exist; nothing written for it or after it). A
   * repeated (account, reason, reference) fails on its unique key. On PostgreSQL one statement
   * writes both legs and their rows, so the rows stay locked for as short a time as possible
   * (bench/README.md, "Approvals"); on SQLite, one writer at a time, a statement each.
   */
  async applyAndRecord(legs: Leg[], reason: string, reference: string): Promise<(number | null)[]> {
    const createdAt = nowIso();
    if (isPostgres(db)) {
      const [a, b] = tablesOf(legs);
      const q = b ? BOTH_PG.get(`${a}:${b}`) : ONE_PG[a];
      if (!q) throw new Error('no statement for these accounts');
      const params = legValues(legs, reason, reference, createdAt);
      const row: { first: number | null; second?: number | null } | undefined = await q.first(db, params);
      const first = row?.first ?? null;
      return first === null || !b ? [first] : [first, row?.second ?? null];
    }
    const out: (number | null)[] = [];
    for (const l of legs) {
      const values = { id: l.account.id, delta: l.delta, accountType: l.account.type, reason, reference, createdAt };
      const updated = await (l.account.type === 'merchant' ? addToMerchant : addToCustomer).first(db, values);
      if (updated) await insertEntry.run(db, { ...values, balanceAfter: updated.balance });
      out.push(updated ? updated.balance : null);
      if (!updated) break;
    }
    return out;
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
