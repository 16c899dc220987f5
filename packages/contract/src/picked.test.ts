/** SPEC §4's Picked: only a pending pickup of a product without delivery (the order page and the server use it). */
import { describe, expect, it } from 'vitest';
import { canMarkPicked } from './endpoints/product-requests';

const request = (
  type: 'pickup' | 'delivery',
  status: 'pending' | 'done' | 'canceled',
  deliveryAvailability: boolean,
) => ({
  type,
  status,
  Product: { deliveryAvailability },
});

describe('canMarkPicked', () => {
  it('is true for a pending pickup whose product has no delivery', () => {
    expect(canMarkPicked(request('pickup', 'pending', false))).toBe(true);
  });

  it('is false for a pickup of a product that has delivery, a delivery, or a request no longer pending', () => {
    expect(canMarkPicked(request('pickup', 'pending', true))).toBe(false);
    expect(canMarkPicked(request('delivery', 'pending', false))).toBe(false);
    expect(canMarkPicked(request('pickup', 'done', false))).toBe(false);
    expect(canMarkPicked(request('pickup', 'canceled', false))).toBe(false);
  });
});
