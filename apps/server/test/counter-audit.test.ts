/** The audit trail (docs/domain.md "Audit trail"): a row for every staff, courier and merchant state change; merchant/activity/list. */
import { describe, expect, it } from 'vitest';
import { activityRepository } from '../src/modules/activity/activity.repository';
import { customerFixture, requestOffer, shopFixture } from './fixtures-requests';
import type { TestServer } from './harness';
import { addCard, packageFixture } from './money-fixtures';
import { assign, buyer, ok, order, orderShop, pinOf, withRequestsServer } from './orders-fixtures';
import { addBranch, addEmployee } from './staff-fixtures';

let t: TestServer;
withRequestsServer((server) => {
  t = server;
});

const trail = (merchantId: number) =>
  t.db.selectFrom('auditLog').selectAll().where('merchantId', '=', merchantId).orderBy('id').execute();

describe('audit rows', () => {
  it('writes one row per change: requests, deliveries, refunds, go live, branches, employees, cards, packages', async () => {
    const s = await orderShop(t);
    const m = s.merchant;
    const c = await buyer(t, 5000);
    // requests
    const shopOffer = await shopFixture(t);
    const oc = await customerFixture(t, 500);
    const r = await requestOffer(t, shopOffer, oc);
    await ok(t.call('merchantUser/req/approve', { reqId: r.id }, { token: shopOffer.staff.token }));
    const red = await t.call(
      'user/redeem',
      { merchantId: shopOffer.merchant.id, branchId: shopOffer.branch.id, amount: 5 },
      { token: oc.token },
    );
    await ok(
      t.call(
        'merchant/req/redeem/approve',
        { reqId: red.body.data.id, isApproved: true },
        { token: shopOffer.merchant.token },
      ),
    );
    // the fixture turned the merchant live through the API: that is its first row
    const [live, ...offerTrail] = await trail(shopOffer.merchant.id);
    expect(live).toMatchObject({ action: 'merchant.goLive', actorType: 'merchant', branchId: null });
    expect(JSON.parse(live.after ?? '{}')).toEqual({ isLive: true });
    expect(offerTrail.map((x) => [x.action, x.actorType, x.actorRole])).toEqual([
      ['offerRequest.approve', 'merchantUser', 'merchantUser'],
      ['redeem.approve', 'merchant', 'merchant'],
    ]);
    expect(offerTrail[0]).toMatchObject({ entity: 'offerRequest', entityId: r.id, branchId: shopOffer.branch.id });
    expect(JSON.parse(offerTrail[0].before ?? '{}')).toEqual({ status: 'pending' });
    expect(JSON.parse(offerTrail[0].after ?? '{}')).toEqual({ status: 'done' });

    // product requests: pickup, assign, delivery by the courier, refund
    const pick = await order(t, s, c, { type: 'pickup' });
    await ok(t.call('merchant/product/req/changeStatus', { id: pick, status: 'done' }, { token: m.token }));
    const del = await order(t, s, c, { type: 'delivery' });
    await ok(assign(t, s, [del]));
    await ok(
      t.call(
        'merchantUser/product/req/changeStatus',
        { id: del, deliveryStatus: 'inProgress' },
        { token: s.courier.token },
      ),
    );
    await ok(
      t.call(
        'merchantUser/product/req/changeStatus',
        { id: del, deliveryStatus: 'done', pin: await pinOf(t, del) },
        { token: s.courier.token },
      ),
    );
    await ok(t.call('user/product/req/refund', { id: pick, comment: 'Broken' }, { token: c.token }));
    await ok(t.call('user/req/confirm/refund', { reqId: pick, comment: 'Sorry' }, { token: m.token }));
    // the merchant's own settings
    await ok(t.call('merchant/goLive', { isLive: false }, { token: m.token }));
    await ok(t.call('merchant/goLive', { isLive: false }, { token: m.token })); // no change, no row
    const b = await addBranch(t, m.token, 'Lusail');
    await ok(t.call('merchant/updateBranch', { branchId: b, branchName: 'Lusail Marina' }, { token: m.token }));
    const e = await addEmployee(t, m.token, { branchId: b, fName: 'Huda' });
    await ok(t.call('merchant/employees/update', { userId: e.id, fName: 'Hoda' }, { token: m.token }));
    const card1 = await addCard(t, m.token);
    const card2 = await addCard(t, m.token);
    await ok(t.call('merchant/card/setDefault', { id: card2.id }, { token: m.token }));
    await ok(t.call('merchant/card/delete', { id: card1.id }, { token: m.token }));
    const pkg = await packageFixture(t);
    await ok(
      t.call(
        'merchant/req/package',
        { packageId: pkg.id, cardId: card2.id, idempotencyKey: 'audit-1' },
        { token: m.token },
      ),
    );

    const rows = (await trail(m.id)).slice(1);
    expect(rows.map((x) => x.action)).toEqual([
      'productRequest.pickup',
      'productRequest.assign',
      'productRequest.delivery',
      'productRequest.delivery',
      'productRequest.refund',
      'merchant.goLive',
      'branch.add',
      'branch.update',
      'employee.add',
      'employee.update',
      'card.add',
      'card.add',
      'card.default',
      'card.delete',
      'package.purchase',
    ]);
    const delivery = rows.filter((x) => x.action === 'productRequest.delivery');
    expect(delivery.map((x) => [x.actorId, x.actorRole])).toEqual([
      [s.courier.id, 'delivery'],
      [s.courier.id, 'delivery'],
    ]);
    expect(JSON.parse(delivery[1].after ?? '{}')).toEqual({ deliveryStatus: 'done' });
    const upd = rows.find((x) => x.action === 'employee.update');
    expect(JSON.parse(upd?.before ?? '{}')).toEqual({ fName: 'Huda' });
    expect(JSON.parse(upd?.after ?? '{}')).toEqual({ fName: 'Hoda' });
    // never a password, a card number or a token
    const all = JSON.stringify(rows);
    expect(all).not.toContain('4242 4242');
    expect(all).not.toContain('4242424242424242');
    expect(all).not.toContain('staff-pass-1');
    // the device is the caller's user agent
    expect(rows[0].device).toEqual(expect.any(String));
  });

  it('has no update or delete in its repository', () => {
    expect(Object.keys(activityRepository(t.db)).sort()).toEqual(['actors', 'append', 'list', 'names', 'walk']);
  });
});

describe('merchant/activity/list', () => {
  it('names what each entry is about and who or where its change points to, as they are now (issue 23)', async () => {
    const s = await orderShop(t);
    const m = s.merchant;
    const c = await buyer(t, 5000);
    const del = await order(t, s, c, { type: 'delivery' });
    await ok(assign(t, s, [del]));
    await ok(assign(t, s, [del], s.otherCourier.id));
    const card = await addCard(t, m.token);
    const pkg = await packageFixture(t);
    await ok(
      t.call(
        'merchant/req/package',
        { packageId: pkg.id, cardId: card.id, idempotencyKey: 'names-1' },
        { token: m.token },
      ),
    );
    const e = await addEmployee(t, m.token, { branchId: s.branch.id, fName: 'Huda' });
    const people = await t.db
      .selectFrom('merchantUsers')
      .select(['id', 'fName', 'mName', 'lName'])
      .where('id', 'in', [s.courier.id, s.otherCourier.id])
      .execute();
    const fullName = (id: number) => {
      const u = people.find((p) => p.id === id);
      return [u?.fName, u?.mName, u?.lName].filter(Boolean).join(' ');
    };

    const res = await t.call('merchant/activity/list', {}, { token: m.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    type Row = { action: string; subject: unknown; names: { employees: Record<string, string>; branches: unknown } };
    const rows: Row[] = res.body.data.rows;
    const reassigned = rows.find((r) => r.action === 'productRequest.assign');
    // the second assignment: from the first courier to the other, both by name; the order by its product
    expect(reassigned?.subject).toEqual({ name: 'Saffron coffee beans', nameAr: 'حبوب قهوة بالزعفران' });
    expect(reassigned?.names.employees).toEqual({
      [s.courier.id]: fullName(s.courier.id),
      [s.otherCourier.id]: fullName(s.otherCourier.id),
    });
    const bought = rows.find((r) => r.action === 'package.purchase');
    expect(bought?.subject).toEqual({ name: 'Gold pack', nameAr: 'الباقة الذهبية' });
    const added = rows.find((r) => r.action === 'employee.add');
    expect(added?.subject).toMatchObject({ name: expect.stringContaining('Huda') });
    expect(added?.names.branches).toEqual({ [s.branch.id]: { name: expect.any(String), nameAr: null } });
    const card1 = rows.find((r) => r.action === 'card.add');
    expect(card1?.subject).toBeNull();
    expect(e.id).toBeGreaterThan(0);
  });

  it('is the merchant alone: staff, couriers and customers get 403', async () => {
    const s = await orderShop(t);
    const c = await customerFixture(t);
    for (const token of [s.staff.token, s.courier.token, c.token]) {
      const res = await t.call('merchant/activity/list', {}, { token });
      expect(res.status).toBe(403);
    }
  });

  it('filters by who, what, branch and dates, pages, and shows only the caller merchant', async () => {
    const shop = await shopFixture(t);
    const c = await customerFixture(t, 1000);
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push((await requestOffer(t, shop, c)).id);
    await ok(t.call('merchantUser/req/approve', { reqId: ids[0] }, { token: shop.staff.token }));
    await ok(t.call('merchant/req/reject', { reqId: ids[1], reason: 'Closed' }, { token: shop.merchant.token }));
    await ok(t.call('merchant/req/approve', { reqId: ids[2] }, { token: shop.merchant.token }));
    const other = await shopFixture(t);
    const oc = await customerFixture(t, 100);
    const or = await requestOffer(t, other, oc);
    await ok(t.call('merchant/req/approve', { reqId: or.id }, { token: other.merchant.token }));

    const call = (f: Record<string, string | number>) =>
      t.call('merchant/activity/list', f, { token: shop.merchant.token });
    const all = await call({});
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    expect(all.body.data.count).toBe(4); // with the fixture's go live
    expect(all.body.data.rows[0]).toMatchObject({
      action: 'offerRequest.approve',
      entity: 'offerRequest',
      entityId: ids[2],
      actor: { type: 'merchant', id: shop.merchant.id, role: 'merchant', name: shop.merchant.name },
      Branch: { id: shop.branch.id },
      before: { status: 'pending' },
      after: { status: 'done' },
    });
    expect(all.body.data.actors).toHaveLength(2);
    const byStaff = await call({ who: `merchantUser:${shop.staff.id}` });
    expect(byStaff.body.data.rows.map((x: { entityId: number }) => x.entityId)).toEqual([ids[0]]);
    // the staff member's name as it was when they acted: first and last name
    expect(byStaff.body.data.rows[0].actor).toMatchObject({
      type: 'merchantUser',
      id: shop.staff.id,
      name: 'Sami Staff',
    });
    const rejects = await call({ action: 'offerRequest.reject' });
    expect(rejects.body.data.rows).toHaveLength(1);
    expect(rejects.body.data.rows[0].after).toEqual({ status: 'rejected', reason: 'Closed' });
    expect((await call({ branchId: shop.otherBranch.id })).body.data.count).toBe(0);
    expect((await call({ branchId: shop.branch.id })).body.data.count).toBe(3);
    const page2 = await call({ limit: 2, pageNum: 2 });
    expect(page2.body.data.rows.map((x: { action: string }) => x.action)).toEqual([
      'offerRequest.approve',
      'merchant.goLive',
    ]);
    expect(page2.body.data.rows[0].entityId).toBe(ids[0]);
    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    expect((await call({ from: '2000-01-01', to: tomorrow })).body.data.count).toBe(4);
    expect((await call({ from: tomorrow })).body.data.count).toBe(0);
    expect((await call({ to: '2000-01-01' })).body.data.count).toBe(0);
    expect(today).toMatch(/^\d{4}-/);
    const bad = await call({ action: 'nothing' });
    expect(bad.status).toBe(422);
  });

  it("answers 404 for a filter naming another merchant's branch or person, on the list and its export", async () => {
    const shop = await shopFixture(t);
    const rival = await shopFixture(t);
    const token = shop.merchant.token;
    const list = (f: Record<string, string | number>) => t.call('merchant/activity/list', f, { token });
    const csv = (f: Record<string, string | number>) =>
      fetch(`${t.url}/api/merchant/export/activity.csv?${new URLSearchParams(f as Record<string, string>)}`, {
        headers: { authorization: `Bearer ${token}` },
      });
    const foreign: [Record<string, string | number>, string][] = [
      [{ branchId: rival.branch.id }, 'Branch not found'],
      [{ branchId: 2_000_000_000 }, 'Branch not found'],
      [{ who: `merchantUser:${rival.staff.id}` }, 'Employee not found'],
      [{ who: `merchant:${rival.merchant.id}` }, 'Merchant not found'],
    ];
    for (const [f, message] of foreign) {
      const res = await list(f);
      expect([f, res.status, res.body]).toEqual([f, 404, { message }]);
      const file = await csv(f);
      expect([f, file.status, await file.json()]).toEqual([f, 404, { message }]);
    }
    // the merchant's own branch and people: served, an empty page when they did nothing yet
    const own: Record<string, string | number>[] = [
      { branchId: shop.otherBranch.id },
      { who: `merchantUser:${shop.otherStaff.id}` },
    ];
    for (const f of own) {
      expect((await list(f)).body.data.count, JSON.stringify(f)).toBe(0);
      expect((await csv(f)).status).toBe(200);
    }
    // an id no row can have is refused by the contract (it once reached PostgreSQL's integer column: 500)
    for (const who of ['merchantUser:9999999999', 'merchant:0', 'merchant:01'])
      expect((await list({ who })).status, who).toBe(422);
  });
});
