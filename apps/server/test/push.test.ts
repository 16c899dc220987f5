/**
 * Web Push (docs/architecture.md, "Push notifications"): devices register through the login's device
 * token or merchant/push/subscribe, new requests reach the branch's staff and the merchant, an assigned
 * delivery reaches the courier, messages arrive encrypted at a loopback push service that decrypts
 * them, expired subscriptions are removed and signing out removes the device.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { branchFixture, customerFixture, liveMerchant, offerFixture } from './fixtures-requests';
import { insertStaff, merchantFixture, startTestServer, type TestServer } from './harness';
import { buyer, orderProduct } from './orders-fixtures';
import { eventually, type FakeDevice, type FakePushService, startFakePushService } from './push-fake';

let t: TestServer;
let push: FakePushService;

beforeAll(async () => {
  push = await startFakePushService();
  t = await startTestServer({ push: { allowHttpEndpoints: true } });
});
afterAll(async () => {
  await t?.close();
  await push?.close();
});

const subscriptionsOf = (endpoint: string) =>
  t.db.selectFrom('pushSubscriptions').selectAll().where('endpoint', '=', endpoint).execute();

/** Signs in with the device's subscription as the device token (SPEC §7 merchant/login). */
async function loginWith(username: string, password: string, device?: FakeDevice, lang: 'en' | 'ar' = 'en') {
  const res = await t.call('merchant/login', { username, password, deviceToken: device?.token }, { lang });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.token as string;
}

async function world() {
  const merchant = await liveMerchant(t);
  const branch = await branchFixture(t, merchant.id);
  const otherBranch = await branchFixture(t, merchant.id);
  const staff = await insertStaff(t, merchant.id, { branchId: branch.id });
  const otherStaff = await insertStaff(t, merchant.id, { branchId: otherBranch.id });
  const courier = await insertStaff(t, merchant.id, { branchId: branch.id, rule: 'delivery' });
  const devices = {
    merchant: push.device(),
    staff: push.device(),
    otherStaff: push.device(),
    courier: push.device(),
  };
  const tokens = {
    merchant: await loginWith(merchant.mobile, merchant.password, devices.merchant),
    staff: await loginWith(staff.mobileNum, staff.password, devices.staff, 'ar'),
    otherStaff: await loginWith(otherStaff.mobileNum, otherStaff.password, devices.otherStaff),
    courier: await loginWith(courier.mobileNum, courier.password, devices.courier),
  };
  return { merchant, branch, otherBranch, staff, courier, devices, tokens };
}

const settle = () => new Promise((r) => setTimeout(r, 300));

describe('registration', () => {
  it('publishes one VAPID public key, stored once in app_secrets', async () => {
    const a = await t.call('merchant/push/publicKey');
    const b = await t.call('merchant/push/publicKey');
    expect(a.status).toBe(200);
    expect(a.body.data.publicKey).toMatch(/^[A-Za-z0-9_-]{80,90}$/);
    expect(b.body.data.publicKey).toBe(a.body.data.publicKey);
    const row = await t.db.selectFrom('appSecrets').select('value').where('name', '=', 'push.vapid').executeTakeFirst();
    expect(JSON.parse(row!.value).publicKey).toBe(a.body.data.publicKey);
  });

  it('stores the subscription sent as the login device token, and ignores a legacy token', async () => {
    const m = await liveMerchant(t);
    const device = push.device();
    await loginWith(m.mobile, m.password, device, 'ar');
    const rows = await subscriptionsOf(device.endpoint);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ subjectType: 'merchant', subjectId: m.id, lang: 'ar' });

    const legacy = await t.call('merchant/login', {
      username: m.mobile,
      password: m.password,
      deviceToken: 'fcm-legacy-token-123',
    });
    expect(legacy.status).toBe(200);
    const count = await t.db.selectFrom('pushSubscriptions').select('id').where('subjectId', '=', m.id).execute();
    expect(count).toHaveLength(1);
  });

  it('registers through merchant/push/subscribe and refuses a token that is not a subscription', async () => {
    const m = await liveMerchant(t);
    const device = push.device();
    const ok = await t.call('merchant/push/subscribe', { deviceToken: device.token }, { token: m.token });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(await subscriptionsOf(device.endpoint)).toHaveLength(1);

    const bad = await t.call('merchant/push/subscribe', { deviceToken: 'not-json' }, { token: m.token, lang: 'ar' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0]).toEqual({ field: 'deviceToken', message: 'تسجيل هذا الجهاز غير صالح' });

    const anonymous = await t.call('merchant/push/subscribe', { deviceToken: device.token });
    expect(anonymous.status).toBe(401);
  });

  it('signing out removes the device', async () => {
    const m = await liveMerchant(t);
    const device = push.device();
    const token = await loginWith(m.mobile, m.password, device);
    expect(await subscriptionsOf(device.endpoint)).toHaveLength(1);
    const out = await t.call('merchant/logout', {}, { token });
    expect(out.status).toBe(200);
    expect(await subscriptionsOf(device.endpoint)).toHaveLength(0);
  });
});

describe('sending', () => {
  it('sends the test notification to the calling device, encrypted, in its language', async () => {
    const m = await liveMerchant(t);
    const device = push.device();
    const token = await loginWith(m.mobile, m.password, device, 'ar');
    const key = (await t.call('merchant/push/publicKey')).body.data.publicKey;
    const res = await t.call('merchant/push/test', {}, { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({ sent: 1, failed: 0 });
    expect(device.received).toHaveLength(1);
    const [msg] = device.received;
    expect(msg.payload).toMatchObject({ title: 'إشعار تجريبي', data: { id: null, type: 'test' } });
    expect(msg.authorization).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${key}$`));
    expect(Number(msg.ttl)).toBeGreaterThan(0);
  });

  it('answers 0 sent for the test when this session registered no device', async () => {
    const m = await liveMerchant(t);
    const device = push.device();
    await loginWith(m.mobile, m.password, device);
    // m.token is another session (the sign-up's): its device list is empty
    const res = await t.call('merchant/push/test', {}, { token: m.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ sent: 0, failed: 0 });
    await settle();
    expect(device.received).toHaveLength(0);
  });

  it("tells the merchant and the branch's staff of a new offer request, not the other branch", async () => {
    const w = await world();
    const offer = await offerFixture(t, w.merchant.id, [w.branch.id], { title: 'Free dessert' });
    const customer = await customerFixture(t, 100, 'Aisha Customer');
    const res = await t.call(
      'user/offer/request',
      { offerId: offer.id, branchId: w.branch.id, payWith: 'points' },
      { token: customer.token },
    );
    expect(res.status).toBe(200);
    const id = res.body.data.id;
    await eventually(() => w.devices.merchant.received.length === 1, 'the merchant');
    await eventually(() => w.devices.staff.received.length === 1, 'the staff');
    expect(w.devices.merchant.received[0].payload).toMatchObject({
      title: 'New offer request',
      body: 'Aisha Customer asked for Free dessert',
      data: { id, type: 'offerRequest' },
    });
    // the staff member signed in in Arabic
    expect(w.devices.staff.received[0].payload).toMatchObject({
      title: 'طلب عرض جديد',
      body: 'طلب Aisha Customer العرض قهوتان بسعر واحدة',
      data: { id, type: 'offerRequest' },
    });
    await settle();
    expect(w.devices.otherStaff.received).toHaveLength(0);
    expect(w.devices.courier.received).toHaveLength(0);
  });

  it('tells the branch of a redeem request and of a product request; the courier of an assigned delivery', async () => {
    const w = await world();
    const customer = await buyer(t, 500, 'Omar Buyer');
    const redeem = await t.call(
      'user/redeem',
      { merchantId: w.merchant.id, branchId: w.branch.id, amount: 25 },
      { token: customer.token },
    );
    expect(redeem.status, JSON.stringify(redeem.body)).toBe(200);
    await eventually(() => w.devices.staff.received.length === 1, 'the redeem');
    expect(w.devices.merchant.received[0]?.payload).toMatchObject({
      title: 'New redeem request',
      body: 'Omar Buyer wants to redeem 25 points',
      data: { id: redeem.body.data.id, type: 'redeem' },
    });

    const product = await orderProduct(t, w.merchant.id, { deliveryAvailability: true });
    const ordered = await t.call(
      'user/product/request',
      {
        productId: product.id,
        branchId: w.branch.id,
        type: 'delivery',
        addressId: customer.addressId,
        payWith: 'points',
      },
      { token: customer.token },
    );
    expect(ordered.status, JSON.stringify(ordered.body)).toBe(200);
    const id = ordered.body.data.id;
    await eventually(() => w.devices.merchant.received.length === 2, 'the product request');
    expect(w.devices.merchant.received[1].payload).toMatchObject({
      title: 'New product request',
      data: { id, type: 'productRequest' },
    });
    expect(w.devices.courier.received).toHaveLength(0);

    const assigned = await t.call(
      'merchant/product/employee/assignDelivery',
      { productRequestIds: JSON.stringify([id]), employeeId: w.courier.id },
      { token: w.tokens.merchant },
    );
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    await eventually(() => w.devices.courier.received.length === 1, 'the courier');
    expect(w.devices.courier.received[0].payload).toMatchObject({
      title: 'New delivery assigned',
      body: 'Deliver Saffron coffee beans to Omar Buyer',
      data: { id, type: 'delivery' },
    });
    await settle();
    expect(w.devices.otherStaff.received).toHaveLength(0);
  });

  it('removes a subscription the push service says is gone (410), and keeps the others', async () => {
    const m = await liveMerchant(t);
    const gone = push.device(410);
    const token = await loginWith(m.mobile, m.password, gone);
    const res = await t.call('merchant/push/test', {}, { token });
    expect(res.body.data).toEqual({ sent: 0, failed: 1 });
    expect(await subscriptionsOf(gone.endpoint)).toHaveLength(0);

    const refused = push.device(500);
    const token2 = await loginWith(m.mobile, m.password, refused);
    const res2 = await t.call('merchant/push/test', {}, { token: token2 });
    expect(res2.body.data).toEqual({ sent: 0, failed: 1 });
    expect(await subscriptionsOf(refused.endpoint)).toHaveLength(1);
  });

  it('a new request still succeeds when the push service cannot be reached', async () => {
    const w = await world();
    await t.db
      .updateTable('pushSubscriptions')
      .set({ endpoint: 'http://127.0.0.1:1/push/nowhere' })
      .where('endpoint', '=', w.devices.staff.endpoint)
      .execute();
    const offer = await offerFixture(t, w.merchant.id, [w.branch.id]);
    const customer = await customerFixture(t, 100);
    const res = await t.call(
      'user/offer/request',
      { offerId: offer.id, branchId: w.branch.id, payWith: 'points' },
      { token: customer.token },
    );
    expect(res.status).toBe(200);
    await eventually(() => w.devices.merchant.received.length === 1, 'the merchant');
  });
});

describe('ticket replies', () => {
  it("an operator's reply reaches the merchant's devices only, with the reply as the body", async () => {
    const w = await world();
    const created = await t.call(
      'merchant/ticket/create',
      { portalType: 'user', ticketType: 'general', ticketBody: 'Where is my invoice?' },
      { token: w.tokens.merchant },
    );
    expect(created.status).toBe(200);
    const ticketId = Number(created.body.data.id);
    expect(await t.services.tickets.operatorReply(ticketId, 'We have refunded the fee.', 0)).toBeDefined();
    await t.services.push.idle();
    expect(w.devices.merchant.received.map((r) => r.payload)).toEqual([
      expect.objectContaining({
        title: 'New reply on your ticket',
        body: 'We have refunded the fee.',
        data: { id: ticketId, type: 'ticket' },
      }),
    ]);
    expect(w.devices.staff.received).toHaveLength(0);
    expect(w.devices.courier.received).toHaveLength(0);
  });
});

describe('in production', () => {
  let prod: TestServer;
  beforeAll(async () => {
    prod = await startTestServer();
  });
  afterAll(async () => prod?.close());

  it('accepts only https push services named by a host name', async () => {
    const m = await merchantFixture(prod);
    const keys = JSON.parse(push.device().token).keys;
    const subscribe = (endpoint: string) =>
      prod.call('merchant/push/subscribe', { deviceToken: JSON.stringify({ endpoint, keys }) }, { token: m.token });
    for (const endpoint of [
      'http://push.example.com/send/1',
      'https://127.0.0.1/send/1',
      'https://[::1]/send/1',
      'https://localhost/send/1',
      'https://10.0.0.8:8443/send/1',
      // host names that reach inside the network: a machine's name, an internal zone, a rebinding name
      'https://vm:8443/send/1',
      'https://metadata.google.internal/computeMetadata/v1/',
      'https://db.internal/send/1',
      'https://127.0.0.1.nip.io/send/1',
      'https://push.example.com/send/1',
      // a push service's name, but not its port, or only as a prefix
      'https://fcm.googleapis.com:8443/fcm/send/abc',
      'https://fcm.googleapis.com.evil.example/fcm/send/abc',
      'https://user@fcm.googleapis.com/fcm/send/abc',
    ]) {
      const res = await subscribe(endpoint);
      expect(res.status, endpoint).toBe(422);
      expect(res.body.errors, endpoint).toEqual([
        { field: 'deviceToken', message: 'This device registration is not valid' },
      ]);
    }
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://web.push.apple.com/QGx1abc',
      'https://wns2-par02p.notify.windows.com/w/?token=abc',
    ])
      expect((await subscribe(endpoint)).status, endpoint).toBe(200);
    // a device token at sign-in is held to the same rule
    const login = await prod.call('merchant/login', {
      username: m.mobile,
      password: m.password,
      deviceToken: JSON.stringify({ endpoint: 'https://vm:8443/send/2', keys }),
    });
    expect(login.status).toBe(200);
    const stored = await prod.db.selectFrom('pushSubscriptions').select('endpoint').execute();
    expect(stored.map((r) => r.endpoint)).not.toContain('https://vm:8443/send/2');
  });

  it('a merchant under review registers no device, neither at sign-in nor later', async () => {
    const m = await merchantFixture(prod, { approved: false });
    const deviceToken = JSON.stringify({
      endpoint: 'https://fcm.googleapis.com/fcm/send/under-review',
      keys: JSON.parse(push.device().token).keys,
    });
    const res = await prod.call('merchant/push/subscribe', { deviceToken }, { token: m.token });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Your account is under review');
    expect((await prod.call('merchant/login', { username: m.mobile, password: m.password, deviceToken })).status).toBe(
      200,
    );
    const rows = await prod.db.selectFrom('pushSubscriptions').selectAll().where('subjectId', '=', m.id).execute();
    expect(rows).toEqual([]);
  });
});

describe('bounds', () => {
  it('at most 5 devices per account, the newest kept; the test goes to one device', async () => {
    const m = await liveMerchant(t);
    const devices = Array.from({ length: 7 }, () => push.device());
    for (const d of devices) {
      const res = await t.call('merchant/push/subscribe', { deviceToken: d.token }, { token: m.token });
      expect(res.status).toBe(200);
    }
    const rows = await t.db
      .selectFrom('pushSubscriptions')
      .select('endpoint')
      .where('subjectType', '=', 'merchant')
      .where('subjectId', '=', m.id)
      .execute();
    expect(rows.map((r) => r.endpoint).sort()).toEqual(
      devices
        .slice(2)
        .map((d) => d.endpoint)
        .sort(),
    );
    const res = await t.call('merchant/push/test', {}, { token: m.token });
    expect(res.body.data).toEqual({ sent: 1, failed: 0 });
    expect(devices.map((d) => d.received.length)).toEqual([0, 0, 0, 0, 0, 0, 1]);
  });
});
