/**
 * Signed request codes and scan-to-approve (docs/domain.md, "Signed request codes"): the customer's
 * answers carry a signed code, `user/qr` refreshes it, and `merchant/qr/scan` / `merchantUser/qr/scan`
 * accept it only when the signature, expiry, merchant, branch and state all hold.
 */
import { createHmac } from 'node:crypto';
import { parseQr, qrSignedPart } from '@loyalty/contract';
import { describe, expect, it } from 'vitest';
import {
  customerFixture,
  productFixture,
  requestOffer,
  type Shop,
  shopFixture,
  staffFixture,
  withRequestsServer,
} from './fixtures-requests';
import type { TestServer } from './harness';

let t: TestServer;
withRequestsServer((server) => {
  t = server;
});

const CODE = /^L2\.k[0-9]+\.[orp]\.[0-9]+\.[0-9]+\.[0-9]+\.[A-Za-z0-9_-]{43}$/;

/** Signs claims with the server's current key, read from signing_keys (to make expired codes). */
async function signWithServerKey(claims: Parameters<typeof qrSignedPart>[0]): Promise<string> {
  const row = await t.db
    .selectFrom('signingKeys')
    .select(['kid', 'secret'])
    .where('purpose', '=', 'qr')
    .where('retiredAt', 'is', null)
    .orderBy('createdAt', 'desc')
    .executeTakeFirstOrThrow();
  const part = qrSignedPart(claims, row.kid);
  return `${part}.${createHmac('sha256', Buffer.from(row.secret, 'base64url')).update(part).digest('base64url')}`;
}

const scanAs = (
  token: string,
  code: string,
  role: 'merchant' | 'merchantUser' = 'merchantUser',
  lang: 'en' | 'ar' = 'en',
) => t.call(`${role}/qr/scan`, { code }, { token, lang });

async function redeemAt(shop: Shop, c: { token: string }, branchId = shop.branch.id) {
  const res = await t.call('user/redeem', { merchantId: shop.merchant.id, branchId, amount: 5 }, { token: c.token });
  expect(res.status).toBe(200);
  return res.body.data as { id: number; qr: { code: string; expiresAt: string } };
}

async function orderAt(shop: Shop, c: { token: string }) {
  // picked up: a product without delivery (SPEC §4's Picked)
  const product = await productFixture(t, shop.merchant.id, { deliveryAvailability: false });
  const res = await t.call(
    'user/product/request',
    { productId: product.id, branchId: shop.branch.id, type: 'pickup', payWith: 'price' },
    { token: c.token },
  );
  expect(res.status).toBe(200);
  return res.body.data as { id: number; qr: { code: string; expiresAt: string } };
}

describe('signed codes in the customer API', () => {
  it('answers offer requests, redeems and product requests with a code signed for their merchant', async () => {
    const shop = await shopFixture(t);
    const c = await customerFixture(t, 500);
    const offer = (await requestOffer(t, shop, c)) as unknown as {
      id: number;
      qr: { code: string; expiresAt: string };
    };
    const redeem = await redeemAt(shop, c);
    const order = await orderAt(shop, c);
    for (const [kind, r] of [
      ['offer', offer],
      ['redeem', redeem],
      ['product', order],
    ] as const) {
      expect(r.qr.code).toMatch(CODE);
      const parsed = parseQr(r.qr.code);
      expect(parsed?.claims).toMatchObject({ kind, id: r.id, merchantId: shop.merchant.id });
      const left = Date.parse(r.qr.expiresAt) - Date.now();
      expect(left).toBeGreaterThan(60_000);
      expect(left).toBeLessThanOrEqual(5 * 60_000);
    }
  });

  it('refreshes a code through user/qr for the customer’s own requests only', async () => {
    const shop = await shopFixture(t);
    const c = await customerFixture(t, 100);
    const other = await customerFixture(t);
    const r = await redeemAt(shop, c);
    const fresh = await t.call('user/qr', { kind: 'redeem', id: r.id }, { token: c.token });
    expect(fresh.status).toBe(200);
    expect(fresh.body.data.code).toMatch(CODE);
    expect(parseQr(fresh.body.data.code)?.claims).toMatchObject({ kind: 'redeem', id: r.id });
    const foreign = await t.call('user/qr', { kind: 'redeem', id: r.id }, { token: other.token });
    expect(foreign.status).toBe(404);
    const wrongKind = await t.call('user/qr', { kind: 'product', id: r.id }, { token: c.token });
    expect(wrongKind.status).toBe(404);
    const staff = await t.call('user/qr', { kind: 'redeem', id: r.id }, { token: shop.staff.token });
    expect(staff.status).toBe(403);
    const bad = await t.call('user/qr', { kind: 'coupon', id: r.id }, { token: c.token });
    expect(bad.status).toBe(422);
  });
});

describe('merchant/qr/scan and merchantUser/qr/scan', () => {
  it('accepts a valid code from the merchant and from staff of the branch, for each kind', async () => {
    const shop = await shopFixture(t);
    const c = await customerFixture(t, 500);
    const offer = (await requestOffer(t, shop, c)) as unknown as { id: number; qr: { code: string } };
    const redeem = await redeemAt(shop, c);
    const order = await orderAt(shop, c);
    for (const [kind, r] of [
      ['offer', offer],
      ['redeem', redeem],
      ['product', order],
    ] as const) {
      const staff = await scanAs(shop.staff.token, r.qr.code);
      expect(staff.status).toBe(200);
      expect(staff.body.data).toEqual({ kind, id: r.id });
      const owner = await scanAs(shop.merchant.token, r.qr.code, 'merchant');
      expect(owner.body.data).toEqual({ kind, id: r.id });
    }
  });

  it('refuses a forged code: changed id, changed signature, junk', async () => {
    const shop = await shopFixture(t);
    const c = await customerFixture(t, 100);
    const r = await redeemAt(shop, c);
    const parts = r.qr.code.split('.');
    const otherId = [...parts.slice(0, 3), String(r.id + 1), ...parts.slice(4)].join('.');
    const sig = parts[6];
    const flipped = [...parts.slice(0, 6), (sig[0] === 'A' ? 'B' : 'A') + sig.slice(1)].join('.');
    const shortSig = [...parts.slice(0, 6), sig.slice(0, 30)].join('.');
    const unknownKey = [parts[0], 'k99', ...parts.slice(2)].join('.');
    const firstFormat = ['L1', ...parts.slice(2)].join('.');
    for (const code of [otherId, flipped, shortSig, unknownKey, firstFormat, String(r.id), 'L1.x.1.1.1.abc', 'hello']) {
      const res = await scanAs(shop.staff.token, code);
      expect(res.status, code).toBe(400);
      expect(res.body.message).toBe('This code is not valid: it was not issued by this app');
    }
    const ar = await scanAs(shop.staff.token, flipped, 'merchantUser', 'ar');
    expect(ar.body.message).toBe('هذا الرمز غير صالح: لم يصدر عن هذا التطبيق');
    const empty = await scanAs(shop.staff.token, '');
    expect(empty.status).toBe(422);
  });

  it('refuses an expired code even when its signature holds', async () => {
    const shop = await shopFixture(t);
    const c = await customerFixture(t, 100);
    const r = await redeemAt(shop, c);
    const code = await signWithServerKey({
      kind: 'redeem',
      id: r.id,
      merchantId: shop.merchant.id,
      exp: Math.floor(Date.now() / 1000) - 1,
    });
    const res = await scanAs(shop.staff.token, code);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('This code has expired: ask the customer to refresh it');
    const ar = await scanAs(shop.staff.token, code, 'merchantUser', 'ar');
    expect(ar.body.message).toBe('انتهت صلاحية هذا الرمز: اطلب من العميل تحديثه');
    // the same claims with a future expiry are accepted: the key read back is the server's
    const fine = await signWithServerKey({
      kind: 'redeem',
      id: r.id,
      merchantId: shop.merchant.id,
      exp: Math.floor(Date.now() / 1000) + 60,
    });
    expect((await scanAs(shop.staff.token, fine)).status).toBe(200);
  });

  it("refuses another merchant's code, and staff of another branch", async () => {
    const shop = await shopFixture(t);
    const rival = await shopFixture(t);
    const c = await customerFixture(t, 100);
    const r = await redeemAt(shop, c);
    for (const [token, role] of [
      [rival.merchant.token, 'merchant'],
      [rival.staff.token, 'merchantUser'],
    ] as const) {
      const res = await scanAs(token, r.qr.code, role);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('This code belongs to another merchant');
    }
    const ar = await scanAs(rival.staff.token, r.qr.code, 'merchantUser', 'ar');
    expect(ar.body.message).toBe('هذا الرمز يخص تاجراً آخر');
    const otherBranch = await scanAs(shop.otherStaff.token, r.qr.code);
    expect(otherBranch.status).toBe(403);
    expect(otherBranch.body.message).toBe('This code is for a request at another branch');
    const noBranch = await staffFixture(t, shop.merchant.id, null);
    expect((await scanAs(noBranch.token, r.qr.code)).status).toBe(403);
    const customer = await t.call('merchantUser/qr/scan', { code: r.qr.code }, { token: c.token });
    expect(customer.status).toBe(403);
  });

  it('refuses a code of a request already approved or used', async () => {
    const shop = await shopFixture(t);
    const c = await customerFixture(t, 500);
    const offer = (await requestOffer(t, shop, c)) as unknown as { id: number; qr: { code: string } };
    const redeem = await redeemAt(shop, c);
    const order = await orderAt(shop, c);
    expect((await t.call('merchantUser/req/approve', { reqId: offer.id }, { token: shop.staff.token })).status).toBe(
      200,
    );
    expect(
      (await t.call('merchantUser/req/redeem/approve', { reqId: redeem.id }, { token: shop.staff.token })).status,
    ).toBe(200);
    const picked = await t.call(
      'merchant/product/req/changeStatus',
      { id: order.id, status: 'done' },
      { token: shop.merchant.token },
    );
    expect(picked.status).toBe(200);
    for (const r of [offer, redeem, order]) {
      const res = await scanAs(shop.staff.token, r.qr.code);
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('This request was already approved or used');
    }
    const ar = await scanAs(shop.staff.token, offer.qr.code, 'merchantUser', 'ar');
    expect(ar.body.message).toBe('تمت الموافقة على هذا الطلب أو استخدامه مسبقاً');
  });

  it('shares one signing key across processes through signing_keys', async () => {
    const rows = await t.db.selectFrom('signingKeys').select('kid').where('purpose', '=', 'qr').execute();
    expect(rows).toEqual([{ kid: 'k1' }]);
  });
});
