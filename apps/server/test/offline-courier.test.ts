/**
 * The offline courier's replays (docs/domain.md, "Offline courier"): a status change sent with an
 * idempotency key (header or field) runs once; the same key again answers the first answer and
 * moves nothing twice (one ledger row, one settlement); a key reused for another call is refused.
 */
import { describe, expect, it } from 'vitest';
import type { TestServer } from './harness';
import {
  assign,
  balanceOf,
  buyer,
  ledgerRows,
  ok,
  order,
  orderShop,
  pinOf,
  requestRow,
  settlementsOf,
  withRequestsServer,
} from './orders-fixtures';

let t: TestServer;
withRequestsServer((server) => {
  t = server;
});

const changeWithHeader = (token: string, id: number, deliveryStatus: string, key: string) =>
  fetch(`${t.url}/api/merchantUser/product/req/changeStatus`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'idempotency-key': key,
      'content-type': 'application/x-www-form-urlencoded',
    },
    // these tests are about the keys: a done carries a well-formed code (the code's own tests: busy-and-pin.test.ts)
    body: new URLSearchParams({
      id: String(id),
      deliveryStatus,
      ...(deliveryStatus === 'done' && { pin: '0000' }),
    }).toString(),
  }).then(async (r) => ({ status: r.status, body: await r.json() }));

describe('merchantUser/product/req/changeStatus with an idempotency key', () => {
  it('answers a replay with the first answer and moves nothing twice', async () => {
    const s = await orderShop(t, { priceCents: 1250, points: 40 });
    const c = await buyer(t, 500);
    const id = await order(t, s, c, { type: 'delivery', payWith: 'points' });
    await ok(assign(t, s, [id]));
    const merchantBefore = await balanceOf(t, 'merchant', s.merchant.id);

    const started = await changeWithHeader(s.courier.token, id, 'inProgress', 'k-start-1');
    expect(started.status).toBe(200);
    const again = await changeWithHeader(s.courier.token, id, 'inProgress', 'k-start-1');
    expect(again).toEqual(started);

    const pin = await pinOf(t, id);
    const done = await t.call(
      'merchantUser/product/req/changeStatus',
      { id, deliveryStatus: 'done', pin, idempotencyKey: 'k-done-1' },
      { token: s.courier.token },
    );
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ id, deliveryStatus: 'done' });
    for (let i = 0; i < 3; i++) {
      const replay = await t.call(
        'merchantUser/product/req/changeStatus',
        { id, deliveryStatus: 'done', pin, idempotencyKey: 'k-done-1' },
        { token: s.courier.token },
      );
      expect(replay.status).toBe(200);
      expect(replay.body).toEqual(done.body);
    }
    expect(await balanceOf(t, 'merchant', s.merchant.id)).toBe(merchantBefore + 40);
    expect(await ledgerRows(t, `product_request:${id}`)).toHaveLength(2);
    expect(await settlementsOf(t, id)).toHaveLength(1);
    expect((await requestRow(t, id)).status).toBe('done');
    const stored = await t.db.selectFrom('idempotencyKeys').selectAll().where('key', '=', 'k-done-1').execute();
    expect(stored).toHaveLength(1);

    // without a key the state machine refuses the repeat
    const bare = await t.call(
      'merchantUser/product/req/changeStatus',
      { id, deliveryStatus: 'done', pin },
      { token: s.courier.token },
    );
    expect(bare.status).toBe(409);
  });

  it("keeps keys per courier and refuses another courier's delivery even with a known key", async () => {
    const s = await orderShop(t);
    const c = await buyer(t, 500);
    const id = await order(t, s, c, { type: 'delivery', payWith: 'price' });
    await ok(assign(t, s, [id]));
    expect((await changeWithHeader(s.courier.token, id, 'inProgress', 'shared-key')).status).toBe(200);
    const other = await changeWithHeader(s.otherCourier.token, id, 'done', 'shared-key');
    expect(other.status).toBe(404);
    expect((await requestRow(t, id)).deliveryStatus).toBe('inProgress');
  });

  describe('a key reused for another call answers 409 and changes nothing (issue 23, point 6)', () => {
    const reused = { status: 409, body: { message: 'This idempotency key was already used for another call' } };
    const change = (token: string, id: number, deliveryStatus: string, idempotencyKey: string) =>
      t
        .call(
          'merchantUser/product/req/changeStatus',
          { id, deliveryStatus, idempotencyKey, ...(deliveryStatus === 'done' && { pin: '0000' }) },
          { token },
        )
        .then((r) => ({ status: r.status, body: r.body }));
    async function twoDeliveries() {
      const s = await orderShop(t);
      const c = await buyer(t, 500);
      const a = await order(t, s, c, { type: 'delivery', payWith: 'price' });
      const b = await order(t, s, c, { type: 'delivery', payWith: 'price' });
      await ok(assign(t, s, [a, b]));
      return { token: s.courier.token, a, b };
    }

    it('another request', async () => {
      const { token, a, b } = await twoDeliveries();
      expect((await change(token, a, 'inProgress', 'k-other-request')).status).toBe(200);
      expect(await change(token, b, 'inProgress', 'k-other-request')).toEqual(reused);
      expect((await requestRow(t, b)).deliveryStatus).toBe('pending');
      // the first call's replay still answers its answer
      expect((await change(token, a, 'inProgress', 'k-other-request')).status).toBe(200);
    });

    it('another status', async () => {
      const { token, a } = await twoDeliveries();
      expect((await change(token, a, 'inProgress', 'k-other-status')).status).toBe(200);
      expect(await change(token, a, 'done', 'k-other-status')).toEqual(reused);
      expect((await requestRow(t, a)).deliveryStatus).toBe('inProgress');
      expect(await settlementsOf(t, a)).toHaveLength(0);
    });

    it('the header form', async () => {
      const { token, a, b } = await twoDeliveries();
      expect((await change(token, a, 'inProgress', 'k-header')).status).toBe(200);
      // the same call with the key in the header is a replay; another call with it is refused
      expect((await changeWithHeader(token, a, 'inProgress', 'k-header')).status).toBe(200);
      expect(await changeWithHeader(token, b, 'inProgress', 'k-header')).toEqual(reused);
      expect((await requestRow(t, b)).deliveryStatus).toBe('pending');
      expect((await changeWithHeader(token, b, 'inProgress', 'k-header-2')).status).toBe(200);
      expect(await change(token, a, 'done', 'k-header-2')).toEqual(reused);
      expect((await requestRow(t, a)).deliveryStatus).toBe('inProgress');
    });

    it('two requests with one key at once: one moves, the other answers 409 every time', async () => {
      const { token, a, b } = await twoDeliveries();
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) => change(token, i % 2 ? b : a, 'inProgress', 'k-at-once')),
      );
      const moved = [(await requestRow(t, a)).deliveryStatus, (await requestRow(t, b)).deliveryStatus];
      expect(moved.filter((d) => d === 'inProgress')).toHaveLength(1);
      const loser = moved[0] === 'inProgress' ? 1 : 0;
      results.forEach((r, i) => {
        if (i % 2 === loser) expect(r).toEqual(reused);
        else expect([200, 409]).toContain(r.status);
      });
    });
  });
});
