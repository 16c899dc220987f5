/**
 * Fixtures of the requests tests: live merchants with branches, staff, offers and products written
 * straight into the database (the catalogue's own calls are tested elsewhere), customers signed up
 * through the API with points granted through the ledger, and the ledger invariant.
 */
import { businessDate } from '@loyalty/contract';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { nowIso } from '../src/db/dialect';
import { staffLogin } from './catalogue-fixtures';
import { merchantFixture, nextMobile, signUpCustomer, startTestServer, type TestServer } from './harness';

/**
 * A date `days` from today on the business calendar (Asia/Qatar, as the server judges an offer's
 * dates), YYYY-MM-DD: from 21:00 UTC on, the UTC date is a day behind it.
 */
export const day = (days = 0): string => businessDate(new Date(Date.now() + days * 86_400_000));

export async function liveMerchant(t: TestServer, name?: string) {
  const m = await merchantFixture(t, { name });
  const live = await t.call('merchant/goLive', { isLive: true }, { token: m.token });
  if (live.status !== 200) throw new Error(`goLive failed: ${live.status}`);
  return m;
}

export async function branchFixture(t: TestServer, merchantId: number, o: { isActive?: boolean; name?: string } = {}) {
  const now = nowIso();
  const branchName = o.name ?? `Branch ${nextMobile('b')}`;
  const row = await t.db
    .insertInto('branches')
    .values({
      merchantId,
      branchName,
      address: `${branchName} street, Doha`,
      addressAr: `شارع ${branchName}، الدوحة`,
      phone: '97444000000',
      lat: 25.28,
      long: 51.53,
      isActive: o.isActive === false ? 0 : 1,
      createdAt: now,
      updatedAt: now,
    })
    .returning(['id', 'branchName', 'address'])
    .executeTakeFirstOrThrow();
  return row;
}

export interface OfferOptions {
  points?: number;
  priceCents?: number;
  available?: number;
  startDate?: string;
  endDate?: string;
  isActive?: boolean;
  title?: string;
}

export async function offerFixture(t: TestServer, merchantId: number, branchIds: number[], o: OfferOptions = {}) {
  const now = nowIso();
  const row = await t.db
    .insertInto('offers')
    .values({
      merchantId,
      title: o.title ?? 'Two coffees for one',
      titleAr: 'قهوتان بسعر واحدة',
      description: 'Buy one coffee and get the second one free, any size, all day long.',
      descriptionAr: 'اشترِ قهوة واحصل على الثانية مجاناً، أي حجم، طوال اليوم.',
      priceCents: o.priceCents ?? 1250,
      points: o.points ?? 40,
      availableNumberOfOffers: o.available ?? 10,
      startDate: o.startDate ?? day(-1),
      endDate: o.endDate ?? day(30),
      rate: 4.5,
      isActive: o.isActive === false ? 0 : 1,
      createdAt: now,
      updatedAt: now,
    })
    .returning(['id', 'points', 'priceCents'])
    .executeTakeFirstOrThrow();
  for (const branchId of branchIds)
    await t.db.insertInto('offerBranches').values({ offerId: row.id, branchId }).execute();
  return row;
}

export async function productFixture(
  t: TestServer,
  merchantId: number,
  o: { isActive?: boolean; stockAmount?: number; deliveryAvailability?: boolean } = {},
) {
  const now = nowIso();
  return t.db
    .insertInto('products')
    .values({
      merchantId,
      name: 'Date cake',
      nameAr: 'كعكة التمر',
      description: 'A moist date cake baked fresh every morning in our kitchen.',
      descriptionAr: 'كعكة تمر طرية تخبز طازجة كل صباح في مطبخنا.',
      priceCents: 900,
      stockAmount: o.stockAmount ?? 5,
      points: 30,
      image: null,
      rate: 0,
      deliveryAvailability: o.deliveryAvailability === false ? 0 : 1,
      isActive: o.isActive === false ? 0 : 1,
      createdAt: now,
      updatedAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** A staff member (merchantUser) of a branch, logged in (the catalogue tests' fixture). */
export const staffFixture = (t: TestServer, merchantId: number, branchId: number | null) =>
  staffLogin(t, merchantId, branchId);

/**
 * Starts a server for the file and checks the ledger invariant after every test; `use` receives the
 * server (a test file keeps it in its own `t`).
 */
export function withRequestsServer(use: (t: TestServer) => void): void {
  let t: TestServer | undefined;
  beforeAll(async () => {
    t = await startTestServer();
    use(t);
  });
  afterEach(async () => {
    if (t) await expectLedgerInvariant(t);
  });
  afterAll(async () => t?.close());
}

/** A customer signed up and logged in through the API, with `points` granted by the operator. */
export async function customerFixture(t: TestServer, points = 0, name = 'Mariam Customer') {
  const c = await signUpCustomer(t, { name });
  if (points > 0) await t.op.grantCustomerPoints(c.mobile, points);
  return { id: c.id, mobile: c.mobile, name, token: c.token };
}

/** A live merchant with two branches, a staff member at each and an offer carried by the first. */
export async function shopFixture(t: TestServer, offer: OfferOptions = {}) {
  const merchant = await liveMerchant(t);
  const branch = await branchFixture(t, merchant.id);
  const otherBranch = await branchFixture(t, merchant.id);
  const staff = await staffFixture(t, merchant.id, branch.id);
  const otherStaff = await staffFixture(t, merchant.id, otherBranch.id);
  const o = await offerFixture(t, merchant.id, [branch.id], offer);
  return { merchant, branch, otherBranch, staff, otherStaff, offer: o };
}

export type Shop = Awaited<ReturnType<typeof shopFixture>>;

/** A customer's request of the shop's offer through the customer API. */
export async function requestOffer(
  t: TestServer,
  shop: Shop,
  c: { token: string },
  payWith: 'points' | 'price' = 'points',
  branchId = shop.branch.id,
) {
  const res = await t.call('user/offer/request', { offerId: shop.offer.id, branchId, payWith }, { token: c.token });
  if (res.status !== 200) throw new Error(`request failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as { id: number; code: string };
}

export const availableOf = async (t: TestServer, offerId: number) =>
  (
    await t.db
      .selectFrom('offers')
      .select('availableNumberOfOffers')
      .where('id', '=', offerId)
      .executeTakeFirstOrThrow()
  ).availableNumberOfOffers;

/** The audit rows and the feed events' actions of one offer request, oldest first. */
export async function journalOf(t: TestServer, reqId: number) {
  const audit = await t.db
    .selectFrom('auditLog')
    .select('action')
    .where('entity', '=', 'offerRequest')
    .where('entityId', '=', reqId)
    .orderBy('id')
    .execute();
  const events = await t.db
    .selectFrom('counterEvents')
    .select('action')
    .where('kind', '=', 'offerRequest')
    .where('entityId', '=', reqId)
    .orderBy('id')
    .execute();
  return { audit: audit.map((a) => a.action), events: events.map((e) => e.action) };
}

/**
 * `n` approvals of one request at once, shared by two staff members of its branch and the merchant
 * (`suffix` is the call after `merchant/` or `merchantUser/`, e.g. `req/approve`).
 */
export async function approveConcurrently(t: TestServer, shop: Shop, suffix: string, reqId: number, n = 50) {
  const second = await staffFixture(t, shop.merchant.id, shop.branch.id);
  const tokens = [shop.staff.token, second.token, shop.merchant.token];
  return Promise.all(
    Array.from({ length: n }, (_, i) =>
      t.call(`${i % 3 === 2 ? 'merchant' : 'merchantUser'}/${suffix}`, { reqId }, { token: tokens[i % 3] }),
    ),
  );
}

export const balanceOf = async (t: TestServer, type: 'merchant' | 'user', id: number) =>
  (
    await t.db
      .selectFrom(type === 'merchant' ? 'merchants' : 'customers')
      .select('balance')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).balance;

/**
 * The ledger invariant of docs/domain.md ("The ledger"): for every merchant and customer, the
 * balance is the sum of its ledger rows; no balance and no balanceAfter is negative; each row's
 * balanceAfter is the running sum of the account's rows in order.
 */
export async function expectLedgerInvariant(t: TestServer): Promise<void> {
  const entries = await t.db.selectFrom('ledgerEntries').selectAll().orderBy('id').execute();
  const running = new Map<string, number>();
  for (const e of entries) {
    const key = `${e.accountType}:${e.accountId}`;
    const sum = (running.get(key) ?? 0) + e.delta;
    running.set(key, sum);
    expect(e.balanceAfter, `balanceAfter of ledger row ${e.id}`).toBe(sum);
    expect(e.balanceAfter).toBeGreaterThanOrEqual(0);
  }
  const merchants = await t.db.selectFrom('merchants').select(['id', 'balance']).execute();
  const customers = await t.db.selectFrom('customers').select(['id', 'balance']).execute();
  for (const [type, rows] of [
    ['merchant', merchants],
    ['user', customers],
  ] as const) {
    for (const r of rows) {
      expect(r.balance, `${type} ${r.id} balance`).toBe(running.get(`${type}:${r.id}`) ?? 0);
      expect(r.balance).toBeGreaterThanOrEqual(0);
    }
  }
}
