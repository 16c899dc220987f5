import { messages } from '@loyalty/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CardRejectedError, GatewayUnavailableError } from '../src/platform/payments/payment-gateway';
import { paymentGatewayFrom } from '../src/platform/payments/payments';
import { stripeGateway } from '../src/platform/payments/stripe-gateway';
import { merchantFixture, startTestServer, type TestServer } from './harness';
import { addCard, CARDS, moneyState, packageFixture } from './money-fixtures';
import { FAKE_STRIPE_KEY, startFakeStripe } from './stripe-fake';

let fake: Awaited<ReturnType<typeof startFakeStripe>>;
let t: TestServer;
beforeAll(async () => {
  fake = await startFakeStripe();
  t = await startTestServer({ payments: stripeGateway({ secretKey: FAKE_STRIPE_KEY, apiBase: fake.url }) });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const card = { holder: 'Noor Al Thani', number: '4242424242424242', expMonth: '08', expYear: '2031', cvc: '987' };

describe('the Stripe gateway, against a local fake of Stripe', () => {
  it('is chosen when STRIPE_SECRET_KEY is set, else the test gateway', () => {
    expect(paymentGatewayFrom({ stripeSecretKey: 'sk_test_x' }).name).toBe('stripe');
    expect(paymentGatewayFrom({}).name).toBe('test');
  });

  it('saves a card as a customer with an attached payment method; charges it once per idempotency key', async () => {
    const g = stripeGateway({ secretKey: FAKE_STRIPE_KEY, apiBase: fake.url });
    const saved = await g.saveCard(card);
    expect(saved).toMatchObject({ brand: 'visa', last4: '4242' });
    const [customer, pm] = saved.token.split(':');
    expect(customer).toMatch(/^cus_/);
    expect(pm).toMatch(/^pm_/);
    expect(fake.paymentMethods.get(pm)?.customer).toBe(customer);

    const charge = {
      token: saved.token,
      amountCents: 3500,
      currency: 'usd' as const,
      idempotencyKey: 'pp:1',
      reference: 'test:1',
      description: 'Gold',
    };
    const first = await g.charge(charge);
    const again = await g.charge(charge);
    expect(first.status).toBe('succeeded');
    expect(again).toEqual(first);
    const intents = fake.intents.filter((i) => i.paymentMethod === pm);
    expect(intents).toHaveLength(1);
    expect(intents[0]).toMatchObject({ amount: 3500, currency: 'usd', customer });
    const sent = fake.requests.filter((r) => r.path === '/v1/payment_intents' && r.idempotencyKey === 'pp:1');
    expect(sent).toHaveLength(2);
  });

  it('a declined card is a declined charge; a refused number is a rejected card; an unreachable Stripe is unavailable', async () => {
    const g = stripeGateway({ secretKey: FAKE_STRIPE_KEY, apiBase: fake.url });
    const declined = await g.saveCard({ ...card, number: '4000000000000002' });
    const res = await g.charge({
      token: declined.token,
      amountCents: 100,
      currency: 'usd',
      idempotencyKey: 'pp:2',
      reference: 'test:2',
      description: 'x',
    });
    expect(res).toEqual({ status: 'declined', reason: 'generic_decline' });
    await expect(g.saveCard({ ...card, number: '4242424242424241' })).rejects.toBeInstanceOf(CardRejectedError);
    const down = stripeGateway({ secretKey: FAKE_STRIPE_KEY, apiBase: 'http://127.0.0.1:9' });
    await expect(
      down.charge({
        token: declined.token,
        amountCents: 100,
        currency: 'usd',
        idempotencyKey: 'pp:3',
        reference: 'test:3',
        description: 'x',
      }),
    ).rejects.toBeInstanceOf(GatewayUnavailableError);
    const badKey = stripeGateway({ secretKey: 'sk_test_wrong', apiBase: fake.url });
    await expect(badKey.saveCard(card)).rejects.toBeInstanceOf(GatewayUnavailableError);
  });

  it('through the app: a card and a purchase, 20 taps at once make one PaymentIntent; a decline changes nothing', async () => {
    const m = await merchantFixture(t);
    const visa = await addCard(t, m.token);
    expect(visa).toMatchObject({ last4: '4242', cardNumber: '•••• •••• •••• 4242' });
    const row = await t.db.selectFrom('cards').selectAll().where('id', '=', visa.id).executeTakeFirstOrThrow();
    expect(row.gateway).toBe('stripe');
    expect(row.token).toMatch(/^cus_fake\d+:pm_fake\d+$/);

    const pkg = await packageFixture(t, { points: 2000, amountCents: 3500 });
    const taps = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.call(
          'merchant/req/package',
          { packageId: pkg.id, cardId: visa.id, idempotencyKey: 'sheet-1' },
          { token: m.token },
        ),
      ),
    );
    for (const r of taps) expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(new Set(taps.map((r) => r.body.data.id)).size).toBe(1);
    expect(taps[0].body.data.balance).toBe(2000);
    const pm = row.token.split(':')[1];
    const intents = fake.intents.filter((i) => i.paymentMethod === pm);
    expect(intents).toHaveLength(1);
    expect(intents[0]).toMatchObject({ amount: 3500, currency: 'usd' });
    const attempt = await t.db
      .selectFrom('paymentAttempts')
      .selectAll()
      .where('merchantId', '=', m.id)
      .executeTakeFirstOrThrow();
    expect(attempt).toMatchObject({ status: 'succeeded', chargeId: intents[0].id });
    expect(
      fake.requests.filter((r) => r.path === '/v1/payment_intents' && r.form.get('payment_method') === pm),
    ).toEqual([expect.objectContaining({ idempotencyKey: `package_purchase:${attempt.id}` })]);

    const declined = await addCard(t, m.token, { number: CARDS.declined });
    const before = await moneyState(t, m.id);
    const res = await t.call('merchant/req/package', { packageId: pkg.id, cardId: declined.id }, { token: m.token });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(messages.cardDeclined.en);
    expect(await moneyState(t, m.id)).toEqual(before);
  });

  it('through the app: a number Stripe refuses is a field error; deleting a card detaches it at Stripe', async () => {
    const m = await merchantFixture(t);
    const first = await addCard(t, m.token);
    const res = await t.call(
      'merchant/card/add',
      { nameOnCard: 'Noor', cardNumber: '4000 0000 0000 0069', expirationDate: '08-2031', CVV: '123' },
      { token: m.token },
    );
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([{ field: 'cardNumber', message: messages.cardNotAccepted.en }]);
    const second = await addCard(t, m.token, { number: CARDS.mastercard });
    const del = await t.call('merchant/card/delete', { id: second.id }, { token: m.token });
    expect(del.status).toBe(200);
    const pm = (await t.db.selectFrom('cards').select('token').where('id', '=', first.id).executeTakeFirstOrThrow())
      .token;
    expect(fake.requests.filter((r) => r.path.endsWith('/detach')).length).toBeGreaterThan(0);
    expect(fake.paymentMethods.get(pm.split(':')[1])?.customer).toMatch(/^cus_/); // the kept card stays attached
    expect(first.isDefault).toBe(true);
  });
});

describe('a purchase whose outcome was lost, a day later (Stripe keeps idempotency keys 24 hours)', () => {
  const INTENTS = '/v1/payment_intents';
  const dayLater = async (merchantId: number) => {
    await t.db
      .updateTable('paymentAttempts')
      .set({ createdAt: new Date(Date.now() - 25 * 3600_000).toISOString() })
      .where('merchantId', '=', merchantId)
      .execute();
    fake.forgetIdempotencyKeys();
  };
  const pmOf = async (cardId: number) =>
    (await t.db.selectFrom('cards').select('token').where('id', '=', cardId).executeTakeFirstOrThrow()).token.split(
      ':',
    )[1];
  const buy = (m: { token: string }, packageId: number, cardId: number, key: string) =>
    t.call('merchant/req/package', { packageId, cardId, idempotencyKey: key }, { token: m.token });

  it('Stripe charged but the answer was lost: the retry looks the charge up and records it, no second charge', async () => {
    const m = await merchantFixture(t);
    const visa = await addCard(t, m.token);
    const pkg = await packageFixture(t, { points: 700, amountCents: 1200 });
    const pm = await pmOf(visa.id);
    fake.dropAnswers(INTENTS, 3); // the SDK's request and its two retries
    const lost = await buy(m, pkg.id, visa.id, 'lost-1');
    expect(lost.status).toBe(409);
    expect(lost.body.message).toBe(messages.paymentFailed.en);
    expect(fake.intents.filter((i) => i.paymentMethod === pm)).toHaveLength(1);
    expect((await moneyState(t, m.id)).balance).toBe(0);

    await dayLater(m.id);
    const posts = fake.requests.filter((r) => r.path === INTENTS && r.method === 'POST').length;
    const retry = await buy(m, pkg.id, visa.id, 'lost-1');
    expect(retry.status, JSON.stringify(retry.body)).toBe(200);
    expect(retry.body.data.balance).toBe(700);
    const intents = fake.intents.filter((i) => i.paymentMethod === pm);
    expect(intents).toHaveLength(1);
    expect(fake.requests.filter((r) => r.path === INTENTS && r.method === 'POST')).toHaveLength(posts);
    expect(fake.requests.some((r) => r.path === INTENTS && r.method === 'GET')).toBe(true);
    const attempt = await t.db
      .selectFrom('paymentAttempts')
      .selectAll()
      .where('merchantId', '=', m.id)
      .executeTakeFirstOrThrow();
    expect(attempt).toMatchObject({ status: 'succeeded', chargeId: intents[0].id });
    expect(intents[0].metadata).toEqual({ reference: `package_purchase:${attempt.id}` });
  });

  it('nothing reached Stripe: the retry finds no charge and charges once, with a new key', async () => {
    const m = await merchantFixture(t);
    const visa = await addCard(t, m.token);
    const pkg = await packageFixture(t, { points: 300, amountCents: 500 });
    const pm = await pmOf(visa.id);
    fake.refuseNext(INTENTS, 3);
    expect((await buy(m, pkg.id, visa.id, 'never-1')).status).toBe(409);
    expect(fake.intents.filter((i) => i.paymentMethod === pm)).toHaveLength(0);
    await dayLater(m.id);
    const retry = await buy(m, pkg.id, visa.id, 'never-1');
    expect(retry.status, JSON.stringify(retry.body)).toBe(200);
    expect(retry.body.data.balance).toBe(300);
    expect(fake.intents.filter((i) => i.paymentMethod === pm)).toHaveLength(1);
    const attempt = await t.db
      .selectFrom('paymentAttempts')
      .select('id')
      .where('merchantId', '=', m.id)
      .executeTakeFirstOrThrow();
    const charged = fake.requests.filter(
      (r) => r.path === INTENTS && r.method === 'POST' && r.form.get('payment_method') === pm,
    );
    expect(charged.at(-1)?.idempotencyKey).toMatch(new RegExp(`^package_purchase:${attempt.id}:\\d+$`));
  });

  it('Stripe declined but the answer was lost: the retry finds the decline, records nothing and charges nothing', async () => {
    const m = await merchantFixture(t);
    const declined = await addCard(t, m.token, { number: CARDS.declined });
    const pkg = await packageFixture(t, { points: 300, amountCents: 500 });
    const pm = await pmOf(declined.id);
    fake.dropAnswers(INTENTS, 3);
    expect((await buy(m, pkg.id, declined.id, 'dec-1')).status).toBe(409);
    await dayLater(m.id);
    const before = await moneyState(t, m.id);
    const retry = await buy(m, pkg.id, declined.id, 'dec-1');
    expect(retry.status).toBe(409);
    expect(retry.body.message).toBe(messages.cardDeclined.en);
    expect(fake.intents.filter((i) => i.paymentMethod === pm)).toHaveLength(1);
    expect(await t.db.selectFrom('paymentAttempts').select('id').where('merchantId', '=', m.id).execute()).toEqual([]);
    expect((await moneyState(t, m.id)).balance).toBe(before.balance);
  });
});
