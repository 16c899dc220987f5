/** Issue 26, points 2 and 3: a branch's pause and opening hours, and the delivery code. */
import { clock, formatOpensAt, messages } from '@loyalty/contract';
import { afterEach, describe, expect, it } from 'vitest';
import type { TestServer } from './harness';
import {
  assign,
  buyer,
  moveDelivery,
  ok,
  order,
  orderShop,
  pinOf,
  placeOrder,
  requestRow,
  settlementsOf,
  withRequestsServer,
} from './orders-fixtures';

let t: TestServer;
withRequestsServer((server) => {
  t = server;
});
afterEach(() => clock.set());

/** Thursday 26 November 2026, 13:00 in Doha. */
const THURSDAY_1PM = new Date('2026-11-26T10:00:00.000Z');
const at = (d: Date) => clock.set(() => d);
const closedText = (lang: 'en' | 'ar', iso: string) =>
  messages.branchClosedUntil[lang].replace('{time}', formatOpensAt(iso, lang));

describe('merchant/branch/pause and resume', () => {
  it('refuses orders while paused, in the customer’s language, and the pause ends by itself', async () => {
    at(THURSDAY_1PM);
    const s = await orderShop(t, { points: 40 });
    const c = await buyer(t, 500);
    const paused = await ok(
      t.call(
        'merchant/branch/pause',
        { branchId: s.branch.id, minutes: 30, reason: 'Kitchen swamped' },
        { token: s.merchant.token },
      ),
    );
    expect(paused).toMatchObject({
      pausedUntil: '2026-11-26T10:30:00.000Z',
      pauseReason: 'Kitchen swamped',
      isOpen: false,
      opensAt: '2026-11-26T10:30:00.000Z',
    });
    for (const lang of ['en', 'ar'] as const) {
      const res = await t.call(
        'user/product/request',
        { productId: s.product.id, branchId: s.branch.id, type: 'pickup', payWith: 'points' },
        { token: c.token, lang },
      );
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(closedText(lang, '2026-11-26T10:30:00.000Z'));
      expect(res.body.reopensAt).toBe('2026-11-26T10:30:00.000Z');
    }
    expect(closedText('en', '2026-11-26T10:30:00.000Z')).toContain('Thu 13:30');
    const listed = await ok(t.call('user/branch/list', { merchantId: s.merchant.id }, { token: c.token }));
    expect(listed.rows.find((b: { id: number }) => b.id === s.branch.id)).toMatchObject({
      isOpen: false,
      opensAt: '2026-11-26T10:30:00.000Z',
    });
    expect(listed.rows.find((b: { id: number }) => b.id === s.otherBranch.id)).toMatchObject({ isOpen: true });
    // another branch of the merchant still takes orders
    expect((await placeOrder(t, s, c, { branchId: s.otherBranch.id })).status).toBe(200);

    at(new Date(THURSDAY_1PM.getTime() + 31 * 60_000));
    expect((await placeOrder(t, s, c)).status).toBe(200);
    const details = await ok(t.call('merchant/branch/details', { branchId: s.branch.id }, { token: s.merchant.token }));
    expect(details).toMatchObject({ isOpen: true, pausedUntil: null, pauseReason: null });
  });

  it('resumes in one call, and staff pause and resume their own branch only', async () => {
    const s = await orderShop(t);
    const c = await buyer(t, 500);
    const body = { branchId: s.branch.id, minutes: 60, reason: 'Short of staff' };
    await ok(t.call('merchantUser/branch/pause', body, { token: s.staff.token }));
    expect((await placeOrder(t, s, c)).status).toBe(409);
    await ok(t.call('merchantUser/branch/resume', { branchId: s.branch.id }, { token: s.staff.token }));
    expect((await placeOrder(t, s, c)).status).toBe(200);
    const audit = await t.db
      .selectFrom('auditLog')
      .select(['action', 'actorType'])
      .where('entity', '=', 'branch')
      .where('entityId', '=', s.branch.id)
      .execute();
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['branch.pause', 'branch.resume']));
    // another branch of the merchant (staff), another merchant's branch (merchant): 404
    const theirs = { ...body, branchId: s.otherBranch.id };
    expect((await t.call('merchantUser/branch/pause', theirs, { token: s.staff.token })).status).toBe(404);
    const other = await orderShop(t);
    expect((await t.call('merchant/branch/pause', body, { token: other.merchant.token })).status).toBe(404);
    expect((await t.call('merchant/branch/resume', body, { token: other.merchant.token })).status).toBe(404);
    expect((await t.call('merchant/branch/hours', body, { token: other.merchant.token })).status).toBe(404);
  });

  it('takes 15 to 240 minutes and a reason', async () => {
    const s = await orderShop(t);
    for (const minutes of [14, 241, 'x']) {
      const res = await t.call(
        'merchant/branch/pause',
        { branchId: s.branch.id, minutes, reason: 'Busy' },
        { token: s.merchant.token },
      );
      expect(res.status).toBe(422);
      expect(res.body.errors[0].field).toBe('minutes');
    }
    const res = await t.call(
      'merchant/branch/pause',
      { branchId: s.branch.id, minutes: 20 },
      { token: s.merchant.token },
    );
    expect(res.status).toBe(422);
    expect(res.body.errors[0].field).toBe('reason');
  });
});

describe('merchant/branch/hours', () => {
  it('saves the week and closed dates, reads them back, and refuses orders outside them', async () => {
    at(THURSDAY_1PM);
    const s = await orderShop(t);
    const c = await buyer(t, 500);
    const saved = await ok(
      t.call(
        'merchant/branch/hours',
        { branchId: s.branch.id, thu: '16:00-22:00', fri: '09:00-12:00', sat: 'closed', closedDates: ['2026-12-18'] },
        { token: s.merchant.token },
      ),
    );
    expect(saved.hours).toEqual({
      sun: null,
      mon: null,
      tue: null,
      wed: null,
      thu: '16:00-22:00',
      fri: '09:00-12:00',
      sat: null,
      closedDates: ['2026-12-18'],
    });
    expect(saved).toMatchObject({ isOpen: false, opensAt: '2026-11-26T13:00:00.000Z' });
    const res = await placeOrder(t, s, c);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('This branch is closed for now; it reopens at Thu 16:00');
    const offer = await t.call(
      'user/offer/request',
      { offerId: 999_999, branchId: s.branch.id, payWith: 'points' },
      { token: c.token },
    );
    expect(offer.status).toBe(404);

    at(new Date('2026-11-26T14:00:00.000Z')); // 17:00 in Doha
    expect((await placeOrder(t, s, c)).status).toBe(200);
    // a closed Thursday: the next opening is Friday morning
    at(new Date('2026-12-17T14:00:00.000Z'));
    await ok(
      t.call(
        'merchant/branch/hours',
        { branchId: s.branch.id, thu: '16:00-22:00', fri: '09:00-12:00', closedDates: ['2026-12-17'] },
        { token: s.merchant.token },
      ),
    );
    const closed = await placeOrder(t, s, c, {}).then((r) => r);
    expect(closed.status).toBe(409);
    expect(closed.body.reopensAt).toBe('2026-12-18T06:00:00.000Z');
  });

  it('takes hours past midnight (open at 1 in the morning on the evening before), and every day blank clears them', async () => {
    at(new Date('2026-11-26T22:00:00.000Z')); // Friday 01:00 in Doha
    const s = await orderShop(t);
    const c = await buyer(t, 500);
    const saved = await ok(
      t.call('merchant/branch/hours', { branchId: s.branch.id, thu: '18:00-02:00' }, { token: s.merchant.token }),
    );
    expect(saved).toMatchObject({ isOpen: true, opensAt: null });
    expect(saved.hours.thu).toBe('18:00-02:00');
    expect((await placeOrder(t, s, c)).status).toBe(200);
    at(new Date('2026-11-26T23:00:00.000Z')); // Friday 02:00: closed until next Thursday's evening
    const closed = await placeOrder(t, s, c);
    expect(closed.status).toBe(409);
    expect(closed.body.reopensAt).toBe('2026-12-03T15:00:00.000Z');
    const cleared = await ok(t.call('merchant/branch/hours', { branchId: s.branch.id }, { token: s.merchant.token }));
    expect(cleared).toMatchObject({ hours: null, isOpen: true, opensAt: null });
    expect((await placeOrder(t, s, c)).status).toBe(200);
  });

  it('answers a bad range on its field', async () => {
    const s = await orderShop(t);
    const res = await t.call(
      'merchant/branch/hours',
      { branchId: s.branch.id, mon: '09:00-09:00', closedDates: ['tomorrow'] },
      { token: s.merchant.token, lang: 'ar' },
    );
    expect(res.status).toBe(422);
    expect(res.body.errors.map((e: { field: string }) => e.field)).toEqual(expect.arrayContaining(['mon']));
  });
});

describe('the delivery code', () => {
  async function started() {
    const s = await orderShop(t, { points: 40 });
    const c = await buyer(t, 500);
    const id = await order(t, s, c, { type: 'delivery' });
    const before = await ok(t.call('user/product/req/list', {}, { token: c.token }));
    expect(before.rows[0]).toMatchObject({ id, deliveryPin: null });
    await ok(assign(t, s, [id]));
    await ok(moveDelivery(t, s.courier.token, id, 'inProgress'));
    return { s, c, id, pin: await pinOf(t, id) };
  }
  const done = (token: string, id: number, pin?: string) =>
    t.call('merchantUser/product/req/changeStatus', { id, deliveryStatus: 'done', pin }, { token });

  it('shows the customer the code, never staff or the courier; the right code completes', async () => {
    const { s, c, id, pin } = await started();
    expect(pin).toMatch(/^\d{4}$/);
    const mine = await ok(t.call('user/product/req/list', {}, { token: c.token }));
    expect(mine.rows[0]).toMatchObject({ id, deliveryPin: pin });
    const seen = [
      await t.call('merchant/product/req/details', { id }, { token: s.merchant.token }),
      await t.call('merchant/product/req/list', {}, { token: s.merchant.token }),
      await t.call('merchantUser/product/req/list', {}, { token: s.courier.token }),
      await t.call('merchantUser/product/req/details', { id }, { token: s.courier.token }),
    ];
    for (const r of seen) {
      expect(r.status).toBe(200);
      expect(JSON.stringify(r.body)).not.toContain('deliveryPin');
    }
    expect((await done(s.courier.token, id)).body.errors[0]).toMatchObject({ field: 'pin' });
    const right = await done(s.courier.token, id, pin);
    expect(right.status).toBe(200);
    expect(right.body.data).toMatchObject({ status: 'done', deliveryStatus: 'done' });
  });

  it('answers a wrong code 422 and locks after 5, however many race', async () => {
    const { s, id, pin } = await started();
    const wrong = pin === '0000' ? '1111' : '0000';
    const one = await t.call(
      'merchantUser/product/req/changeStatus',
      { id, deliveryStatus: 'done', pin: wrong },
      { token: s.courier.token, lang: 'ar' },
    );
    expect(one.status).toBe(422);
    expect(one.body.errors).toEqual([{ field: 'pin', message: messages.wrongPin.ar }]);
    const racing = await Promise.all(Array.from({ length: 8 }, () => done(s.courier.token, id, wrong)));
    const statuses = racing.map((r) => r.status).sort();
    expect(statuses.filter((x) => x === 422)).toHaveLength(4);
    expect(statuses.filter((x) => x === 409)).toHaveLength(4);
    expect((await requestRow(t, id)).pinTries).toBe(5);
    const locked = await done(s.courier.token, id, pin);
    expect(locked.status).toBe(409);
    expect(locked.body.message).toBe(messages.pinLocked.en);
    expect((await requestRow(t, id)).status).toBe('pending');

    // the merchant confirms the handover instead, with a reason, audited
    const res = await t.call(
      'merchant/product/req/confirmHandover',
      { id, reason: 'Customer showed the order in the app' },
      { token: s.merchant.token },
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'done', deliveryStatus: 'done' });
    expect(await settlementsOf(t, id)).toHaveLength(1);
    const audit = await t.db
      .selectFrom('auditLog')
      .selectAll()
      .where('action', '=', 'productRequest.handover')
      .where('entityId', '=', id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.after ?? '{}')).toMatchObject({ reason: 'Customer showed the order in the app' });
    expect(
      (await t.call('merchant/product/req/confirmHandover', { id, reason: 'again' }, { token: s.merchant.token }))
        .status,
    ).toBe(409);
    const other = await orderShop(t);
    expect(
      (await t.call('merchant/product/req/confirmHandover', { id, reason: 'x' }, { token: other.merchant.token }))
        .status,
    ).toBe(404);
  });
});
