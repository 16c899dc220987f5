import { type Kysely, sql } from 'kysely';
import type { DialectKind } from '../dialect';

/**
 * How many rows each merchant's busiest lists hold, per branch and state, kept by triggers in the
 * same transaction as the rows themselves (docs/architecture.md, "Counted lists"). A page's count
 * then reads a few counter rows instead of the merchant's whole history (bench/README.md, "Scale").
 * Triggers, not application code: every writer (the services, the demo, the operator's commands,
 * a bulk load in SQL) keeps the counts right without knowing of them.
 *
 * PostgreSQL: the count moves at commit (a deferred constraint trigger), so concurrent approvals
 * hold a counter row only while they commit, and it is spread over 16 slots by request id, so
 * approvals of one branch rarely wait for each other; a count sums the slots. SQLite has one
 * writer at a time: one slot, plain triggers.
 */
export interface CountedList {
  list: string;
  table: string;
  /** The state a row counts under, as SQL over `r` (NEW or OLD). */
  state: (r: string) => string;
  /** The columns that state reads (an update of any of them may move the row). */
  stateColumns: string[];
  /** The merchant and branch a row counts for, as SQL over `r` (default: its own columns). */
  merchant?: (r: string) => string;
  branch?: (r: string) => string;
  /** The columns merchant and branch read (default: merchant_id, branch_id). */
  keyColumns?: string[];
  /** PostgreSQL's slot, as SQL over `r` (default: its id). */
  slotOf?: (r: string) => string;
  /** What the migration counts the rows already there from, as `r` with merchant_id and branch_id (default: the table). */
  existing?: string;
}

const merchantOf = (c: CountedList, r: string) => c.merchant?.(r) ?? `${r}.merchant_id`;
const branchOf = (c: CountedList, r: string) => c.branch?.(r) ?? `${r}.branch_id`;
const keyColumnsOf = (c: CountedList) => c.keyColumns ?? ['merchant_id', 'branch_id'];
const slotOf = (c: CountedList, r: string) => c.slotOf?.(r) ?? `${r}.id`;
/** The columns whose update may move a row to another counter: its state's and its keys'. */
const movingColumns = (c: CountedList) => [...c.stateColumns, ...keyColumnsOf(c)].join(', ');

export const COUNTED_LISTS: CountedList[] = [
  { list: 'offer_requests', table: 'offer_requests', state: (r) => `${r}.status`, stateColumns: ['status'] },
  {
    list: 'redeem_requests',
    table: 'redeem_requests',
    state: (r) =>
      // in parentheses: PL/pgSQL's IF would take the CASE's first THEN for its own
      `(CASE WHEN ${r}.is_approved = 1 THEN 'approved' WHEN ${r}.rejected_at IS NOT NULL THEN 'rejected' ELSE 'pending' END)`,
    stateColumns: ['is_approved', 'rejected_at'],
  },
];

export const PG_SLOTS = 16;

const sqliteTriggers = (c: CountedList): string[] => {
  const add = (r: string) =>
    `INSERT INTO list_counts (list, merchant_id, branch_id, state, slot, n)
       VALUES ('${c.list}', ${merchantOf(c, r)}, ${branchOf(c, r)}, ${c.state(r)}, 0, 1)
       ON CONFLICT (list, merchant_id, branch_id, state, slot) DO UPDATE SET n = n + 1;`;
  const remove = (r: string) =>
    `UPDATE list_counts SET n = n - 1
       WHERE list = '${c.list}' AND merchant_id = ${merchantOf(c, r)} AND branch_id = ${branchOf(c, r)}
         AND state = ${c.state(r)} AND slot = 0;`;
  const moved = [
    `${c.state('OLD')} IS NOT ${c.state('NEW')}`,
    ...keyColumnsOf(c).map((k) => `OLD.${k} IS NOT NEW.${k}`),
  ].join(' OR ');
  return [
    `CREATE TRIGGER ${c.list}_count_insert AFTER INSERT ON ${c.table} BEGIN ${add('NEW')} END`,
    `CREATE TRIGGER ${c.list}_count_delete AFTER DELETE ON ${c.table} BEGIN ${remove('OLD')} END`,
    `CREATE TRIGGER ${c.list}_count_update AFTER UPDATE OF ${movingColumns(c)}
       ON ${c.table} WHEN ${moved} BEGIN ${remove('OLD')} ${add('NEW')} END`,
  ];
};

const pgTriggers = (c: CountedList): string[] => {
  const fn = `${c.list}_count_apply`;
  const same = keyColumnsOf(c)
    .map((k) => `OLD.${k} = NEW.${k}`)
    .join(' AND ');
  // a row moves only when its state or keys change: the trigger runs on updates of those columns
  // alone, as SQLite's do (an offer's stock changes on every approval). Databases made before this
  // line keep the triggers of 0012 on every update, which return early when nothing moved: the same
  // counts
  const update = `UPDATE OF ${movingColumns(c)}`;
  return [
    `CREATE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
     BEGIN
       IF TG_OP = 'UPDATE' AND ${c.state('OLD')} IS NOT DISTINCT FROM ${c.state('NEW')}
          AND ${same} THEN
         RETURN NULL;
       END IF;
       IF TG_OP IN ('UPDATE', 'DELETE') THEN
         UPDATE list_counts SET n = n - 1
          WHERE list = '${c.list}' AND merchant_id = ${merchantOf(c, 'OLD')} AND branch_id = ${branchOf(c, 'OLD')}
            AND state = ${c.state('OLD')} AND slot = ${slotOf(c, 'OLD')} % ${PG_SLOTS};
       END IF;
       IF TG_OP IN ('INSERT', 'UPDATE') THEN
         INSERT INTO list_counts (list, merchant_id, branch_id, state, slot, n)
         VALUES ('${c.list}', ${merchantOf(c, 'NEW')}, ${branchOf(c, 'NEW')}, ${c.state('NEW')}, ${slotOf(c, 'NEW')} % ${PG_SLOTS}, 1)
         ON CONFLICT (list, merchant_id, branch_id, state, slot) DO UPDATE SET n = list_counts.n + 1;
       END IF;
       RETURN NULL;
     END $$`,
    `CREATE CONSTRAINT TRIGGER ${c.list}_count AFTER INSERT OR DELETE OR ${update} ON ${c.table}
       DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ${fn}()`,
  ];
};

/**
 * Counters for `lists`: the rows already there, then the triggers that keep them (one migration
 * per set of lists; 0012 made the table).
 */
export const countLists = (kind: DialectKind, lists: CountedList[]) => ({
  async up(db: Kysely<unknown>): Promise<void> {
    const slot = (c: CountedList) => (kind === 'postgres' ? `${slotOf(c, 'r')} % ${PG_SLOTS}` : '0');
    // PostgreSQL runs the migration in one transaction while servers of the old version may still
    // serve (docs/deploy.md): their writes wait until the counts are filled and the triggers exist,
    // else a row written between the two would never be counted; reads go on
    if (kind === 'postgres')
      await sql.raw(`LOCK TABLE ${lists.map((c) => c.table).join(', ')} IN SHARE ROW EXCLUSIVE MODE`).execute(db);
    for (const c of lists) {
      // the rows already there, then the triggers (a migration runs in one transaction on PostgreSQL;
      // on SQLite the server is not serving yet)
      await sql
        .raw(
          `INSERT INTO list_counts (list, merchant_id, branch_id, state, slot, n)
           SELECT '${c.list}', r.merchant_id, r.branch_id, ${c.state('r')}, ${slot(c)}, COUNT(*)
             FROM ${c.existing ?? c.table} r
            GROUP BY ${[
              'r.merchant_id',
              'r.branch_id',
              // (a constant state is not grouped by: PostgreSQL refuses a constant in GROUP BY)
              ...(c.stateColumns.length > 0 ? [c.state('r')] : []),
              ...(kind === 'postgres' ? [slot(c)] : []),
            ].join(', ')}`,
        )
        .execute(db);
      for (const statement of kind === 'postgres' ? pgTriggers(c) : sqliteTriggers(c))
        await sql.raw(statement).execute(db);
    }
  },
  async down(db: Kysely<unknown>): Promise<void> {
    for (const c of lists) {
      if (kind === 'postgres') {
        await sql.raw(`DROP TRIGGER IF EXISTS ${c.list}_count ON ${c.table}`).execute(db);
        await sql.raw(`DROP FUNCTION IF EXISTS ${c.list}_count_apply()`).execute(db);
      } else
        for (const op of ['insert', 'delete', 'update'])
          await sql.raw(`DROP TRIGGER IF EXISTS ${c.list}_count_${op}`).execute(db);
      await sql.raw(`DELETE FROM list_counts WHERE list = '${c.list}'`).execute(db);
    }
  },
});

export const listCounts = (kind: DialectKind) => {
  const counters = countLists(kind, COUNTED_LISTS);
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('list_counts')
        .addColumn('list', 'varchar(40)', (c) => c.notNull())
        .addColumn('merchant_id', 'integer', (c) => c.notNull())
        .addColumn('branch_id', 'integer', (c) => c.notNull())
        .addColumn('state', 'varchar(40)', (c) => c.notNull())
        .addColumn('slot', 'integer', (c) => c.notNull())
        .addColumn('n', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('list_counts_pk', ['list', 'merchant_id', 'branch_id', 'state', 'slot'])
        .execute();
      await counters.up(db);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await counters.down(db);
      await db.schema.dropTable('list_counts').execute();
    },
  };
};
