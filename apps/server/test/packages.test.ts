import { clock, messages } from '@loyalty/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { invoiceArabicNames } from '../src/db/migrations/0028-invoice-arabic-names';
import { type Charge, GatewayUnavailableError } from '../src/platform/payments/payment-gateway';
import { type TestGateway, testGateway } from '../src/platform/payments/test-gateway';
import { adminCommand } from './admin-command';
import { customerFixture, expectLedgerInvariant, requestOffer, shopFixture } from './fixtures-requests';
import { type MerchantFixture, merchantFixture, startTestServer, type TestServer } from './harness';
import { addCard, CARDS, moneyState, packageFixture } from './money-fixtures';

/**
 * The test gateway, made to lose its answer once on demand: the charge happens at the gateway but
 * the server hears only an error (a timeout), as when a network drops the response.
 */
const gateway: TestGateway & { loseNextAnswer: boolean } = (() => {
  const inner = testGateway();
  const g = {
    ...inner,
    name: 'test' as const,
    charges: inner.charges,
    loseNextAnswer: false,
    async charge(c: Charge) {
      const result = await inner.charge(c);
      if (g.loseNextAnswer) {
        g.loseNextAnswer = false;
        throw new GatewayUnavailableError('timeout');
      }
      return result;
    },
  };
  return g;
})();

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ payments: gateway });
});
afterEach(async () => {
  clock.set();
  if (t) await expectLedgerInvariant(t);
});
afterAll(async () => t?.close());

const chargesOf = (merchantCards: { token: string }[]) =>
  gateway.charges.filter((c) => merchantCards.some((m) => m.token === c.token));
const cardTokens = (merchantId: number) =>
  t.db.selectFrom('cards').select('token').where('merchantId', '=', merchantId).execute();

async function buyer() {
  const m = await merchantFixture(t);
  const card = await addCard(t, m.token);
  return { m, card };
}

describe('packages for sale', () => {
  it('lists active packages not past validto (data.packageData.rows and count), cheapest first', async () => {
    const m = await merchantFixture(t);
    clock.set(() => new Date('2026-03-10T12:00:00Z'));
    const cheap = await packageFixture(t, { name: 'Starter', amountCents: 1000, points: 500 });
    const lastDay = await packageFixture(t, { name: 'Ends today', amountCents: 2000, validto: '2026-03-10' });
    await packageFixture(t, { name: 'Expired', validto: '2026-03-09' });
    await packageFixture(t, { name: 'Hidden', isActive: false });
    const res = await t.call('merchant/package/list', { limit: 1000, page: 1 }, { token: m.token });
    expect(res.status).toBe(200);
    const names = res.body.data.packageData.rows.map((p: { name: string }) => p.name);
    expect(names).toContain('Starter');
    expect(names).toContain('Ends today');
    expect(names).not.toContain('Expired');
    expect(names).not.toContain('Hidden');
    expect(res.body.data.packageData.count).toBe(names.length);
    const starter = res.body.data.packageData.rows.find((p: { id: number }) => p.id === cheap.id);
    expect(starter).toMatchObject({
      amount: 10,
      points: 500,
      validto: null,
      isAvailable: true,
      nameAr: 'الباقة الذهبية',
    });
    const details = await t.call('merchant/package/details', { id: lastDay.id }, { token: m.token });
    expect(details.body.data).toMatchObject({ id: lastDay.id, amount: 20, validto: '2026-03-10', isAvailable: true });
  });

  it('details of an inactive or unknown package answer 404', async () => {
    const m = await merchantFixture(t);
    const hidden = await packageFixture(t, { isActive: false });
    for (const id of [hidden.id, 999999]) {
      const res = await t.call('merchant/package/details', { id }, { token: m.token });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Package not found');
    }
  });
});

describe('buying a package', () => {
  it('charges the card once, credits the points on the ledger, records the purchase and its invoice', async () => {
    const { m, card } = await buyer();
    const pkg = await packageFixture(t, { points: 2000, amountCents: 3500 });
    const res = await t.call(
      'merchant/req/package',
      { packageId: pkg.id, cardId: card.id, paymentType: 'stripe', paymentId: 'pm_fixed' },
      { token: m.token },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const bought = res.body.data;
    expect(bought).toMatchObject({
      points: 2000,
      amount: 35,
      paymentType: 'stripe',
      status: 'paid',
      balance: 2000,
      Package: { id: pkg.id, name: 'Gold pack' },
      card: { id: card.id, brand: 'visa', last4: '4242' },
      invoice: { name: 'Gold pack', amount: 35, status: 'paid', packageRequestId: bought.id },
    });
    // the invoice carries the package's Arabic name and description (issue 23)
    expect(bought.invoice).toMatchObject({ nameAr: 'الباقة الذهبية', descriptionAr: 'ألفا نقطة لعملائك' });
    const ledger = await t.db
      .selectFrom('ledgerEntries')
      .selectAll()
      .where('accountType', '=', 'merchant')
      .where('accountId', '=', m.id)
      .execute();
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({
      delta: 2000,
      balanceAfter: 2000,
      reason: 'packagePurchase',
      reference: `package_request:${bought.id}`,
    });
    const charges = chargesOf(await cardTokens(m.id));
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({ amountCents: 3500, currency: 'usd', result: 'succeeded' });
    const me = await t.call('merchant/me', {}, { token: m.token });
    expect(me.body.data.balance).toBe(2000);

    const list = await t.call('merchant/package/req/list', {}, { token: m.token });
    expect(list.body.data.count).toBe(1);
    expect(list.body.data.rows[0].id).toBe(bought.id);
    const details = await t.call('merchant/package/req/details', { id: bought.id }, { token: m.token });
    expect(details.body.data.invoice.id).toBe(bought.invoice.id);
    const invoices = await t.call('merchant/invoice/list', {}, { token: m.token });
    expect(invoices.body.data.rows).toEqual([bought.invoice]);
    const invoice = await t.call('merchant/invoice/details', { id: bought.invoice.id }, { token: m.token });
    expect(invoice.body.data).toEqual(bought.invoice);
  });

  it('a declined card changes nothing (balance, ledger, rows) and says why', async () => {
    const m = await merchantFixture(t);
    const declined = await addCard(t, m.token, { number: CARDS.declined });
    const pkg = await packageFixture(t);
    const before = await moneyState(t, m.id);
    for (const lang of ['en', 'ar'] as const) {
      const res = await t.call(
        'merchant/req/package',
        { packageId: pkg.id, cardId: declined.id },
        { token: m.token, lang },
      );
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(messages.cardDeclined[lang]);
    }
    expect(await moneyState(t, m.id)).toEqual(before);
    expect(chargesOf(await cardTokens(m.id)).map((c) => c.result)).toEqual(['declined', 'declined']);
  });

  it('an expired package changes nothing and says why; nothing is charged', async () => {
    const { m, card } = await buyer();
    clock.set(() => new Date('2026-03-10T12:00:00Z'));
    const pkg = await packageFixture(t, { validto: '2026-03-09' });
    const before = await moneyState(t, m.id);
    const res = await t.call('merchant/req/package', { packageId: pkg.id, cardId: card.id }, { token: m.token });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('This package is no longer for sale');
    expect(await moneyState(t, m.id)).toEqual(before);
    expect(chargesOf(await cardTokens(m.id))).toHaveLength(0);
  });

  it("another merchant's card answers 404 and charges nothing", async () => {
    const { card } = await buyer();
    const other = await merchantFixture(t);
    const pkg = await packageFixture(t);
    const res = await t.call('merchant/req/package', { packageId: pkg.id, cardId: card.id }, { token: other.token });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Card not found');
    expect(await moneyState(t, other.id)).toMatchObject({ balance: 0 });
  });

  it('the same purchase sent 20 times at once (same idempotency key) charges and credits once', async () => {
    const { m, card } = await buyer();
    const pkg = await packageFixture(t, { points: 700, amountCents: 1500 });
    const before = await moneyState(t, m.id);
    const all = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.call(
          'merchant/req/package',
          { packageId: pkg.id, cardId: card.id, idempotencyKey: 'tap-1' },
          { token: m.token },
        ),
      ),
    );
    for (const r of all) expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(new Set(all.map((r) => r.body.data.id)).size).toBe(1);
    const after = await moneyState(t, m.id);
    expect(after).toEqual({
      balance: before.balance + 700,
      packageRequests: before.packageRequests + 1,
      invoices: before.invoices + 1,
      paymentAttempts: before.paymentAttempts + 1,
      ledgerEntries: before.ledgerEntries + 1,
    });
    expect(chargesOf(await cardTokens(m.id))).toHaveLength(1);
  });

  it('a double tap without a key (the same body twice at once) also charges once; a new key buys again', async () => {
    const { m, card } = await buyer();
    const pkg = await packageFixture(t, { points: 300, amountCents: 700 });
    clock.set(() => new Date('2026-03-10T12:00:30Z'));
    const body = { packageId: pkg.id, cardId: card.id, paymentType: 'stripe', paymentId: 'fixed' };
    const taps = await Promise.all(
      Array.from({ length: 20 }, () => t.call('merchant/req/package', body, { token: m.token })),
    );
    for (const r of taps) expect(r.status).toBe(200);
    expect(new Set(taps.map((r) => r.body.data.id)).size).toBe(1);
    expect((await moneyState(t, m.id)).balance).toBe(300);
    const again = await t.call('merchant/req/package', { ...body, idempotencyKey: 'second' }, { token: m.token });
    expect(again.status).toBe(200);
    expect(again.body.data.balance).toBe(600);
    expect(chargesOf(await cardTokens(m.id))).toHaveLength(2);
  });

  it('the same key for another package answers 409', async () => {
    const { m, card } = await buyer();
    const a = await packageFixture(t);
    const b = await packageFixture(t, { name: 'Other' });
    expect(
      (
        await t.call(
          'merchant/req/package',
          { packageId: a.id, cardId: card.id, idempotencyKey: 'k' },
          { token: m.token },
        )
      ).status,
    ).toBe(200);
    const res = await t.call(
      'merchant/req/package',
      { packageId: b.id, cardId: card.id, idempotencyKey: 'k' },
      { token: m.token },
    );
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(messages.paymentKeyReused.en);
  });

  it('when the gateway answer is lost, the retry asks the gateway again with the same key: one charge, one credit', async () => {
    const { m, card } = await buyer();
    const pkg = await packageFixture(t, { points: 900 });
    const before = await moneyState(t, m.id);
    gateway.loseNextAnswer = true;
    const lost = await t.call(
      'merchant/req/package',
      { packageId: pkg.id, cardId: card.id, idempotencyKey: 'flaky' },
      { token: m.token },
    );
    expect(lost.status).toBe(409);
    expect(lost.body.message).toBe(messages.paymentFailed.en);
    expect((await moneyState(t, m.id)).balance).toBe(before.balance);
    const retry = await t.call(
      'merchant/req/package',
      { packageId: pkg.id, cardId: card.id, idempotencyKey: 'flaky' },
      { token: m.token },
    );
    expect(retry.status, JSON.stringify(retry.body)).toBe(200);
    expect(retry.body.data.balance).toBe(before.balance + 900);
    const charges = chargesOf(await cardTokens(m.id));
    expect(charges).toHaveLength(1); // the gateway kept one charge for the key; the retry got its answer
  });

  it("another merchant's purchases and invoices answer 404", async () => {
    const { m, card } = await buyer();
    const other = await merchantFixture(t);
    const pkg = await packageFixture(t);
    const bought = (await t.call('merchant/req/package', { packageId: pkg.id, cardId: card.id }, { token: m.token }))
      .body.data;
    const pr = await t.call('merchant/package/req/details', { id: bought.id }, { token: other.token });
    expect(pr.status).toBe(404);
    const inv = await t.call('merchant/invoice/details', { id: bought.invoice.id }, { token: other.token });
    expect(inv.status).toBe(404);
    expect((await t.call('merchant/package/req/list', {}, { token: other.token })).body.data.count).toBe(0);
    expect((await t.call('merchant/invoice/list', {}, { token: other.token })).body.data.count).toBe(0);
  });
});

describe('points history', () => {
  it('gives the invoices a database already had the Arabic name of their package (migration 0028)', async () => {
    const { m, card } = await buyer();
    const pkg = await packageFixture(t);
    const bought = (await t.call('merchant/req/package', { packageId: pkg.id, cardId: card.id }, { token: m.token }))
      .body.data;
    const migration = invoiceArabicNames(t.kind);
    await migration.down(t.db as never);
    await migration.up(t.db as never);
    const invoice = await t.call('merchant/invoice/details', { id: bought.invoice.id }, { token: m.token });
    expect(invoice.body.data).toMatchObject({
      name: 'Gold pack',
      nameAr: 'الباقة الذهبية',
      descriptionAr: 'ألفا نقطة لعملائك',
    });
  });

  it("shows the merchant's ledger newest first, paged, with what moved the points, who and where it links", async () => {
    const shop = await shopFixture(t, { points: 40 });
    const m: MerchantFixture = shop.merchant;
    const card = await addCard(t, m.token);
    const pkg = await packageFixture(t, { name: 'Silver pack', points: 1000 });
    const customer = await customerFixture(t, 500, 'Huda Buyer');
    const req = await requestOffer(t, shop, customer, 'points');
    expect((await t.call('merchant/req/approve', { reqId: req.id }, { token: m.token })).status).toBe(200);
    const bought = (await t.call('merchant/req/package', { packageId: pkg.id, cardId: card.id }, { token: m.token }))
      .body.data;

    const page1 = await t.call('merchant/points/history', { limit: 1, pageNum: 1 }, { token: m.token });
    expect(page1.status).toBe(200);
    expect(page1.body.data.count).toBe(2);
    expect(page1.body.data.rows).toHaveLength(1);
    expect(page1.body.data.rows[0]).toMatchObject({
      delta: 1000,
      balanceAfter: 1040,
      reason: 'packagePurchase',
      link: { type: 'packageRequest', id: bought.id },
      who: 'Silver pack',
      whoAr: 'الباقة الذهبية',
    });
    const page2 = await t.call('merchant/points/history', { limit: 1, pageNum: 2 }, { token: m.token });
    expect(page2.body.data.rows[0]).toMatchObject({
      delta: 40,
      balanceAfter: 40,
      reason: 'offerRequest',
      link: { type: 'offerRequest', id: req.id },
      who: 'Huda Buyer',
      whoAr: null,
    });
    // the customer's side of the same movement is not the merchant's history
    const other = await merchantFixture(t);
    expect((await t.call('merchant/points/history', {}, { token: other.token })).body.data).toEqual({
      rows: [],
      count: 0,
    });
  });
});

describe('operator: packages and invoices', () => {
  it('package add checks its input and adds a package for sale', async () => {
    clock.set(() => new Date('2026-03-10T12:00:00Z'));
    await expect(t.op.addPackage({ points: '10', amount: '5' })).rejects.toThrow('The name (--name) is required');
    await expect(t.op.addPackage({ name: 'X', points: '1.5', amount: '5' })).rejects.toThrow('whole number');
    await expect(t.op.addPackage({ name: 'X', points: '10', amount: '5.999' })).rejects.toThrow('amount in dollars');
    await expect(t.op.addPackage({ name: 'X', points: '10', amount: '0' })).rejects.toThrow('more than 0');
    await expect(t.op.addPackage({ name: 'X', points: '10', amount: '5', validto: '2026-02-30' })).rejects.toThrow(
      'YYYY-MM-DD',
    );
    await expect(t.op.addPackage({ name: 'X', points: '10', amount: '5', validto: '2026-03-09' })).rejects.toThrow(
      'already passed',
    );
    const p = await t.op.addPackage({
      name: 'Operator pack',
      points: '1500',
      amount: '25.50',
      description: 'For the spring',
      validto: '2026-04-30',
    });
    expect(p).toMatchObject({
      name: 'Operator pack',
      points: 1500,
      amountCents: 2550,
      amount: 25.5,
      validto: '2026-04-30',
    });
    const m = await merchantFixture(t);
    const list = await t.call('merchant/package/list', {}, { token: m.token });
    expect(list.body.data.packageData.rows.map((r: { id: number }) => r.id)).toContain(p.id);
  });

  it('invoice add records an issued invoice the merchant sees', async () => {
    const m = await merchantFixture(t);
    await expect(t.op.addInvoice({ merchant: '97400000000', name: 'Fee', amount: '10' })).rejects.toThrow(
      'No merchant',
    );
    await expect(t.op.addInvoice({ merchant: m.mobile, amount: '10' })).rejects.toThrow('(--name) is required');
    await expect(t.op.addInvoice({ merchant: m.mobile, name: 'Fee', amount: 'ten' })).rejects.toThrow(
      'amount in dollars',
    );
    const i = await t.op.addInvoice({ merchant: m.mobile, name: 'Monthly fee', amount: '49.99' });
    const res = await t.call('merchant/invoice/list', {}, { token: m.token });
    expect(res.body.data.rows).toEqual([
      {
        id: i.id,
        name: 'Monthly fee',
        nameAr: null,
        description: null,
        descriptionAr: null,
        amount: 49.99,
        status: 'issued',
        packageRequestId: null,
        createdAt: i.createdAt,
      },
    ]);
    // with its Arabic name and description (issue 23)
    const ar = await t.op.addInvoice({
      merchant: m.mobile,
      name: 'Setup fee',
      nameAr: 'رسوم الإعداد',
      amount: '20',
      description: 'One time',
      descriptionAr: 'مرة واحدة',
    });
    const details = await t.call('merchant/invoice/details', { id: ar.id }, { token: m.token });
    expect(details.body.data).toMatchObject({ name: 'Setup fee', nameAr: 'رسوم الإعداد', descriptionAr: 'مرة واحدة' });
  });

  it.skipIf(process.env.TEST_DB === 'postgres')(
    'works from the command line, with clear errors and a non-zero exit on bad input',
    async () => {
      const m = await merchantFixture(t);
      const run = (args: string[]) =>
        adminCommand(args, { DATA_DIR: t.deps.dataDir, DATABASE_URL: '', STRIPE_SECRET_KEY: '' });
      const added = await run(['package', 'add', '--name', 'CLI pack', '--points', '250', '--amount', '4.5']);
      expect(added.stdout).toMatch(/^Added package \d+: CLI pack, 250 P for \$4\.50\.$/m);
      await expect(run(['package', 'add', '--name', 'Bad', '--points', 'many', '--amount'])).rejects.toMatchObject({
        code: 1,
        stderr: expect.stringContaining('--amount needs a value'),
      });
      const invoice = await run(['invoice', 'add', '--merchant', m.mobile, '--name', 'Setup fee', '--amount', '20']);
      expect(invoice.stdout).toContain(`for ${m.name} (${m.mobile}): Setup fee, $20.00.`);
      const res = await t.call('merchant/invoice/list', {}, { token: m.token });
      expect(res.body.data.rows.map((i: { name: string }) => i.name)).toEqual(['Setup fee']);
    },
    180_000,
  );
});
