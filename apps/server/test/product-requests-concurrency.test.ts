/**
 * Product requests under concurrency: 50 completions, refund confirmations, cancels or orders at
 * once move points, stock and settlements exactly once (docs/domain.md, "Product requests, deliveries and refunds").
 */
import { describe, expect, it } from 'vitest';
import type { Res, TestServer } from './harness';
import {
  assign,
  balanceOf,
  buyer,
  expectLedgerInvariant,
  ledgerRows,
  moveDelivery,
  ok,
  order,
  orderShop,
  pickedOrder,
  placeOrder,
  requestRow,
  settlementLines,
  settlementsOf,
  stockOf,
  withRequestsServer,
} from './orders-fixtures';

let t: TestServer;
withRequestsServer((server) => {
  t = server;
});

const N = 50;
const statuses = (results: Res[]) => results.map((r) => r.status).sort();
const oneWinner = (results: Res[]) => expect(statuses(results)).toEqual([...Array(N - 1).fill(409), 200].sort());

describe('50 at once on one request', () => {
  it('completions of a pickup (Picked): one wins, points and settlement once', async () => {
    const s = await orderShop(t, { points: 40, priceCents: 1250, stockAmount: 3 });
    const c = await buyer(t, 100);
    const id = await order(t, s, c);
    const results = await Promise.all(
      Array.from({ length: N }, () =>
        t.call('merchant/product/req/changeStatus', { id, status: 'done' }, { token: s.merchant.token }),
      ),
    );
    oneWinner(results);
    expect(await ledgerRows(t, `product_request:${id}`)).toHaveLength(2);
    expect(await balanceOf(t, 'user', c.id)).toBe(60);
    expect(await balanceOf(t, 'merchant', s.merchant.id)).toBe(40);
    expect(await settlementsOf(t, id)).toHaveLength(1);
    expect(await settlementLines(t, id)).toHaveLength(1);
    expect(await stockOf(t, s.product.id)).toBe(2);
    await expectLedgerInvariant(t);
  });

  it('completions of a delivery by its courier: one wins, points and settlement once', async () => {
    const s = await orderShop(t, { points: 40 });
    const c = await buyer(t, 100);
    const id = await order(t, s, c, { type: 'delivery' });
    await ok(assign(t, s, [id]));
    await ok(moveDelivery(t, s.courier.token, id, 'inProgress'));
    oneWinner(await Promise.all(Array.from({ length: N }, () => moveDelivery(t, s.courier.token, id, 'done'))));
    expect(await ledgerRows(t, `product_request:${id}`)).toHaveLength(2);
    expect(await balanceOf(t, 'user', c.id)).toBe(60);
    expect(await settlementsOf(t, id)).toHaveLength(1);
    await expectLedgerInvariant(t);
  });

  it('refund confirmations: one wins, points and stock back once, one refund line', async () => {
    const s = await orderShop(t, { points: 40, stockAmount: 3 });
    const c = await buyer(t, 100);
    const id = await pickedOrder(t, s, c);
    await ok(t.call('user/product/req/refund', { id, comment: 'Wrong size' }, { token: c.token }));
    const results = await Promise.all(
      Array.from({ length: N }, (_, i) =>
        t.call('user/req/confirm/refund', { reqId: id, comment: `confirm ${i}` }, { token: s.merchant.token }),
      ),
    );
    oneWinner(results);
    expect(await ledgerRows(t, `product_refund:${id}`)).toHaveLength(2);
    expect(await balanceOf(t, 'user', c.id)).toBe(100);
    expect(await balanceOf(t, 'merchant', s.merchant.id)).toBe(0);
    expect(await stockOf(t, s.product.id)).toBe(3);
    expect((await settlementLines(t, id)).map((l) => l.kind)).toEqual(['sale', 'refund']);
    const winner = results.find((r) => r.status === 200);
    expect((await requestRow(t, id)).refundComment).toBe(winner?.body.data.refundComment);
    await expectLedgerInvariant(t);
  });

  it('cancels: one wins, the item back in stock once', async () => {
    const s = await orderShop(t, { stockAmount: 3 });
    const c = await buyer(t, 100);
    const id = await order(t, s, c);
    oneWinner(
      await Promise.all(Array.from({ length: N }, () => t.call('user/product/req/cancel', { id }, { token: c.token }))),
    );
    expect(await stockOf(t, s.product.id)).toBe(3);
    await expectLedgerInvariant(t);
  });

  it('cancels racing completions: exactly one of them happens, with its own effects only', async () => {
    for (let round = 0; round < 3; round++) {
      const s = await orderShop(t, { points: 40, stockAmount: 3 });
      const c = await buyer(t, 100);
      const id = await order(t, s, c);
      const results = await Promise.all(
        Array.from({ length: N }, (_, i) =>
          i % 2
            ? t.call('user/product/req/cancel', { id }, { token: c.token })
            : t.call('merchant/product/req/changeStatus', { id, status: 'done' }, { token: s.merchant.token }),
        ),
      );
      oneWinner(results);
      const row = await requestRow(t, id);
      if (row.status === 'canceled') {
        expect(await stockOf(t, s.product.id)).toBe(3);
        expect(await settlementsOf(t, id)).toEqual([]);
        expect(await balanceOf(t, 'user', c.id)).toBe(100);
      } else {
        expect(row.status).toBe('done');
        expect(await stockOf(t, s.product.id)).toBe(2);
        expect(await settlementsOf(t, id)).toHaveLength(1);
        expect(await balanceOf(t, 'user', c.id)).toBe(60);
      }
      await expectLedgerInvariant(t);
    }
  });

  it('orders of a product with 10 left: exactly 10 are taken, stock never below zero', async () => {
    const s = await orderShop(t, { stockAmount: 10 });
    const customers = await Promise.all(Array.from({ length: 5 }, () => buyer(t, 0)));
    const results = await Promise.all(
      Array.from({ length: N }, (_, i) => placeOrder(t, s, customers[i % 5], { payWith: 'price' })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(10);
    for (const r of results.filter((x) => x.status !== 200)) {
      expect(r.status).toBe(409);
      expect(r.body.message).toBe('This product is out of stock');
    }
    expect(await stockOf(t, s.product.id)).toBe(0);
    const made = await t.db.selectFrom('productRequests').select('id').where('productId', '=', s.product.id).execute();
    expect(made).toHaveLength(10);
  });
});
