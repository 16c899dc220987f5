/**
 * The staff calls behind the permissions SPEC does not give staff (issue 27): refunds, assigning
 * couriers, editing products and stock, and reports. A default-set staff member is refused each with
 * 403 naming the permission; a set with it lets the action happen through the merchant's own service,
 * only within the staff member's branch; every staff refund needs the manager's PIN when the merchant
 * asks for it, and the audit row names both.
 */
import { messages, needKey, type Permission } from '@loyalty/contract';
import { describe, expect, it } from 'vitest';
import { type Fields, insertStaff, type Res, type TestServer } from './harness';
import {
  assign,
  buyer,
  moveDelivery,
  type OrderShop,
  ok,
  order,
  orderShop,
  requestRow,
  staffLogin,
  stockOf,
  withRequestsServer,
} from './orders-fixtures';

let t: TestServer;
withRequestsServer((server) => {
  t = server;
});

/** A staff member of `branchId` with a set holding `permissions` (undefined: the default set), signed in. */
async function staffWith(s: OrderShop, branchId: number, permissions?: Permission[]) {
  const staff = await insertStaff(t, s.merchant.id, { branchId });
  if (permissions) {
    const set = await ok(
      t.call(
        'merchant/permissionSet/save',
        { name: `Set ${staff.id}`, permissions: JSON.stringify(permissions) },
        { token: s.merchant.token },
      ),
    );
    await ok(
      t.call('merchant/employees/update', { userId: staff.id, permissionSetId: set.id }, { token: s.merchant.token }),
    );
  }
  const login = await ok(t.call('merchant/login', { username: staff.mobileNum, password: staff.password }));
  return { id: staff.id, token: login.token as string };
}

/** A call as a person would retry it: a 429 (the sign-in limiter's delay) waits its Retry-After. */
async function patiently(path: string, fields: Fields, token: string): Promise<Res> {
  for (;;) {
    const res = await t.call(path, fields, { token });
    if (res.status !== 429) return res;
    await new Promise((r) => setTimeout(r, Number(res.headers.get('retry-after') ?? 1) * 1000));
  }
}

const expectNeeds = (res: Res, need: Permission) => {
  expect(res.status, JSON.stringify(res.body)).toBe(403);
  expect(res.body).toMatchObject({ needs: need, message: messages[needKey(need)].en });
};

/** A delivered order of `branchId` whose customer asked for a refund. */
async function refundPending(s: OrderShop, branchId: number) {
  const c = await buyer(t, 500);
  const id = await order(t, s, c, { type: 'delivery', branchId });
  await ok(assign(t, s, [id]));
  await ok(moveDelivery(t, s.courier.token, id, 'inProgress'));
  await ok(moveDelivery(t, s.courier.token, id, 'done'));
  await ok(t.call('user/product/req/refund', { id, comment: 'Arrived broken' }, { token: c.token }));
  return id;
}

describe('assignCouriers: merchantUser/product/employee/assignDelivery', () => {
  it("needs the permission; with it staff assign their branch's deliveries to their branch's couriers only", async () => {
    const s = await orderShop(t, { stockAmount: 20 });
    const c = await buyer(t, 500);
    const mine = await order(t, s, c, { type: 'delivery' });
    const theirs = await order(t, s, c, { type: 'delivery', branchId: s.otherBranch.id });
    const farCourier = await staffLogin(t, s.merchant.id, s.otherBranch.id, 'delivery');
    const body = (ids: number[], employeeId = s.courier.id) => ({ productRequestIds: JSON.stringify(ids), employeeId });
    const path = 'merchantUser/product/employee/assignDelivery';

    const plain = await staffWith(s, s.branch.id);
    expectNeeds(await t.call(path, body([mine]), { token: plain.token }), 'assignCouriers');
    expectNeeds(await t.call('merchantUser/courier/list', {}, { token: plain.token }), 'assignCouriers');
    expect((await requestRow(t, mine)).employeeId).toBeNull();

    const lead = await staffWith(s, s.branch.id, ['assignCouriers']);
    // the couriers to pick from: their own branch's active ones only
    const retired = await staffLogin(t, s.merchant.id, s.branch.id, 'delivery');
    await t.db.updateTable('merchantUsers').set({ isActive: 0 }).where('id', '=', retired.id).execute();
    const couriers = await ok(t.call('merchantUser/courier/list', {}, { token: lead.token }));
    const listed = couriers.rows.map((e: { id: number }) => e.id);
    expect(listed).toContain(s.courier.id);
    expect(listed).not.toContain(farCourier.id);
    expect(listed).not.toContain(retired.id);
    expect((await t.call(path, body([theirs]), { token: lead.token })).status).toBe(404);
    expect((await t.call(path, body([mine], farCourier.id), { token: lead.token })).status).toBe(404);
    const done = await ok(t.call(path, body([mine]), { token: lead.token }));
    expect(done.assigned.map((r: { id: number }) => r.id)).toEqual([mine]);
    expect((await requestRow(t, mine)).employeeId).toBe(s.courier.id);
    expect((await requestRow(t, theirs)).employeeId).toBeNull();
    const log = await ok(
      t.call('merchant/activity/list', { action: 'productRequest.assign' }, { token: s.merchant.token }),
    );
    expect(log.rows[0]).toMatchObject({ entityId: mine, actor: { type: 'merchantUser', id: lead.id } });
  });
});

describe('refunds: merchantUser/req/confirm/refund', () => {
  it("needs the permission; with it staff confirm their branch's refunds; the refund threshold needs the PIN", async () => {
    const s = await orderShop(t, { stockAmount: 20 });
    const mine = await refundPending(s, s.branch.id);
    const theirs = await refundPending(s, s.otherBranch.id);
    const path = 'merchantUser/req/confirm/refund';

    const plain = await staffWith(s, s.branch.id);
    expectNeeds(await t.call(path, { reqId: mine, comment: 'Sorry' }, { token: plain.token }), 'refunds');
    expect((await requestRow(t, mine)).status).toBe('refund.pending');

    const lead = await staffWith(s, s.branch.id, ['refunds']);
    expect((await t.call(path, { reqId: theirs, comment: 'Sorry' }, { token: lead.token })).status).toBe(404);
    expect((await t.call(path, { reqId: mine }, { token: lead.token })).status).toBe(422);

    // the merchant asks for the manager on every refund: the set alone is not enough
    await ok(t.call('merchant/override/thresholds', { refunds: true }, { token: s.merchant.token }));
    await ok(
      t.call('merchant/overridePin/set', { pin: '246810', password: s.merchant.password }, { token: s.merchant.token }),
    );
    const refused = await t.call(path, { reqId: mine, comment: 'Sorry' }, { token: lead.token });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ needs: 'manager', message: messages.overrideRequired.en });
    expect((await requestRow(t, mine)).status).toBe('refund.pending');
    const wrong = await patiently(path, { reqId: mine, comment: 'Sorry', overridePin: '000000' }, lead.token);
    expect(wrong.body.message).toBe(messages.overridePinWrong.en);
    const res = await patiently(path, { reqId: mine, comment: 'Sorry', overridePin: '246810' }, lead.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ id: mine, status: 'refund.done', refundComment: 'Sorry' });
    expect((await requestRow(t, mine)).status).toBe('refund.done');
    expect((await requestRow(t, theirs)).status).toBe('refund.pending');
    const log = await ok(
      t.call('merchant/activity/list', { action: 'productRequest.refund' }, { token: s.merchant.token }),
    );
    expect(log.rows[0]).toMatchObject({
      entityId: mine,
      actor: { type: 'merchantUser', id: lead.id },
      override: { by: 'manager', id: s.merchant.id },
    });
    // the merchant's own refund never needs the PIN
    await ok(t.call('user/req/confirm/refund', { reqId: theirs, comment: 'Ours' }, { token: s.merchant.token }));
  });
});

describe('editProducts: merchantUser/product/update', () => {
  it("needs the permission; with it staff change their merchant's product and its stock, not another merchant's", async () => {
    const s = await orderShop(t, { stockAmount: 5 });
    const other = await orderShop(t, { stockAmount: 5 });
    const path = 'merchantUser/product/update';
    const plain = await staffWith(s, s.branch.id);
    expectNeeds(
      await t.call(path, { productId: s.product.id, stockAmount: 9 }, { token: plain.token }),
      'editProducts',
    );
    expect(await stockOf(t, s.product.id)).toBe(5);

    const keeper = await staffWith(s, s.branch.id, ['editProducts']);
    const res = await ok(
      t.call(path, { productId: s.product.id, stockAmount: 9, points: 55 }, { token: keeper.token }),
    );
    expect(res).toMatchObject({ id: s.product.id, stockAmount: 9, points: 55 });
    expect(await stockOf(t, s.product.id)).toBe(9);
    expect((await t.call(path, { productId: other.product.id, stockAmount: 1 }, { token: keeper.token })).status).toBe(
      404,
    );
    expect(await stockOf(t, other.product.id)).toBe(5);
    expect((await t.call(path, { productId: s.product.id, stockAmount: -1 }, { token: keeper.token })).status).toBe(
      422,
    );
  });
});

describe('reports: merchantUser/chart/orders/branches', () => {
  it("needs the permission; with it staff see their own branch's row only", async () => {
    const s = await orderShop(t, { stockAmount: 20 });
    const c = await buyer(t, 500);
    await order(t, s, c, { type: 'pickup' });
    await order(t, s, c, { type: 'pickup', branchId: s.otherBranch.id });
    await order(t, s, c, { type: 'pickup', branchId: s.otherBranch.id });
    const path = 'merchantUser/chart/orders/branches';
    const plain = await staffWith(s, s.branch.id);
    expectNeeds(await t.call(path, {}, { token: plain.token }), 'reports');

    const all = await ok(t.call('merchant/chart/orders/branches', {}, { token: s.merchant.token }));
    expect(all.map((r: { branchId: number }) => r.branchId).sort()).toEqual([s.branch.id, s.otherBranch.id].sort());
    const viewer = await staffWith(s, s.branch.id, ['reports']);
    const rows = await ok(t.call(path, {}, { token: viewer.token }));
    expect(rows).toEqual([all.find((r: { branchId: number }) => r.branchId === s.branch.id)]);
    expect(rows[0].countProductRequests).toBe(1);
    const far = await staffWith(s, s.otherBranch.id, ['reports']);
    const farRows = await ok(t.call(path, {}, { token: far.token }));
    expect(
      farRows.map((r: { branchId: number; countProductRequests: number }) => [r.branchId, r.countProductRequests]),
    ).toEqual([[s.otherBranch.id, 2]]);
  });
});
