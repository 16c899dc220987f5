/** The live feed (DECISIONS §9; docs/architecture.md "Live feed"): scope, replay, logout, shutdown, two servers on PostgreSQL. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { openDatabase } from '../src/db/dialect';
import { openFeed } from './feed-client';
import { customerFixture, requestOffer, shopFixture } from './fixtures-requests';
import { startTestServer, type TestServer } from './harness';
import { assign, buyer, ok, order, orderShop } from './orders-fixtures';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ feed: { heartbeatMs: 200 } });
});
afterAll(async () => t?.close());

const ready = (m: { event: string }) => m.event === 'ready';

describe('GET /api/merchant/events', () => {
  it('needs a staff, courier or merchant token (header, or a stream ticket in the query)', async () => {
    const none = await openFeed(t.url, null);
    expect(none.status).toBe(401);
    const c = await customerFixture(t);
    const customer = await openFeed(t.url, c.token);
    expect(customer.status).toBe(403);
    const bad = await openFeed(t.url, 'not-a-token');
    expect(bad.status).toBe(401);
    const shop = await shopFixture(t);
    const q = await openFeed(t.url, shop.merchant.token, { viaTicket: true });
    expect(q.status).toBe(200);
    await q.waitFor(ready);
    q.close();
  });

  it("tells the merchant and the branch's staff of a new request, not another branch's staff", async () => {
    const shop = await shopFixture(t);
    const c = await customerFixture(t, 500);
    const merchant = await openFeed(t.url, shop.merchant.token);
    const staff = await openFeed(t.url, shop.staff.token, { viaTicket: true });
    const other = await openFeed(t.url, shop.otherStaff.token);
    await Promise.all([merchant, staff, other].map((s) => s.waitFor(ready)));

    const r = await requestOffer(t, shop, c, 'points');
    const seen = await merchant.waitForEvent((e) => e.entityId === r.id);
    expect(seen).toMatchObject({
      kind: 'offerRequest',
      action: 'created',
      status: 'pending',
      branchId: shop.branch.id,
    });
    await staff.waitForEvent((e) => e.entityId === r.id && e.action === 'created');

    await ok(t.call('merchantUser/req/reject', { reqId: r.id, reason: 'Closed' }, { token: shop.staff.token }));
    await merchant.waitForEvent((e) => e.entityId === r.id && e.action === 'rejected');

    // the other branch's request reaches the other staff member only
    const there = await t.call(
      'user/redeem',
      { merchantId: shop.merchant.id, branchId: shop.otherBranch.id, amount: 5 },
      { token: c.token },
    );
    await other.waitForEvent((e) => e.kind === 'redeem' && e.entityId === there.body.data.id);
    expect(other.events().filter((e) => e.kind === 'offerRequest')).toEqual([]);
    expect(staff.events().some((e) => e.kind === 'redeem')).toBe(false);
    for (const s of [merchant, staff, other]) s.close();
  });

  it('tells a courier of their own assignments only; another merchant hears nothing', async () => {
    const s = await orderShop(t);
    const c = await buyer(t, 1000);
    const courier = await openFeed(t.url, s.courier.token);
    const otherCourier = await openFeed(t.url, s.otherCourier.token);
    const stranger = await shopFixture(t);
    const outsider = await openFeed(t.url, stranger.merchant.token);
    await Promise.all([courier, otherCourier, outsider].map((x) => x.waitFor(ready)));
    const id = await order(t, s, c, { type: 'delivery' });
    await ok(assign(t, s, [id]));
    const e = await courier.waitForEvent((x) => x.entityId === id);
    expect(e).toMatchObject({ kind: 'productRequest', action: 'assigned' });
    expect(courier.events().some((x) => x.action === 'created')).toBe(false);
    await new Promise((r) => setTimeout(r, 300));
    expect(otherCourier.events()).toEqual([]);
    expect(outsider.events()).toEqual([]);
    for (const x of [courier, otherCourier, outsider]) x.close();
  });

  it('replays what was missed from Last-Event-ID', async () => {
    const shop = await shopFixture(t);
    const c = await customerFixture(t, 500);
    const first = await openFeed(t.url, shop.merchant.token);
    const hello = await first.waitFor(ready);
    const lastId = Number(hello.id);
    first.close();
    const a = await requestOffer(t, shop, c);
    const b = await requestOffer(t, shop, c);
    const again = await openFeed(t.url, shop.merchant.token, { lastEventId: lastId });
    await again.waitFor(ready);
    const ids = again.events().map((e) => e.entityId);
    expect(ids).toEqual([a.id, b.id]);
    // and the ids keep increasing
    const eventIds = again.messages.filter((m) => m.event === 'message').map((m) => Number(m.id));
    expect(eventIds[0]).toBeGreaterThan(lastId);
    expect(eventIds[1]).toBeGreaterThan(eventIds[0]);
    again.close();
  });

  it('ends the stream soon after logout', async () => {
    const shop = await shopFixture(t);
    const s = await openFeed(t.url, shop.staff.token);
    await s.waitFor(ready);
    await ok(t.call('merchant/logout', {}, { token: shop.staff.token }));
    await Promise.race([
      s.ended,
      new Promise((_, reject) => setTimeout(() => reject(new Error('stream still open after logout')), 3_000)),
    ]);
  });
});

describe('shutdown', () => {
  it('closes open streams so that closing the server is not held up', async () => {
    const own = await startTestServer();
    try {
      const shop = await shopFixture(own);
      const s = await openFeed(own.url, shop.merchant.token);
      await s.waitFor(ready);
      const started = Date.now();
      await own.close();
      await s.ended;
      expect(Date.now() - started).toBeLessThan(5_000);
    } catch (err) {
      await own.close().catch(() => undefined);
      throw err;
    }
  });
});

describe.runIf(process.env.TEST_DB === 'postgres')('two servers on one PostgreSQL schema', () => {
  it('a stream on server B hears a request made through server A (LISTEN/NOTIFY)', async () => {
    const database = openDatabase({
      databaseUrl: process.env.TEST_DATABASE_URL,
      pgSchema: t.databaseEnv.DATABASE_SCHEMA,
      dataDir: t.databaseEnv.DATA_DIR,
    });
    // B never polls within the test: only a notification can wake it
    const { app } = await buildApp({ database, dataDir: t.databaseEnv.DATA_DIR, feed: { pollMs: 600_000 } });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const bUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    try {
      const shop = await shopFixture(t);
      const c = await customerFixture(t, 500);
      const onB = await openFeed(bUrl, shop.merchant.token);
      await onB.waitFor(ready);
      const r = await requestOffer(t, shop, c);
      const e = await onB.waitForEvent((x) => x.entityId === r.id, 5_000);
      expect(e).toMatchObject({ kind: 'offerRequest', action: 'created' });
      // and the other way round: a reject through B reaches a stream on A
      const onA = await openFeed(t.url, shop.merchant.token);
      await onA.waitFor(ready);
      const res = await fetch(`${bUrl}/api/merchant/req/reject`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${shop.merchant.token}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({ reqId: String(r.id), reason: 'Closed early' }).toString(),
      });
      expect(res.status).toBe(200);
      await onA.waitForEvent((x) => x.entityId === r.id && x.action === 'rejected', 5_000);
      onA.close();
      onB.close();
    } finally {
      await app.close();
      await database.close();
    }
  });
});
