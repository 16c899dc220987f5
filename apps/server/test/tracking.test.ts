/** Issue 26, point 4: the courier's position, the customer's tracking and the public link. */
import { clock, messages } from '@loyalty/contract';
import { afterEach, describe, expect, it } from 'vitest';
import type { TestServer } from './harness';
import { assign, buyer, moveDelivery, ok, order, orderShop, requestRow, withRequestsServer } from './orders-fixtures';

let t: TestServer;
withRequestsServer((server) => {
  t = server;
});
afterEach(() => clock.set());

const at = (ms: number) => clock.set(() => new Date(ms));
const T0 = Date.parse('2026-11-26T10:00:00.000Z');

async function inProgress() {
  const s = await orderShop(t, { points: 40 });
  const c = await buyer(t, 500);
  const id = await order(t, s, c, { type: 'delivery' });
  await ok(t.call('merchant/product/req/accept', { id, prepMinutes: 20 }, { token: s.merchant.token }));
  await ok(assign(t, s, [id]));
  await ok(moveDelivery(t, s.courier.token, id, 'inProgress'));
  return { s, c, id };
}
type Coord = string | number | undefined;
const share = (token: string, id: number, lat: Coord, lng: Coord, accuracy?: Coord) =>
  t.call('merchantUser/product/req/position', { id, lat, lng, accuracy }, { token });

describe('merchantUser/product/req/position', () => {
  it('keeps the assigned courier’s last position, ignoring one within 10 s', async () => {
    at(T0);
    const { s, id } = await inProgress();
    const first = await ok(share(s.courier.token, id, '25.2854', '51.531', '12'));
    expect(first).toEqual({
      id,
      recorded: true,
      position: { lat: 25.2854, lng: 51.531, accuracy: 12, at: new Date(T0).toISOString() },
    });
    at(T0 + 5_000);
    const soon = await ok(share(s.courier.token, id, 25.3, 51.6));
    expect(soon).toMatchObject({ recorded: false, position: { lat: 25.2854, lng: 51.531 } });
    at(T0 + 30_000);
    const later = await ok(share(s.courier.token, id, 25.29, 51.54));
    expect(later).toMatchObject({ recorded: true, position: { lat: 25.29, lng: 51.54, accuracy: null } });
    expect(await requestRow(t, id)).toMatchObject({ courierLat: 25.29, courierLng: 51.54 });
  });

  it('refuses another courier (404), another merchant’s courier (404), a customer (403) and bad coordinates (422)', async () => {
    const { s, c, id } = await inProgress();
    expect((await share(s.otherCourier.token, id, 25, 51)).status).toBe(404);
    const other = await orderShop(t);
    expect((await share(other.courier.token, id, 25, 51)).status).toBe(404);
    expect((await share(c.token, id, 25, 51)).status).toBe(403);
    expect((await share(s.staff.token, id, 25, 51)).status).toBe(403);
    for (const [lat, lng, field] of [
      [91, 51, 'lat'],
      [-91, 51, 'lat'],
      [25, 181, 'lng'],
      ['north', 51, 'lat'],
      [25, undefined, 'lng'],
    ] as const) {
      const res = await share(s.courier.token, id, lat, lng);
      expect(res.status, `${lat},${lng}`).toBe(422);
      expect(res.body.errors[0].field).toBe(field);
    }
    expect((await share(s.courier.token, id, 25, 51, -1)).status).toBe(422);
    expect((await requestRow(t, id)).courierLat).toBeNull();
  });

  it('refuses a delivery that is done or not a delivery (409)', async () => {
    const { s, id } = await inProgress();
    await ok(moveDelivery(t, s.courier.token, id, 'done'));
    const res = await share(s.courier.token, id, 25, 51);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(messages.deliveryNotOpen.en);
  });
});

describe('user/product/req/track and public/track', () => {
  it('answers the customer’s own order: timeline, expected time, courier and link', async () => {
    at(T0);
    const { s, c, id } = await inProgress();
    const before = await ok(t.call('user/product/req/track', { id }, { token: c.token }));
    expect(before).toMatchObject({ id, type: 'delivery', status: 'pending', prepMinutes: 20, courier: null });
    expect(before.expectedAt).toBe(new Date(T0 + 20 * 60_000).toISOString());
    expect(before.trackToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(before.trackUrl).toBe(`/t/${before.trackToken}`);
    expect(before.statusText).toBe('On the way');
    expect(before.steps.map((x: { step: string; reached: boolean }) => [x.step, x.reached])).toEqual([
      ['created', true],
      ['accepted', true],
      ['ready', false],
      ['assigned', true],
      ['onTheWay', true],
      ['delivered', false],
    ]);
    at(T0 + 60_000);
    await ok(share(s.courier.token, id, 25.2854, 51.531));
    const ar = await ok(t.call('user/product/req/track', { id }, { token: c.token, lang: 'ar' }));
    // the token is made once
    expect(ar.trackToken).toBe(before.trackToken);
    expect(ar.statusText).toBe(messages.trackStepOnTheWay.ar);
    expect(ar.courier).toMatchObject({ lat: 25.2854, lng: 51.531 });

    const pub = await ok(t.call('public/track', { trackToken: before.trackToken }, { lang: 'ar' }));
    expect(pub).toMatchObject({
      id,
      courier: { lat: 25.2854, lng: 51.531 },
      statusText: messages.trackStepOnTheWay.ar,
    });
    // nothing personal in the public answer
    const text = JSON.stringify(pub);
    for (const secret of [c.mobile, await requestRow(t, id).then((r) => r.deliveryPin ?? 'none')])
      expect(text).not.toContain(secret);
  });

  it('answers 404 for another customer’s order and refuses merchants', async () => {
    const { s, id } = await inProgress();
    const stranger = await buyer(t, 0, 'Someone Else');
    expect((await t.call('user/product/req/track', { id }, { token: stranger.token })).status).toBe(404);
    expect((await t.call('user/product/req/track', { id: 999_999 }, { token: stranger.token })).status).toBe(404);
    expect((await t.call('user/product/req/track', { id }, { token: s.merchant.token })).status).toBe(403);
    expect((await t.call('user/product/req/track', { id }, {})).status).toBe(401);
  });

  it('the public link: a tampered token 404, done hides the courier, expired an hour after', async () => {
    at(T0);
    const { s, c, id } = await inProgress();
    const { trackToken } = await ok(t.call('user/product/req/track', { id }, { token: c.token }));
    await ok(share(s.courier.token, id, 25.2854, 51.531));
    const flipped = `${trackToken.slice(0, -1)}${trackToken.endsWith('A') ? 'B' : 'A'}`;
    for (const bad of [flipped, 'short', `${trackToken}x`, '']) {
      const res = await t.call('public/track', { trackToken: bad }, {});
      expect(res.status, bad).toBeGreaterThanOrEqual(404);
      expect(res.status, bad).toBeLessThan(500);
      expect(JSON.stringify(res.body)).not.toContain('25.2854');
    }
    expect((await t.call('public/track', { trackToken: flipped }, {})).body.message).toBe(messages.trackingNotFound.en);

    at(T0 + 10 * 60_000);
    await ok(moveDelivery(t, s.courier.token, id, 'done'));
    const done = await ok(t.call('public/track', { trackToken }, {}));
    expect(done).toMatchObject({ status: 'done', statusText: 'Delivered', courier: null });
    expect(done.expiresAt).toBe(new Date(T0 + 70 * 60_000).toISOString());
    at(T0 + 69 * 60_000);
    expect((await t.call('public/track', { trackToken }, {})).status).toBe(200);
    at(T0 + 71 * 60_000);
    const expired = await t.call('public/track', { trackToken }, {});
    expect(expired.status).toBe(404);
    expect(expired.body).toEqual({ message: messages.trackingNotFound.en });
    // the customer still reads their own order
    expect((await t.call('user/product/req/track', { id }, { token: c.token })).status).toBe(200);
  });

  it('a canceled order ends its timeline with canceled', async () => {
    const s = await orderShop(t, { points: 40 });
    const c = await buyer(t, 500);
    const id = await order(t, s, c, { type: 'delivery' });
    await ok(t.call('user/product/req/cancel', { id }, { token: c.token }));
    const tr = await ok(t.call('user/product/req/track', { id }, { token: c.token }));
    expect(tr.steps.map((x: { step: string }) => x.step)).toEqual(['created', 'canceled']);
    expect(tr.statusText).toBe('Canceled');
  });
});
