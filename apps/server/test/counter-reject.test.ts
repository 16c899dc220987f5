/** Reject with a reason (DECISIONS §9; docs/domain.md "Rejected requests"): offer requests, redeems, product requests. */
import { describe, expect, it } from 'vitest';
import { availableOf, balanceOf, customerFixture, requestOffer, shopFixture } from './fixtures-requests';
import type { TestServer } from './harness';
import { assign, buyer, ok, order, orderShop, requestRow, stockOf, withRequestsServer } from './orders-fixtures';

let t: TestServer;
withRequestsServer((server) => {
  t = server;
});

const auditOf = (entity: string, entityId: number) =>
  t.db.selectFrom('auditLog').selectAll().where('entity', '=', entity).where('entityId', '=', entityId).execute();

describe('req/reject (offer requests)', () => {
  it('rejects a pending request with its reason: nothing moves, the customer sees it, it lists as rejected', async () => {
    const shop = await shopFixture(t);
    const c = await customerFixture(t, 500);
    const r = await requestOffer(t, shop, c, 'points');
    const before = await availableOf(t, shop.offer.id);
    const res = await t.call(
      'merchantUser/req/reject',
      { reqId: r.id, reason: 'Customer did not come' },
      { token: shop.staff.token, lang: 'ar' },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ id: r.id, status: 'rejected', rejectReason: 'Customer did not come' });
    expect(res.body.data.rejectedAt).toEqual(expect.any(String));
    expect(await availableOf(t, shop.offer.id)).toBe(before);
    expect(await balanceOf(t, 'user', c.id)).toBe(500);
    expect(await balanceOf(t, 'merchant', shop.merchant.id)).toBe(0);

    const rejected = await t.call('merchant/req/list', { status: 'rejected' }, { token: shop.merchant.token });
    expect(rejected.body.data.rows.map((x: { id: number }) => x.id)).toEqual([r.id]);
    const pending = await t.call('merchant/req/list', { status: 'pending' }, { token: shop.merchant.token });
    expect(pending.body.data.count).toBe(0);

    const mine = await t.call('user/req/list', {}, { token: c.token });
    expect(mine.status).toBe(200);
    expect(mine.body.data.rows[0]).toMatchObject({
      id: r.id,
      status: 'rejected',
      rejectReason: 'Customer did not come',
    });

    // again: answered as it is, the first reason kept, no second audit row
    const again = await t.call('merchant/req/reject', { reqId: r.id, reason: 'Other' }, { token: shop.merchant.token });
    expect(again.status).toBe(200);
    expect(again.body.data.rejectReason).toBe('Customer did not come');
    const rows = await auditOf('offerRequest', r.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'offerRequest.reject', actorType: 'merchantUser', actorId: shop.staff.id });

    // a rejected request cannot be approved
    const approve = await t.call('merchant/req/approve', { reqId: r.id }, { token: shop.merchant.token });
    expect(approve.status).toBe(409);
    expect(approve.body.message).toBe('This request was rejected');
    expect(await balanceOf(t, 'user', c.id)).toBe(500);
  });

  it('needs a reason of at most 300 characters; a done request answers 409; other branch and merchant 404', async () => {
    const shop = await shopFixture(t);
    const c = await customerFixture(t, 500);
    const r = await requestOffer(t, shop, c, 'points');
    const blank = await t.call('merchant/req/reject', { reqId: r.id, reason: '  ' }, { token: shop.merchant.token });
    expect(blank.status).toBe(422);
    expect(JSON.stringify(blank.body)).toContain('Give a reason for rejecting');
    const blankAr = await t.call('merchant/req/reject', { reqId: r.id }, { token: shop.merchant.token, lang: 'ar' });
    expect(JSON.stringify(blankAr.body)).toContain('اذكر سبب الرفض');
    const long = await t.call(
      'merchant/req/reject',
      { reqId: r.id, reason: 'x'.repeat(301) },
      { token: shop.merchant.token },
    );
    expect(long.status).toBe(422);
    const foreign = await t.call(
      'merchantUser/req/reject',
      { reqId: r.id, reason: 'No' },
      { token: shop.otherStaff.token },
    );
    expect(foreign.status).toBe(404);
    const other = await shopFixture(t);
    expect(
      (await t.call('merchant/req/reject', { reqId: r.id, reason: 'No' }, { token: other.merchant.token })).status,
    ).toBe(404);
    expect((await t.call('merchant/req/reject', { reqId: r.id, reason: 'No' }, { token: c.token })).status).toBe(403);

    await ok(t.call('merchant/req/approve', { reqId: r.id }, { token: shop.merchant.token }));
    const late = await t.call(
      'merchant/req/reject',
      { reqId: r.id, reason: 'Too late' },
      { token: shop.merchant.token },
    );
    expect(late.status).toBe(409);
    expect(
      await t.db
        .selectFrom('offerRequests')
        .select(['status', 'rejectReason'])
        .where('id', '=', r.id)
        .executeTakeFirstOrThrow(),
    ).toEqual({ status: 'done', rejectReason: null });
  });

  it('many rejects and approvals at once: exactly one wins', async () => {
    const shop = await shopFixture(t);
    const c = await customerFixture(t, 500);
    const r = await requestOffer(t, shop, c, 'points');
    const calls = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2
          ? t.call('merchant/req/reject', { reqId: r.id, reason: 'Busy' }, { token: shop.merchant.token })
          : t.call('merchant/req/approve', { reqId: r.id }, { token: shop.merchant.token }),
      ),
    );
    const row = await t.db.selectFrom('offerRequests').selectAll().where('id', '=', r.id).executeTakeFirstOrThrow();
    const audits = await auditOf('offerRequest', r.id);
    expect(audits).toHaveLength(1);
    if (row.status === 'done') {
      expect(await balanceOf(t, 'user', c.id)).toBe(500 - shop.offer.points);
      expect(calls.filter((x) => x.status === 200).every((x) => x.body.data.status === 'done')).toBe(true);
    } else {
      expect(row.status).toBe('rejected');
      expect(await balanceOf(t, 'user', c.id)).toBe(500);
    }
  });
});

describe('req/redeem/reject', () => {
  it('rejects a pending redeem: no points move; approved ones answer 409; status filter and customer list', async () => {
    const shop = await shopFixture(t);
    const c = await customerFixture(t, 100);
    const made = await t.call(
      'user/redeem',
      { merchantId: shop.merchant.id, branchId: shop.branch.id, amount: 30 },
      { token: c.token },
    );
    const id = made.body.data.id;
    expect(made.body.data.status).toBe('pending');
    const res = await t.call(
      'merchantUser/req/redeem/reject',
      { reqId: id, reason: 'Wrong amount' },
      { token: shop.staff.token },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'rejected', isApproved: false, rejectReason: 'Wrong amount' });
    expect(await balanceOf(t, 'user', c.id)).toBe(100);
    const approve = await t.call(
      'merchant/req/redeem/approve',
      { reqId: id, isApproved: true },
      { token: shop.merchant.token },
    );
    expect(approve.status).toBe(409);
    expect(await balanceOf(t, 'user', c.id)).toBe(100);
    const list = await t.call('merchant/req/redeem/list', { status: 'rejected' }, { token: shop.merchant.token });
    expect(list.body.data.rows.map((x: { id: number }) => x.id)).toEqual([id]);
    expect(
      (await t.call('merchant/req/redeem/list', { status: 'pending' }, { token: shop.merchant.token })).body.data.count,
    ).toBe(0);
    const mine = await t.call('user/req/redeem/list', {}, { token: c.token });
    expect(mine.body.data.rows[0]).toMatchObject({ id, status: 'rejected', rejectReason: 'Wrong amount' });

    const second = (
      await t.call(
        'user/redeem',
        { merchantId: shop.merchant.id, branchId: shop.branch.id, amount: 10 },
        { token: c.token },
      )
    ).body.data.id;
    await ok(
      t.call('merchant/req/redeem/approve', { reqId: second, isApproved: true }, { token: shop.merchant.token }),
    );
    const late = await t.call(
      'merchant/req/redeem/reject',
      { reqId: second, reason: 'No' },
      { token: shop.merchant.token },
    );
    expect(late.status).toBe(409);
    expect(await balanceOf(t, 'user', c.id)).toBe(90);
    const audits = await t.db
      .selectFrom('auditLog')
      .select('action')
      .where('entity', '=', 'redeem')
      .where('entityId', 'in', [id, second])
      .orderBy('id')
      .execute();
    expect(audits.map((a) => a.action)).toEqual(['redeem.reject', 'redeem.approve']);
  });
});

describe('product/req/reject', () => {
  it('rejects a pending pickup: stock comes back, no points, no settlement; repeat answers it as it is', async () => {
    const s = await orderShop(t);
    const c = await buyer(t, 1000);
    const stock = await stockOf(t, s.product.id);
    const id = await order(t, s, c, { type: 'pickup', payWith: 'points' });
    expect(await stockOf(t, s.product.id)).toBe(stock - 1);
    const res = await t.call(
      'merchantUser/product/req/reject',
      { reqId: id, reason: 'Out of stock' },
      { token: s.staff.token },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'rejected', rejectReason: 'Out of stock' });
    expect(await stockOf(t, s.product.id)).toBe(stock);
    expect(await balanceOf(t, 'user', c.id)).toBe(1000);
    expect(await t.db.selectFrom('settlements').selectAll().where('productRequestId', '=', id).execute()).toHaveLength(
      0,
    );
    const again = await t.call('merchant/product/req/reject', { reqId: id, reason: 'x' }, { token: s.merchant.token });
    expect(again.status).toBe(200);
    expect(await stockOf(t, s.product.id)).toBe(stock);
    const mine = await t.call('user/product/req/list', { status: 'rejected' }, { token: c.token });
    expect(mine.body.data.rows[0]).toMatchObject({ id, status: 'rejected', rejectReason: 'Out of stock' });
    const tab = await t.call('merchant/product/req/list', { status: 'rejected' }, { token: s.merchant.token });
    expect(tab.body.data.productRequests.rows.map((x: { id: number }) => x.id)).toEqual([id]);
    // a rejected order cannot be picked
    expect(
      (await t.call('merchant/product/req/changeStatus', { id, status: 'done' }, { token: s.merchant.token })).status,
    ).toBe(409);
  });

  it('refuses a delivery on its way, a done order, other branches and couriers', async () => {
    const s = await orderShop(t);
    const c = await buyer(t, 1000);
    const id = await order(t, s, c, { type: 'delivery', payWith: 'points' });
    await ok(assign(t, s, [id]));
    expect(
      (await t.call('merchantUser/product/req/reject', { reqId: id, reason: 'No' }, { token: s.courier.token })).status,
    ).toBe(403);
    expect(
      (await t.call('merchantUser/product/req/reject', { reqId: id, reason: 'No' }, { token: s.otherStaff.token }))
        .status,
    ).toBe(404);
    await ok(
      t.call('merchantUser/product/req/changeStatus', { id, deliveryStatus: 'inProgress' }, { token: s.courier.token }),
    );
    const res = await t.call('merchant/product/req/reject', { reqId: id, reason: 'No' }, { token: s.merchant.token });
    expect(res.status).toBe(409);
    expect((await requestRow(t, id)).status).toBe('pending');
  });
});
