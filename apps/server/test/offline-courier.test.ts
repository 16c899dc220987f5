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
    body: new URLSearchParams({ id: String(id), deliveryStatus }).toString(),
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

    const done = await t.call(
      'merchantUser/product/req/changeStatus',
      { id, deliveryStatus: 'done', idempotencyKey: 'k-done-1' },
      { token: s.courier.token },
    );
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ id, deliveryStatus: 'done' });
    for (let i = 0; i < 3; i++) {
      const replay = await t.call(
        'merchantUser/product/req/changeStatus',
        { id, deliveryStatus: 'done', idempotencyKey: 'k-done-1' },
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
      { id, deliveryStatus: 'done' },
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
});
