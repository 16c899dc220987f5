import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { FEED_SOUND_KEY, isFeedSoundOn, setFeedSound } from './feed-sound';
import {
  feedUrl,
  isAlert,
  keysChangedBy,
  RESUME_MS,
  reconnectDelay,
  refreshChanged,
  STORED_EVENT_KEY,
  storedEventId,
} from './live-feed';
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

  /** A shown list whose answer is read when asked and arrives `delayMs` later. */
  function shownList(server: { rows: string[] }, delayMs: number) {
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const queryKey = [...queryKeys.offerRequests.all, 'list', { status: 'pending' }];
    const observer = new QueryObserver<string[]>(qc, {
      queryKey,
      queryFn: () => {
        const read = [...server.rows];
        return new Promise<string[]>((r) => setTimeout(() => r(read), delayMs));
      },
    });
    const stop = observer.subscribe(() => {});
    const settled = () =>
      new Promise<string[] | undefined>((resolve) => {
        const check = () => {
          const s = qc.getQueryState(queryKey);
          if (s?.fetchStatus === 'idle' && s.data !== undefined) resolve(s.data as string[]);
          else setTimeout(check, 5);
        };
        check();
      });
    return { qc, stop, settled };
  }

  it('shows a change made while a list is on its first load (the load read before it is sent again)', async () => {
    const server = { rows: ['old'] };
    const { qc, stop, settled } = shownList(server, 40);
    await new Promise((r) => setTimeout(r, 5)); // the first load has read the list and is on its way
    server.rows = ['new', 'old'];
    await refreshChanged(qc, keysChangedBy({ kind: 'offerRequest' }));
    expect(await settled()).toEqual(['new', 'old']);
    stop();
  });

  it('fetches a loaded list again after a change', async () => {
    const server = { rows: ['old'] };
    const { qc, stop, settled } = shownList(server, 1);
    expect(await settled()).toEqual(['old']);
    server.rows = ['new', 'old'];
    await refreshChanged(qc, keysChangedBy({ kind: 'offerRequest' }));
    expect(await settled()).toEqual(['new', 'old']);
    stop();
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
    // with nowhere to resume from, how long the page has been loading; never both
    expect(feedUrl('t1', undefined, 1234.6)).toBe('/api/merchant/events?ticket=t1&pageAge=1235');
    expect(feedUrl('t1', '41', 1234.6)).toBe('/api/merchant/events?ticket=t1&lastEventId=41');
  });

  it('resumes from a stored event id only when it is one, and a recent one', () => {
    const now = Date.now();
    localStorage.setItem(STORED_EVENT_KEY, `41:${now - 1_000}`);
    expect(storedEventId(now)).toBe('41');
    // the app opened again long after: start afresh (no replay of, and no ringing for, the day before)
    localStorage.setItem(STORED_EVENT_KEY, `41:${now - RESUME_MS - 1}`);
    expect(storedEventId(now)).toBeUndefined();
    for (const junk of ['', '41', '-1:5', '4.1:5', 'abc:1', `${'1'.repeat(16)}:${now}`]) {
      localStorage.setItem(STORED_EVENT_KEY, junk);
      expect(storedEventId(now)).toBeUndefined();
    }
    localStorage.removeItem(STORED_EVENT_KEY);
    expect(storedEventId(now)).toBeUndefined();
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
