/**
 * How many statements the measured requests run (bench/README.md, "Fewer statements a request"): on
 * PostgreSQL each is a round trip, and the lists' p99 at 32 connections follows them. The server's
 * own trace (SQL_TRACE_FILE) counts them, the caller's check included.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addBranch } from './catalogue-fixtures';
import { customerFixture, offerFixture, requestOffer, type Shop, shopFixture } from './fixtures-requests';
import { type Fields, startTestServer, type TestServer } from './harness';

let t: TestServer;
let shop: Shop;
const traceFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'loyalty-statements-')), 'sql.jsonl');
beforeAll(async () => {
  t = await startTestServer({ traceFile });
  shop = await shopFixture(t);
  await offerFixture(t, shop.merchant.id, [shop.branch.id, shop.otherBranch.id]);
  await addBranch(t, shop.merchant, 'Third');
  for (let i = 0; i < 3; i++) await requestOffer(t, shop, await customerFixture(t, 500));
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(path.dirname(traceFile), { recursive: true, force: true });
});

/** The statements one call runs, after two calls that warm it up. */
async function statementsOf(call: string, body: Fields, token: string) {
  for (let i = 0; i < 2; i++) expect((await t.call(call, body, { token })).status).toBe(200);
  fs.writeFileSync(traceFile, '');
  const res = await t.call(call, body, { token });
  expect(res.status).toBe(200);
  const statements = fs
    .readFileSync(traceFile, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => (JSON.parse(l) as { sql: string }).sql);
  return { statements, data: res.body.data };
}

describe('statements a request runs', () => {
  it('reads the account and its dashboard in two, the caller included', async () => {
    const { statements, data } = await statementsOf('merchant/me', {}, shop.merchant.token);
    expect(data.counts).toMatchObject({ activeOffers: 2, pendingRequests: 3, branches: 3, employees: 2 });
    expect(statements).toHaveLength(2);
  });

  it('reads a page of offers with its count in two, and its branches, tags and images in one more', async () => {
    const few = await statementsOf('merchant/offer/list', { pageNum: 1, limit: 10 }, shop.merchant.token);
    expect(few.data.count).toBe(2);
    expect(few.data.rows[0].branchs).toHaveLength(2);
    expect(few.statements).toHaveLength(3);
    const staff = await statementsOf('merchantUser/offer/list', { pageNum: 1, limit: 10 }, shop.staff.token);
    expect(staff.data.count).toBe(2);
    expect(staff.statements).toHaveLength(3);
    const many = await statementsOf('merchant/offer/list', { pageNum: 1, limit: 1000 }, shop.merchant.token);
    expect(many.data.rows).toEqual(few.data.rows);
    expect(many.statements).toHaveLength(3);
  });

  it('reads a page of pending requests with its count and images in two', async () => {
    const { statements, data } = await statementsOf(
      'merchant/req/list',
      { pageNum: 1, limit: 10, status: 'pending' },
      shop.merchant.token,
    );
    expect(data.count).toBe(3);
    expect(statements).toHaveLength(2);
  });

  it('reads a page of branches with its count in two', async () => {
    const { statements, data } = await statementsOf(
      'merchant/branch/list',
      { pageNum: 1, limit: 10 },
      shop.merchant.token,
    );
    expect(data.count).toBe(3);
    expect(statements).toHaveLength(2);
  });

  it("approves a request paid with points in one statement after the caller's on PostgreSQL, and answers a retry from it", async () => {
    const traced = async (reqId: number, token: string) => {
      fs.writeFileSync(traceFile, '');
      const res = await t.call(
        token === shop.merchant.token ? 'merchant/req/approve' : 'merchantUser/req/approve',
        { reqId },
        { token },
      );
      // not the request's own: what a change sets off once written (the coalesced NOTIFY, the live
      // feed's read of new events, the customer's push), which may run while an answer is sent
      const statements = fs
        .readFileSync(traceFile, 'utf8')
        .split('\n')
        .filter((l) => l && !/pg_notify|from \\"(counter_events|push_subscriptions)\\"/.test(l));
      return { res, statements };
    };
    // warm up the statements, then one approval, then its retry: the request read by the approval's own statement
    await traced((await requestOffer(t, shop, await customerFixture(t, 500))).id, shop.merchant.token);
    const r = await requestOffer(t, shop, await customerFixture(t, 500));
    const first = await traced(r.id, shop.merchant.token);
    expect(first.res.status).toBe(200);
    expect(first.res.body.data).toMatchObject({ id: r.id, status: 'done', user: { id: expect.any(Number) } });
    const again = await traced(r.id, shop.merchant.token);
    expect(again.res.status).toBe(200);
    expect(again.res.body.data).toMatchObject({ id: r.id, status: 'done' });
    if (t.kind === 'postgres') {
      expect(first.statements).toHaveLength(2);
      expect(again.statements).toHaveLength(2);
    }
    // a staff member's approval: the permission set read by the session's query, not by one of its own
    await traced((await requestOffer(t, shop, await customerFixture(t, 500))).id, shop.staff.token);
    const byStaff = await requestOffer(t, shop, await customerFixture(t, 500));
    const staffFirst = await traced(byStaff.id, shop.staff.token);
    expect(staffFirst.res.status).toBe(200);
    expect(staffFirst.res.body.data).toMatchObject({ id: byStaff.id, status: 'done' });
    expect(staffFirst.statements.filter((l) => /permission_sets/.test(l))).toHaveLength(1);
    if (t.kind === 'postgres') expect(staffFirst.statements).toHaveLength(2);
    // another branch's staff: not found, and nothing written
    const other = await requestOffer(t, shop, await customerFixture(t, 500));
    const refused = await traced(other.id, shop.otherStaff.token);
    expect(refused.res.status).toBe(404);
    const row = await t.db
      .selectFrom('offerRequests')
      .select('status')
      .where('id', '=', other.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('pending');
  });
});
