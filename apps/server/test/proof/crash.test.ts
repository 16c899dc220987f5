/**
 * Crash durability (issue "proof suites"): the built server (node apps/server/dist/main.js, as
 * `npm start` runs it) on this project's database takes concurrent writes of every kind — offer
 * request approvals and rejects, package purchases, product requests, redeems and their approvals —
 * and is killed with SIGKILL at a random moment, then started again on the same data. Every write
 * it acknowledged with 200 must be there, complete (its ledger movements, its invoice, its reason),
 * and the shared invariants must hold: no movement is half-applied. `npm test`: 5 kills;
 * `npm run test:proof`: 20. A failing round prints its seed (PROOF_SEED=… repeats its timings).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module of the scripts (builds the server as npm start does)
import { ensureServerBuilt } from '../../../../scripts/lib.mjs';
import { nowIso } from '../../src/db/dialect';
import { branchFixture, customerFixture, liveMerchant, offerFixture } from '../fixtures-requests';
import { startTestServer, type TestServer } from '../harness';
import { addCard, packageFixture } from '../money-fixtures';
import { orderProduct } from '../orders-fixtures';
import { freePort } from '../ports';
import { invariantViolations } from './invariants';

const FULL = process.env.PROOF_FULL === '1';
const KILLS = FULL ? 20 : 5;
const SEED = Number(process.env.PROOF_SEED ?? Date.now() % 1_000_000);
const root = path.resolve(__dirname, '../../../..');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A small deterministic random source (mulberry32), so a seed repeats a run's timings. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

let t: TestServer;
let webDist: string;
let child: ChildProcess | undefined;

interface World {
  merchantToken: string;
  customerToken: string;
  customerId: number;
  merchantId: number;
  branchId: number;
  offerId: number;
  productId: number;
  cardId: number;
  packageId: number;
}
let w: World;

beforeAll(async () => {
  if ((await ensureServerBuilt()) !== 0) throw new Error('the server did not build');
  t = await startTestServer();
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'loyalty-crash-web-'));
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>stub</title>');
  const m = await liveMerchant(t, 'Crash Cafe');
  const branch = await branchFixture(t, m.id);
  const offer = await offerFixture(t, m.id, [branch.id], { available: 1_000_000, points: 1 });
  const product = await orderProduct(t, m.id, { stockAmount: 1_000_000 });
  const c = await customerFixture(t, 1_000_000);
  const card = await addCard(t, m.token);
  const pkg = await packageFixture(t, { points: 10, amountCents: 100 });
  w = {
    merchantToken: m.token,
    customerToken: c.token,
    customerId: c.id,
    merchantId: m.id,
    branchId: branch.id,
    offerId: offer.id,
    productId: product.id,
    cardId: card.id,
    packageId: pkg.id,
  };
}, 120_000);
afterAll(async () => {
  if (child && child.exitCode === null && child.pid) process.kill(child.pid, 'SIGKILL');
  await t?.close();
  if (webDist) fs.rmSync(webDist, { recursive: true, force: true });
});

/** Starts the real server on the test's database; answers its address once /api/health answers. */
async function launch(): Promise<string> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...t.databaseEnv,
    PORT: String(port),
    HOST: '127.0.0.1',
    WEB_DIST: webDist,
    LOG_LEVEL: 'warn',
  };
  for (const k of Object.keys(env)) if (k.startsWith('npm_')) delete env[k];
  const proc = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: root,
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child = proc;
  let errors = '';
  proc.stderr?.on('data', (d) => {
    errors += d;
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`the server exited on start:\n${errors}`);
    if (Date.now() > deadline) throw new Error(`the server did not start:\n${errors}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return url;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
}

async function post(url: string, p: string, fields: Record<string, string | number>, token: string) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, String(v));
  const res = await fetch(`${url}/api/${p}`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: res.status, body: (await res.json()) as { data?: { id: number } } };
}

/** Pending offer requests, paid with points, for this round's approvals. */
async function pendingRequests(round: number, n: number): Promise<number[]> {
  const ids: number[] = [];
  const now = nowIso();
  for (let i = 0; i < n; i++) {
    const row = await t.db
      .insertInto('offerRequests')
      .values({
        merchantId: w.merchantId,
        offerId: w.offerId,
        branchId: w.branchId,
        userId: w.customerId,
        payWith: 'points',
        priceCents: 0,
        points: 1,
        status: 'pending',
        isActive: 1,
        isAproved: 0,
        approvedByType: null,
        approvedById: null,
        approvedAt: null,
        code: `K${SEED}R${round}N${i}`,
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(row.id);
  }
  return ids;
}

interface Acked {
  approvals: number[];
  rejects: number[];
  purchases: number[];
  orders: number[];
  redeems: number[];
  redeemApprovals: number[];
}

async function checkAcked(acked: Acked): Promise<string[]> {
  const out: string[] = [];
  for (const id of acked.approvals) {
    const row = await t.db.selectFrom('offerRequests').select('status').where('id', '=', id).executeTakeFirst();
    if (row?.status !== 'done') out.push(`approval of offer request ${id} acknowledged, status ${row?.status}`);
    const moves = await t.db
      .selectFrom('ledgerEntries')
      .select('id')
      .where('reference', '=', `offer_request:${id}`)
      .execute();
    if (moves.length !== 2) out.push(`approval of offer request ${id}: ${moves.length} ledger rows, not 2`);
  }
  for (const id of acked.rejects) {
    const row = await t.db
      .selectFrom('offerRequests')
      .select(['status', 'rejectReason'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (row?.status !== 'rejected' || !row.rejectReason)
      out.push(`reject of offer request ${id} acknowledged, status ${row?.status}`);
  }
  for (const id of acked.redeems) {
    const row = await t.db.selectFrom('redeemRequests').select('id').where('id', '=', id).executeTakeFirst();
    if (!row) out.push(`redeem request ${id} acknowledged, not stored`);
  }
  for (const id of acked.redeemApprovals) {
    const row = await t.db.selectFrom('redeemRequests').select('isApproved').where('id', '=', id).executeTakeFirst();
    if (row?.isApproved !== 1) out.push(`approval of redeem ${id} acknowledged, isApproved ${row?.isApproved}`);
    const moves = await t.db
      .selectFrom('ledgerEntries')
      .select('id')
      .where('reference', '=', `redeem_request:${id}`)
      .execute();
    if (moves.length !== 2) out.push(`approval of redeem ${id}: ${moves.length} ledger rows, not 2`);
  }
  for (const id of acked.purchases) {
    const row = await t.db.selectFrom('packageRequests').select('id').where('id', '=', id).executeTakeFirst();
    if (!row) out.push(`purchase ${id} acknowledged, not stored`);
    const invoice = await t.db
      .selectFrom('invoices')
      .select('id')
      .where('packageRequestId', '=', id)
      .executeTakeFirst();
    if (!invoice) out.push(`purchase ${id} acknowledged, no invoice`);
  }
  for (const id of acked.orders) {
    const row = await t.db.selectFrom('productRequests').select('id').where('id', '=', id).executeTakeFirst();
    if (!row) out.push(`product request ${id} acknowledged, not stored`);
  }
  return out;
}

describe(`crash durability: ${KILLS} SIGKILLs of the real server mid-write (seed ${SEED})`, () => {
  it(
    'keeps every acknowledged write, complete, and the invariants',
    async () => {
      const rand = random(SEED);
      const totals = { approvals: 0, rejects: 0, purchases: 0, orders: 0, redeems: 0, redeemApprovals: 0, calls: 0 };
      let url = await launch();
      for (let round = 0; round < KILLS; round++) {
        const queue = await pendingRequests(round, 60);
        const acked: Acked = {
          approvals: [],
          rejects: [],
          purchases: [],
          orders: [],
          redeems: [],
          redeemApprovals: [],
        };
        let stop = false;
        let seq = 0;
        const worker = async (k: number) => {
          while (!stop) {
            const i = seq++;
            totals.calls++;
            try {
              if (k % 5 === 0 && queue.length) {
                const reqId = queue.shift() as number;
                const res = await post(url, 'merchant/req/approve', { reqId }, w.merchantToken);
                if (res.status === 200) acked.approvals.push(reqId);
              } else if (k % 5 === 3 && queue.length) {
                const reqId = queue.shift() as number;
                const res = await post(url, 'merchant/req/reject', { reqId, reason: 'Closed' }, w.merchantToken);
                if (res.status === 200) acked.rejects.push(reqId);
              } else if (k % 5 === 4) {
                const made = await post(
                  url,
                  'user/redeem',
                  { merchantId: w.merchantId, branchId: w.branchId, amount: 1 },
                  w.customerToken,
                );
                if (made.status !== 200 || !made.body.data) continue;
                const reqId = made.body.data.id;
                acked.redeems.push(reqId);
                const res = await post(
                  url,
                  'merchant/req/redeem/approve',
                  { reqId, isApproved: 'true' },
                  w.merchantToken,
                );
                if (res.status === 200) acked.redeemApprovals.push(reqId);
              } else if (k % 5 === 1) {
                const res = await post(
                  url,
                  'merchant/req/package',
                  { packageId: w.packageId, cardId: w.cardId, idempotencyKey: `crash-${SEED}-${round}-${i}` },
                  w.merchantToken,
                );
                if (res.status === 200 && res.body.data) acked.purchases.push(res.body.data.id);
              } else {
                const res = await post(
                  url,
                  'user/product/request',
                  { productId: w.productId, branchId: w.branchId, type: 'pickup', payWith: 'price' },
                  w.customerToken,
                );
                if (res.status === 200 && res.body.data) acked.orders.push(res.body.data.id);
              }
            } catch {
              return; // the connection died with the server
            }
          }
        };
        const workers = Array.from({ length: 10 }, (_, k) => worker(k));
        // kill at a random moment once writes are flowing (a cold server answers its first calls slowly)
        const flowing = Date.now() + 30_000;
        const ackedCount = () => Object.values(acked).reduce((n, ids) => n + ids.length, 0);
        while (ackedCount() < 3 && Date.now() < flowing) await sleep(20);
        await sleep(Math.floor(rand() * 800));
        const killed = new Promise((r) => child?.once('exit', r));
        child?.kill('SIGKILL');
        await killed;
        stop = true;
        await Promise.all(workers);
        for (const k of Object.keys(acked) as (keyof Acked)[]) totals[k] += acked[k].length;

        url = await launch();
        const problems = [...(await checkAcked(acked)), ...(await invariantViolations(t.db))];
        expect(problems, `round ${round + 1}, seed ${SEED}`).toEqual([]);
        // the restarted server serves: one more write of each kind goes through
        const again = await post(
          url,
          'user/product/request',
          { productId: w.productId, branchId: w.branchId, type: 'pickup', payWith: 'price' },
          w.customerToken,
        );
        expect(again.status, JSON.stringify(again.body)).toBe(200);
      }
      child?.kill('SIGKILL');
      console.log(
        `crash durability: ${KILLS} kills, ${totals.calls} calls, acknowledged ${totals.approvals} approvals, ` +
          `${totals.rejects} rejects, ${totals.purchases} purchases, ${totals.orders} product requests, ` +
          `${totals.redeems} redeems with ${totals.redeemApprovals} approvals; all present (seed ${SEED})`,
      );
      expect(totals.approvals + totals.purchases + totals.orders + totals.redeemApprovals).toBeGreaterThan(0);
    },
    FULL ? 1_200_000 : 300_000,
  );
});
