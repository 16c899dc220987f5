/**
 * The merchant's read side of settlements and the branch reports. Product requests and settlements
 * are written straight into the database (the product-orders flow that creates them is tested on
 * its own); the chart's figures are compared with a fixture computed by hand.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductRequestStatus } from '../src/db/schema';
import { move } from '../src/platform/ledger/ledger.service';
import { branchFixture, customerFixture, liveMerchant, offerFixture, productFixture } from './fixtures-requests';
import { type MerchantFixture, merchantFixture, startTestServer, type TestServer } from './harness';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => t?.close());

interface PR {
  branchId: number;
  productId: number;
  userId: number;
  status?: ProductRequestStatus;
  payWith?: 'points' | 'price';
  priceCents?: number;
  points?: number;
  createdAt?: string;
}

async function productRequest(merchantId: number, o: PR) {
  const at = o.createdAt ?? new Date().toISOString();
  return t.db
    .insertInto('productRequests')
    .values({
      merchantId,
      productId: o.productId,
      branchId: o.branchId,
      userId: o.userId,
      addressId: null,
      type: 'pickup',
      payWith: o.payWith ?? 'price',
      priceCents: o.priceCents ?? 900,
      points: o.points ?? 30,
      status: o.status ?? 'done',
      isCanceled: o.status === 'canceled' ? 1 : 0,
      isRefund: o.status?.startsWith('refund') ? 1 : 0,
      refundReason: null,
      refundComment: null,
      deliveryStatus: null,
      employeeId: null,
      assignedAt: null,
      doneAt: null,
      doneByType: null,
      doneById: null,
      canceledAt: null,
      refundRequestedAt: null,
      refundedAt: null,
      refundedByType: null,
      refundedById: null,
      createdAt: at,
      updatedAt: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

async function offerRequest(
  merchantId: number,
  o: {
    offerId: number;
    branchId: number;
    userId: number;
    status: 'pending' | 'done';
    payWith: 'points' | 'price';
    points: number;
    createdAt: string;
  },
) {
  await t.db
    .insertInto('offerRequests')
    .values({
      merchantId,
      offerId: o.offerId,
      branchId: o.branchId,
      userId: o.userId,
      payWith: o.payWith,
      priceCents: 1250,
      points: o.points,
      status: o.status,
      isAproved: o.status === 'done' ? 1 : 0,
      isActive: o.status === 'done' ? 0 : 1,
      code: Math.random().toString(36).slice(2, 10),
      approvedByType: null,
      approvedById: null,
      approvedAt: null,
      createdAt: o.createdAt,
      updatedAt: o.createdAt,
    })
    .execute();
}

async function settlement(
  merchantId: number,
  productRequestId: number,
  userId: number,
  status: 'initial' | 'pending' | 'paid',
  amountCents: number,
  createdAt: string,
) {
  const s = await t.db
    .insertInto('settlements')
    .values({ merchantId, productRequestId, userId, amountCents, status, createdAt, updatedAt: createdAt })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db
    .insertInto('settlementDetails')
    .values({ settlementId: s.id, userId, kind: 'sale', amountCents, createdAt })
    .execute();
  return s.id;
}

describe('settlements', () => {
  let m: MerchantFixture;
  let ids: Record<string, number>;
  let customer: { id: number; name: string; mobile: string };
  beforeAll(async () => {
    m = await liveMerchant(t);
    const branch = await branchFixture(t, m.id);
    const product = await productFixture(t, m.id);
    customer = await customerFixture(t, 0, 'Salma Settles');
    const pr = () => productRequest(m.id, { branchId: branch.id, productId: product.id, userId: customer.id });
    ids = {
      initialOld: await settlement(m.id, (await pr()).id, customer.id, 'initial', 900, '2026-01-01T10:00:00.000Z'),
      initialNew: await settlement(m.id, (await pr()).id, customer.id, 'initial', 1850, '2026-01-02T10:00:00.000Z'),
      pending: await settlement(m.id, (await pr()).id, customer.id, 'pending', 900, '2026-01-03T10:00:00.000Z'),
      paid: await settlement(m.id, (await pr()).id, customer.id, 'paid', 900, '2026-01-04T10:00:00.000Z'),
    };
  });

  it('lists initial and pending settlements as plain arrays, newest first, with the user', async () => {
    const initial = await t.call('merchant/settlement/initial/list', { limit: 1000 }, { token: m.token });
    expect(initial.status).toBe(200);
    expect(initial.body.data).toEqual([
      {
        id: ids.initialNew,
        amount: 18.5,
        status: 'initial',
        createdAt: '2026-01-02T10:00:00.000Z',
        user: { name: 'Salma Settles', mobile: customer.mobile },
      },
      expect.objectContaining({ id: ids.initialOld, amount: 9 }),
    ]);
    const pending = await t.call('merchant/settlement/pending/list', {}, { token: m.token });
    expect(pending.body.data.map((s: { id: number }) => s.id)).toEqual([ids.pending]);
    const one = await t.call('merchant/settlement/initial/list', { limit: 1 }, { token: m.token });
    expect(one.body.data).toHaveLength(1);
  });

  it('details: the product request with its product, every settlement user, the amount owed the sum of the lines', async () => {
    await t.db
      .insertInto('settlementDetails')
      .values({
        settlementId: ids.pending,
        userId: customer.id,
        kind: 'refund',
        amountCents: -900,
        createdAt: '2026-01-05T10:00:00.000Z',
      })
      .execute();
    const res = await t.call('merchant/settlement/details', { id: ids.pending }, { token: m.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: ids.pending,
      // the amount owed is the sum of its lines: the sale (+9) and the refund (-9) (issue 23, point 13)
      amount: 0,
      status: 'pending',
      productRequest: {
        Product: {
          name: 'Date cake',
          nameAr: 'كعكة التمر',
          description: 'A moist date cake baked fresh every morning in our kitchen.',
          points: 30,
          price: 9,
        },
      },
      settlementDetails: [
        { kind: 'sale', amount: 9, user: { name: 'Salma Settles', mobile: customer.mobile } },
        { kind: 'refund', amount: -9, user: { name: 'Salma Settles', mobile: customer.mobile } },
      ],
    });
    const lines = res.body.data.settlementDetails as { amount: number }[];
    expect(res.body.data.amount).toBe(lines.reduce((sum, l) => sum + l.amount, 0));
    // the list and the export say the same
    const listed = await t.call('merchant/settlement/pending/list', {}, { token: m.token });
    expect(listed.body.data.find((x: { id: number }) => x.id === ids.pending)).toMatchObject({ amount: 0 });
    const csv = await fetch(`${t.url}/api/merchant/export/settlements.csv?status=pending`, {
      headers: { authorization: `Bearer ${m.token}` },
    }).then((r) => r.text());
    expect(csv.split('\r\n').find((row) => row.startsWith(`${ids.pending},`))).toMatch(/,0,/);
  });

  it('another merchant sees none of them: empty lists, 404 for an id', async () => {
    const other = await merchantFixture(t);
    expect((await t.call('merchant/settlement/initial/list', {}, { token: other.token })).body.data).toEqual([]);
    expect((await t.call('merchant/settlement/pending/list', {}, { token: other.token })).body.data).toEqual([]);
    const res = await t.call('merchant/settlement/details', { id: ids.initialNew }, { token: other.token });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Settlement not found');
  });
});

/** Issue 26's accepting figures of a branch whose orders nobody accepted, the sweep never canceled, and never paused. */
const noAcceptFigures = { medianAcceptSeconds: null, acceptedInTimePercent: null, autoCanceled: 0, pausedMinutes: 0 };

describe('the branch chart', () => {
  /**
   * Hand-computed fixture. Branch North: offer requests 3 in range (done/points 40, done/points 25,
   * pending/points 60) → count 3, points 65; product requests: done/price $9.00, done/price $12.50,
   * refund.pending/price $4.00, canceled/price $7.00, done/points ($3.00) → count 4 (not the
   * canceled), revenue 9 + 12.5 + 4 = $25.50. Branch South: offer request done/price (points 80 not
   * counted as points moved) → count 1, points 0; product request refund.done/price $6.00 → count
   * 1, revenue 0. Branch East: nothing → zeros. Outside the range (a day before, a day after):
   * one of each at North, which the range must leave out.
   */
  let m: MerchantFixture;
  let north: number;
  let south: number;
  let east: number;
  beforeAll(async () => {
    m = await liveMerchant(t);
    north = (await branchFixture(t, m.id, { name: 'North' })).id;
    south = (await branchFixture(t, m.id, { name: 'South' })).id;
    east = (await branchFixture(t, m.id, { name: 'East' })).id;
    const product = (await productFixture(t, m.id)).id;
    const offer = (await offerFixture(t, m.id, [north, south])).id;
    const c = (await customerFixture(t)).id;
    // in range: 2026-02-01 .. 2026-02-28 in Qatar time (UTC+3)
    const inRange = '2026-02-10T10:00:00.000Z';
    const or = (
      branchId: number,
      status: 'pending' | 'done',
      payWith: 'points' | 'price',
      points: number,
      at = inRange,
    ) => offerRequest(m.id, { offerId: offer, branchId, userId: c, status, payWith, points, createdAt: at });
    const pr = (
      branchId: number,
      status: ProductRequestStatus,
      payWith: 'points' | 'price',
      priceCents: number,
      at = inRange,
    ) => productRequest(m.id, { branchId, productId: product, userId: c, status, payWith, priceCents, createdAt: at });
    await or(north, 'done', 'points', 40);
    await or(north, 'done', 'points', 25, '2026-01-31T21:00:00.000Z'); // 1 Feb 00:00 in Qatar: inside
    await or(north, 'pending', 'points', 60, '2026-02-28T20:59:59.999Z'); // 28 Feb 23:59 in Qatar: inside
    await or(south, 'done', 'price', 80);
    await pr(north, 'done', 'price', 900);
    await pr(north, 'done', 'price', 1250);
    await pr(north, 'refund.pending', 'price', 400);
    await pr(north, 'canceled', 'price', 700);
    await pr(north, 'done', 'points', 300);
    await pr(south, 'refund.done', 'price', 600);
    // outside the range
    await or(north, 'done', 'points', 1000, '2026-01-31T20:59:59.999Z'); // 31 Jan 23:59 in Qatar
    await pr(north, 'done', 'price', 10000, '2026-02-28T21:00:00.000Z'); // 1 Mar 00:00 in Qatar
  });

  it('equals the hand-computed figures, one row per branch, for a date range', async () => {
    const res = await t.call(
      'merchant/chart/orders/branches',
      { from: '2026-02-01', to: '2026-02-28' },
      { token: m.token },
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      {
        branchId: north,
        branchName: 'North',
        branchNameAr: null,
        countRequests: 3,
        countProductRequests: 4,
        totalRequestsAmountPoints: 65,
        totalProductRequestsAmountPrice: 25.5,
        ...noAcceptFigures,
      },
      {
        branchId: south,
        branchName: 'South',
        branchNameAr: null,
        countRequests: 1,
        countProductRequests: 1,
        totalRequestsAmountPoints: 0,
        totalProductRequestsAmountPrice: 0,
        ...noAcceptFigures,
      },
      {
        branchId: east,
        branchName: 'East',
        branchNameAr: null,
        countRequests: 0,
        countProductRequests: 0,
        totalRequestsAmountPoints: 0,
        totalProductRequestsAmountPrice: 0,
        ...noAcceptFigures,
      },
    ]);
  });

  it('without a range counts everything; an open end works; a reversed range is refused', async () => {
    const all = await t.call('merchant/chart/orders/branches', {}, { token: m.token });
    expect(all.body.data[0]).toMatchObject({
      countRequests: 4,
      countProductRequests: 5,
      totalRequestsAmountPoints: 1065,
      totalProductRequestsAmountPrice: 125.5,
    });
    const since = await t.call('merchant/chart/orders/branches', { from: '2026-02-01' }, { token: m.token });
    expect(since.body.data[0]).toMatchObject({ countRequests: 3, countProductRequests: 5 });
    const reversed = await t.call(
      'merchant/chart/orders/branches',
      { from: '2026-03-01', to: '2026-02-01' },
      { token: m.token },
    );
    expect(reversed.status).toBe(422);
    expect(reversed.body.errors[0]).toEqual({
      field: 'from',
      message: 'The start date must not be after the end date',
    });
  });

  it("another merchant's chart has only its own branches", async () => {
    const other = await merchantFixture(t);
    expect((await t.call('merchant/chart/orders/branches', {}, { token: other.token })).body.data).toEqual([]);
  });
});

describe('points history of product requests', () => {
  it('links a product request and its refund to the request, with the customer', async () => {
    const m = await liveMerchant(t);
    const branch = await branchFixture(t, m.id);
    const product = await productFixture(t, m.id);
    const c = await customerFixture(t, 100, 'Reem Refunds');
    const pr = await productRequest(m.id, {
      branchId: branch.id,
      productId: product.id,
      userId: c.id,
      payWith: 'points',
      points: 30,
    });
    const merchant = { type: 'merchant' as const, id: m.id };
    const user = { type: 'user' as const, id: c.id };
    await t.deps.store.transaction((tx) =>
      move(tx, {
        from: user,
        to: merchant,
        amount: 30,
        reason: 'productRequest',
        reference: `product_request:${pr.id}`,
      }),
    );
    await t.deps.store.transaction((tx) =>
      move(tx, { from: merchant, to: user, amount: 30, reason: 'productRefund', reference: `product_refund:${pr.id}` }),
    );
    const res = await t.call('merchant/points/history', {}, { token: m.token });
    expect(res.body.data.rows).toEqual([
      expect.objectContaining({
        delta: -30,
        balanceAfter: 0,
        reason: 'productRefund',
        link: { type: 'productRequest', id: pr.id },
        who: 'Reem Refunds',
      }),
      expect.objectContaining({
        delta: 30,
        balanceAfter: 30,
        reason: 'productRequest',
        link: { type: 'productRequest', id: pr.id },
        who: 'Reem Refunds',
      }),
    ]);
  });
});
