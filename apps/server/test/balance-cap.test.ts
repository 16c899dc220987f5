/**
 * Balances that cannot overflow (docs/decisions/0020-balances-capped.md): no balance goes over
 * LIMITS.balanceMax (2,000,000,000 P, below PostgreSQL's integer). A package purchase that would
 * take a merchant over it is refused before the card is charged; a grant or an approval that would
 * credit past it moves nothing.
 */
import { LIMITS, messages } from '@loyalty/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testGateway } from '../src/platform/payments/test-gateway';
import {
  availableOf,
  customerFixture,
  expectLedgerInvariant,
  journalOf,
  requestOffer,
  shopFixture,
} from './fixtures-requests';
import { startTestServer, type TestServer } from './harness';
import { addCard, packageFixture } from './money-fixtures';

const gateway = testGateway();
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ payments: gateway });
});
afterAll(async () => t?.close());

const balanceOf = async (table: 'merchants' | 'customers', id: number) =>
  (await t.db.selectFrom(table).select('balance').where('id', '=', id).executeTakeFirstOrThrow()).balance;

/** A live shop whose merchant bought packages up to the cap. */
async function shopAtTheCap() {
  const shop = await shopFixture(t);
  const card = await addCard(t, shop.merchant.token);
  const pkg = await packageFixture(t, { name: 'Billion', points: 1_000_000_000, amountCents: 100 });
  for (const key of ['b1', 'b2']) {
    const res = await t.call(
      'merchant/req/package',
      { packageId: pkg.id, cardId: card.id, idempotencyKey: key },
      { token: shop.merchant.token },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  expect(await balanceOf('merchants', shop.merchant.id)).toBe(LIMITS.balanceMax);
  return { shop, card, pkg };
}

describe('the balance cap', () => {
  it('refuses a package purchase that would go over it, before the card is charged', async () => {
    const { shop, card, pkg } = await shopAtTheCap();
    const charges = gateway.charges.length;
    const res = await t.call(
      'merchant/req/package',
      { packageId: pkg.id, cardId: card.id, idempotencyKey: 'b3' },
      { token: shop.merchant.token },
    );
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(messages.balanceLimit.en);
    expect(gateway.charges.length).toBe(charges);
    expect(await balanceOf('merchants', shop.merchant.id)).toBe(LIMITS.balanceMax);
    const attempts = await t.db
      .selectFrom('paymentAttempts')
      .select('idempotencyKey')
      .where('merchantId', '=', shop.merchant.id)
      .execute();
    expect(attempts.map((a) => a.idempotencyKey).sort()).toEqual(['b1', 'b2']);
    // the purchase that filled the balance, sent again, is answered as it was, not refused
    const again = await t.call(
      'merchant/req/package',
      { packageId: pkg.id, cardId: card.id, idempotencyKey: 'b2' },
      { token: shop.merchant.token },
    );
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.data.balance).toBe(LIMITS.balanceMax);
    expect(gateway.charges.length).toBe(charges);
    await expectLedgerInvariant(t);
  });

  it('a grant past it moves nothing', async () => {
    const c = await customerFixture(t);
    await t.op.grantCustomerPoints(c.mobile, 1_000_000_000);
    await t.op.grantCustomerPoints(c.mobile, 1_000_000_000);
    await expect(t.op.grantCustomerPoints(c.mobile, 1)).rejects.toMatchObject({ status: 409, message: 'balanceLimit' });
    expect(await balanceOf('customers', c.id)).toBe(LIMITS.balanceMax);
    await expectLedgerInvariant(t);
  });

  it('an approval that would credit a merchant past it moves nothing', async () => {
    const { shop } = await shopAtTheCap();
    const c = await customerFixture(t, 50);
    const redeem = await t.call(
      'user/redeem',
      { merchantId: shop.merchant.id, branchId: shop.branch.id, amount: 10 },
      { token: c.token },
    );
    expect(redeem.status).toBe(200);
    const res = await t.call(
      'merchant/req/redeem/approve',
      { reqId: redeem.body.data.id },
      { token: shop.merchant.token },
    );
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(messages.balanceLimit.en);
    expect(await balanceOf('customers', c.id)).toBe(50);
    expect(await balanceOf('merchants', shop.merchant.id)).toBe(LIMITS.balanceMax);
    await expectLedgerInvariant(t);
  });

  it('an offer request paid with points that would credit the merchant past it moves nothing, nor takes the offer', async () => {
    // on PostgreSQL the approval is one statement: the merchant's leg is its last step, undone with the rest
    const { shop } = await shopAtTheCap();
    const c = await customerFixture(t, 50);
    const r = await requestOffer(t, shop, c);
    const left = await availableOf(t, shop.offer.id);
    const res = await t.call('merchant/req/approve', { reqId: r.id }, { token: shop.merchant.token });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(messages.balanceLimit.en);
    const row = await t.db
      .selectFrom('offerRequests')
      .select(['status', 'approvedById'])
      .where('id', '=', r.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'pending', approvedById: null });
    expect(await availableOf(t, shop.offer.id)).toBe(left);
    expect(await balanceOf('customers', c.id)).toBe(50);
    expect(await balanceOf('merchants', shop.merchant.id)).toBe(LIMITS.balanceMax);
    expect(await journalOf(t, r.id)).toEqual({ audit: [], events: ['created'] });
    await expectLedgerInvariant(t);
  });
});
