// Bulk data for the benchmark, inserted by SQL generated in the database itself (a recursive
// series), so a million rows take seconds. Works on SQLite and PostgreSQL.
import { createRequire } from 'node:module';
import pg from 'pg';

// the server's choice of driver (apps/server/src/db/sqlite-driver.ts): better-sqlite3 13 where
// Node-API 10 is there (Node 22.14+, 24), else 12; 12 aborts on Node 24
const Database = createRequire(import.meta.url)(
  Number(process.versions.napi) >= 10 ? 'better-sqlite3-13' : 'better-sqlite3',
);

export async function openSql({ kind, file, url, schema }) {
  if (kind === 'sqlite') {
    const db = new Database(file);
    db.pragma('journal_mode = WAL');
    return {
      kind,
      exec: async (sql) => db.exec(sql),
      one: async (sql) => db.prepare(sql).get(),
      close: async () => db.close(),
    };
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  if (schema) await client.query(`SET search_path TO ${schema}`);
  return {
    kind,
    exec: async (sql) => client.query(sql),
    one: async (sql) => (await client.query(sql)).rows[0],
    close: async () => client.end(),
  };
}

/** `WITH RECURSIVE g(i)` of 1..n, and an ISO timestamp `base + i` seconds, in the dialect. */
const series = (n) => `WITH RECURSIVE g(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM g WHERE i < ${n})`;
const stamp = (kind, expr) =>
  kind === 'sqlite'
    ? `strftime('%Y-%m-%dT%H:%M:%fZ', 1767225600 + ${expr}, 'unixepoch')`
    : `to_char(to_timestamp(1767225600 + ${expr}) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const idRange = async (db, table, where) => {
  const r = await db.one(`SELECT MIN(id) AS lo, MAX(id) AS hi FROM ${table} WHERE ${where}`);
  return { lo: Number(r.lo), hi: Number(r.hi) };
};

/**
 * For merchant `merchantId` (approved and live): `branches` branches, `offers` offers (each on one
 * branch, in date, plenty available), `customers` customers with points, `requests` offer requests
 * (`pendingShare` of them pending, paid with 1 point), spread over the offers and customers.
 */
export async function seedMerchant(db, { merchantId, branches, offers, customers, requests, pendingShare, tag }) {
  const k = db.kind;
  await db.exec(`UPDATE merchants SET status = 'approved', is_live = 1 WHERE id = ${merchantId}`);
  await db.exec(`${series(branches)} INSERT INTO branches (merchant_id, branch_name, address, address_ar, phone, lat, long, is_active, created_at, updated_at)
    SELECT ${merchantId}, 'Branch ' || i, 'Street ' || i || ', Doha', 'شارع ' || i, '974440' || (10000 + i), 25.28, 51.53, 1, ${stamp(k, 'i')}, ${stamp(k, 'i')} FROM g`);
  const b = await idRange(db, 'branches', `merchant_id = ${merchantId}`);
  await db.exec(`${series(offers)} INSERT INTO offers (merchant_id, title, title_ar, description, description_ar, price_cents, points, available_number_of_offers, start_date, end_date, rate, is_active, created_at, updated_at)
    SELECT ${merchantId}, 'Offer ' || i, 'عرض ' || i, 'A description that is long enough for the rule number ' || i, NULL, 1000 + i, 1, 100000000, '2020-01-01', '2099-12-31', 4.5, 1, ${stamp(k, 'i')}, ${stamp(k, 'i')} FROM g`);
  const o = await idRange(db, 'offers', `merchant_id = ${merchantId}`);
  await db.exec(
    `INSERT INTO offer_branches (offer_id, branch_id) SELECT id, ${b.lo} + (id % ${b.hi - b.lo + 1}) FROM offers WHERE merchant_id = ${merchantId}`,
  );
  await db.exec(`${series(customers)} INSERT INTO customers (name, mobile, password_hash, currency, balance, must_change_password, created_at, updated_at)
    SELECT 'Customer ' || i, '${tag}' || (1000000 + i), 'x', 'USD', 1000000000, 0, ${stamp(k, 'i')}, ${stamp(k, 'i')} FROM g`);
  const c = await idRange(db, 'customers', `mobile LIKE '${tag}%'`);
  const nb = b.hi - b.lo + 1;
  const no = o.hi - o.lo + 1;
  const nc = c.hi - c.lo + 1;
  const pendingEvery = Math.max(1, Math.round(1 / pendingShare));
  // PostgreSQL: a million rows in one statement would queue a million deferred trigger runs for
  // the list counters (apps/server/src/db/migrations/0012-list-counts.ts) until its commit; the
  // bulk load skips triggers (replica role) and the merchant's counters are computed afterwards
  if (k === 'postgres') await db.exec('SET session_replication_role = replica');
  await db.exec(`${series(requests)} INSERT INTO offer_requests (merchant_id, offer_id, branch_id, user_id, pay_with, price_cents, points, status, is_aproved, is_active, code, created_at, updated_at)
    SELECT ${merchantId}, ${o.lo} + (i % ${no}), ${b.lo} + ((${o.lo} + (i % ${no})) % ${nb}), ${c.lo} + (i % ${nc}), 'points', 1000, 1,
      CASE WHEN i % ${pendingEvery} = 0 THEN 'pending' ELSE 'done' END, CASE WHEN i % ${pendingEvery} = 0 THEN 0 ELSE 1 END, 1,
      '${tag}-' || i, ${stamp(k, 'i')}, ${stamp(k, 'i')} FROM g`);
  if (k === 'postgres') {
    await db.exec('SET session_replication_role = DEFAULT');
    await db.exec(`DELETE FROM list_counts WHERE list = 'offer_requests' AND merchant_id = ${merchantId}`);
    await db.exec(`INSERT INTO list_counts (list, merchant_id, branch_id, state, slot, n)
      SELECT 'offer_requests', merchant_id, branch_id, status, id % 16, COUNT(*) FROM offer_requests
       WHERE merchant_id = ${merchantId} GROUP BY merchant_id, branch_id, status, id % 16`);
  }
  // PostgreSQL: as autovacuum leaves a table some time after a bulk load (statistics, and the
  // visibility map that index-only scans need); measured right after the load, a list reads the
  // heap for every index entry, and autovacuum runs beside the measurement
  await db.exec(
    k === 'postgres'
      ? 'VACUUM ANALYZE merchants, branches, offers, offer_branches, customers, offer_requests, list_counts'
      : 'ANALYZE',
  );
  const p = await idRange(db, 'offer_requests', `merchant_id = ${merchantId} AND status = 'pending'`);
  return { pendingIds: p };
}

/**
 * The bench's two standard merchants: `listsId` with 10 branches, 100 offers, 2,000 customers and
 * 10,000 offer requests (half pending), the lists' subject; `approvalsId` with 100,000 pending
 * requests paid with points, the approvals' subject. Answers the second's seed (its pending ids).
 */
export async function seedStandardMerchants(db, listsId, approvalsId) {
  await seedMerchant(db, {
    merchantId: listsId,
    branches: 10,
    offers: 100,
    customers: 2000,
    requests: 10_000,
    pendingShare: 0.5,
    tag: '97460',
  });
  return seedMerchant(db, {
    merchantId: approvalsId,
    branches: 2,
    offers: 10,
    customers: 1000,
    requests: 100_000,
    pendingShare: 1,
    tag: '97461',
  });
}
