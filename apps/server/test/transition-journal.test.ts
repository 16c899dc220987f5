/**
 * A request's state change writes its audit row and its live-feed event together (on PostgreSQL in
 * one statement, repositories/journal.ts): each exactly once, with the actor named as they were.
 */
import { describe, expect, it } from 'vitest';
import { customerFixture, requestOffer, shopFixture, withRequestsServer } from './fixtures-requests';
import type { TestServer } from './harness';
import { ok } from './orders-fixtures';

let t: TestServer;
withRequestsServer((server) => {
  t = server;
});

const auditOf = (entityId: number) =>
  t.db
    .selectFrom('auditLog')
    .selectAll()
    .where('entity', '=', 'offerRequest')
    .where('entityId', '=', entityId)
    .execute();
const eventsOf = (entityId: number) =>
  t.db
    .selectFrom('counterEvents')
    .selectAll()
    .where('kind', '=', 'offerRequest')
    .where('entityId', '=', entityId)
    .execute();

describe('a transition journal', () => {
  it('writes the audit row and the event once each, naming a staff member and a merchant as they are', async () => {
    const shop = await shopFixture(t);
    const c = await customerFixture(t, 500);
    const approved = await requestOffer(t, shop, c);
    const rejected = await requestOffer(t, shop, c);
    const staff = await t.db
      .selectFrom('merchantUsers')
      .select(['fName', 'lName'])
      .where('id', '=', shop.staff.id)
      .executeTakeFirstOrThrow();
    const merchant = await t.db
      .selectFrom('merchants')
      .select('name')
      .where('id', '=', shop.merchant.id)
      .executeTakeFirstOrThrow();
    // twice each: the second call changes nothing and writes nothing
    for (let i = 0; i < 2; i++) {
      await ok(t.call('merchantUser/req/approve', { reqId: approved.id }, { token: shop.staff.token }));
      await ok(t.call('merchant/req/reject', { reqId: rejected.id, reason: 'Closed' }, { token: shop.merchant.token }));
    }

    const [a] = await auditOf(approved.id);
    expect(await auditOf(approved.id)).toHaveLength(1);
    expect(a).toMatchObject({
      merchantId: shop.merchant.id,
      actorType: 'merchantUser',
      actorId: shop.staff.id,
      actorName: `${staff.fName} ${staff.lName}`.trim(),
      action: 'offerRequest.approve',
      branchId: shop.branch.id,
      overrideById: null,
    });
    expect(JSON.parse(a.after ?? '{}')).toEqual({ status: 'done' });
    expect(a.device).toEqual(expect.any(String));
    const [r] = await auditOf(rejected.id);
    expect(await auditOf(rejected.id)).toHaveLength(1);
    expect(r).toMatchObject({ actorType: 'merchant', actorName: merchant.name, action: 'offerRequest.reject' });
    expect(JSON.parse(r.after ?? '{}')).toEqual({ status: 'rejected', reason: 'Closed' });

    const e1 = await eventsOf(approved.id);
    const e2 = await eventsOf(rejected.id);
    // the request's own event when it was made, then one for the change
    expect(e1.map((e) => e.action)).toEqual(['created', 'approved']);
    expect(e2.map((e) => e.action)).toEqual(['created', 'rejected']);
    expect(e1[1]).toMatchObject({ merchantId: shop.merchant.id, branchId: shop.branch.id, status: 'done' });
  });
});
