import { describe, expect, it } from 'vitest';
import { messages } from './messages';
import { PUSH_TYPES, parsePushSubscription, pushTarget } from './push';

describe('pushTarget', () => {
  it("opens each notification's screen (the router's paths)", () => {
    expect(pushTarget({ id: 7, type: 'offerRequest' })).toBe('/request/7');
    expect(pushTarget({ id: 7, type: 'redeem' })).toBe('/redeem/7');
    expect(pushTarget({ id: 7, type: 'productRequest' })).toBe('/productrequest/7');
    expect(pushTarget({ id: 7, type: 'delivery' })).toBe('/deliveryProduct/7');
    expect(pushTarget({ id: 7, type: 'ticket' })).toBe('/ticket/7');
    expect(pushTarget({ id: null, type: 'test' })).toBe('/push-test');
    expect(pushTarget(undefined)).toBe('/dashboard');
    expect(pushTarget({ id: 1, type: 'unknown' })).toBe('/dashboard');
    for (const type of PUSH_TYPES) expect(pushTarget({ id: 3, type })).toMatch(/^\/[\w-]+/);
  });
});

describe('parsePushSubscription', () => {
  const sub = {
    endpoint: 'https://push.example.com/send/abc',
    expirationTime: null,
    keys: {
      p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
      auth: 'tBHItJI5svbpez7KI4CCXg',
    },
  };

  it('reads the JSON of a browser PushSubscription', () => {
    expect(parsePushSubscription(JSON.stringify(sub))).toEqual({
      endpoint: sub.endpoint,
      p256dh: sub.keys.p256dh,
      auth: sub.keys.auth,
    });
  });

  it('ignores legacy tokens, garbage and incomplete subscriptions', () => {
    expect(parsePushSubscription('fcm-token-123')).toBeUndefined();
    expect(parsePushSubscription('{not json')).toBeUndefined();
    expect(parsePushSubscription(JSON.stringify({ endpoint: sub.endpoint }))).toBeUndefined();
    expect(parsePushSubscription(JSON.stringify({ ...sub, endpoint: 'ftp://x/y' }))).toBeUndefined();
    expect(parsePushSubscription(JSON.stringify({ ...sub, keys: { ...sub.keys, auth: 'a b' } }))).toBeUndefined();
    expect(parsePushSubscription(undefined)).toBeUndefined();
  });
});

describe('push messages', () => {
  it('have the SPEC texts', () => {
    expect(messages.pushPermissionDenied.en).toBe('Push Notification permission denied');
    expect(messages.pushRegistrationError.en).toBe('Error on registration');
  });
});
