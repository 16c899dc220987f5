import { describe, expect, it } from 'vitest';
import { FEED_SOUND_KEY, isFeedSoundOn, setFeedSound } from './feed-sound';
import { feedUrl, isAlert, keysChangedBy, reconnectDelay } from './live-feed';
import { queryKeys } from './query-keys';

describe('live feed', () => {
  it('invalidates what each kind of event changes', () => {
    expect(keysChangedBy({ kind: 'offerRequest' })).toEqual(
      expect.arrayContaining([queryKeys.offerRequests.all, queryKeys.me.all]),
    );
    expect(keysChangedBy({ kind: 'redeem' })).toEqual(
      expect.arrayContaining([queryKeys.redeems.all, queryKeys.me.all]),
    );
    expect(keysChangedBy({ kind: 'productRequest' })).toEqual(
      expect.arrayContaining([queryKeys.productRequests.all, queryKeys.deliveries.all, queryKeys.me.all]),
    );
  });

  it('alerts on a new pending request at the counter, and on a new assignment for a courier', () => {
    expect(isAlert({ action: 'created', status: 'pending' }, 'merchantUser')).toBe(true);
    expect(isAlert({ action: 'rejected', status: 'rejected' }, 'merchant')).toBe(false);
    expect(isAlert({ action: 'assigned', status: 'pending' }, 'delivery')).toBe(true);
    expect(isAlert({ action: 'created', status: 'pending' }, 'delivery')).toBe(false);
  });

  it('opens the stream with a ticket and where to resume, never the session token', () => {
    expect(feedUrl('t1')).toBe('/api/merchant/events?ticket=t1');
    expect(feedUrl('t+2', '41')).toBe('/api/merchant/events?ticket=t%2B2&lastEventId=41');
    expect(feedUrl('t1')).not.toMatch(/token=/);
  });

  it('reconnects after 3 s, doubling up to 30 s', () => {
    expect([0, 1, 2, 3, 4, 10].map(reconnectDelay)).toEqual([3000, 6000, 12000, 24000, 30000, 30000]);
  });

  it('keeps the sound choice in localStorage, on by default', () => {
    localStorage.removeItem(FEED_SOUND_KEY);
    expect(isFeedSoundOn()).toBe(true);
    setFeedSound(false);
    expect(localStorage.getItem(FEED_SOUND_KEY)).toBe('off');
    expect(isFeedSoundOn()).toBe(false);
    setFeedSound(true);
    expect(isFeedSoundOn()).toBe(true);
  });
});
