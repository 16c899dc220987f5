/**
 * The live feed in the browser (DECISIONS §9; docs/architecture.md "Live feed"): one EventSource on
 * `GET /api/merchant/events?ticket=…` while signed in as merchant, staff or courier. The session
 * token never goes in the URL: each connection asks for a single-use stream ticket first
 * (`merchant/events/ticket`, token in the header). Each event invalidates what it changes (request
 * lists, the dashboard's counts, the courier's lists); a new pending request also plays the alert
 * (unless muted) and shows a toast. A ticket works once, so on an error this hook closes the stream
 * and reconnects itself with a new ticket and the last event id seen (`lastEventId`), so nothing is
 * missed across a reconnect; a `reset` (missed more than the server replays) reloads every list.
 */
import type { FeedEvent } from '@loyalty/contract';
import { FEED_PATH, STAFF_ROLES, type StaffRole } from '@loyalty/contract/constants';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError, api } from './api';
import { playFeedSound } from './feed-sound';
import { queryKeys } from './query-keys';
import { useSession } from './session';
import { toast } from './toast';

/** The cached queries an event changes. */
export const keysChangedBy = (e: Pick<FeedEvent, 'kind'>): (readonly unknown[])[] => {
  const common = [queryKeys.me.all];
  if (e.kind === 'offerRequest') return [queryKeys.offerRequests.all, queryKeys.offers.all, ...common];
  if (e.kind === 'redeem') return [queryKeys.redeems.all, ...common];
  return [queryKeys.productRequests.all, queryKeys.deliveries.all, queryKeys.employees.details(), ...common];
};

/**
 * Marks what an event changed as stale and fetches again what is shown. A first load still in
 * flight may have been read before the change, and an invalidation alone would only wait for it
 * (TanStack Query keeps the running fetch of a query that has no data yet): it is cancelled and sent
 * again. The counter's list otherwise missed a request made while its first load was on its way
 * (the CI run of 1842ea9, e2e/counter-feed.test.ts).
 */
export async function refreshChanged(qc: QueryClient, keys: readonly (readonly unknown[])[]): Promise<void> {
  await Promise.all(
    keys.map(async (queryKey) => {
      await qc.cancelQueries({
        queryKey,
        predicate: (q) => q.state.data === undefined && q.state.fetchStatus === 'fetching',
      });
      await qc.invalidateQueries({ queryKey });
    }),
  );
}

/** A new request waiting for someone at the counter (or a delivery just assigned to this courier). */
export const isAlert = (e: Pick<FeedEvent, 'action' | 'status'>, role: StaffRole): boolean =>
  role === 'delivery' ? e.action === 'assigned' : e.action === 'created' && e.status === 'pending';

const ALL_KINDS = ['offerRequest', 'redeem', 'productRequest'] as const;

/**
 * The stream's address: a ticket, and where to resume (never the session token); with nowhere to
 * resume from, how long this page has been loading (ms), so that the server says `reset` if the
 * caller's scope changed meanwhile (apps/server/src/platform/events/events.routes.ts, FRESH_WINDOW).
 */
export const feedUrl = (ticket: string, lastEventId?: string, pageAge?: number): string => {
  const params = new URLSearchParams({ ticket });
  if (lastEventId) params.set('lastEventId', lastEventId);
  else if (pageAge !== undefined) params.set('pageAge', String(Math.max(0, Math.round(pageAge))));
  return `${FEED_PATH}?${params}`;
};

/** Every cached query an event of any kind changes, each once (a `reset`). */
const ALL_CHANGED = () => {
  const seen = new Set<string>();
  return ALL_KINDS.flatMap((kind) => keysChangedBy({ kind })).filter((k) => {
    const id = JSON.stringify(k);
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
};

/** Waits before the n-th reconnect in a row: 3 s, doubling up to 30 s. */
export const reconnectDelay = (attempt: number): number => Math.min(30_000, 3_000 * 2 ** Math.max(0, attempt));

/**
 * The last event this browser's pages have applied, and when (this device's clock), kept in
 * localStorage (sign-out and a 401 clear it with the session): a page opened within RESUME_MS of
 * it, or another tab, resumes its stream from there, so a request made while a page loads (after
 * its lists were read, before its stream was open) is replayed, with its alert, instead of lost.
 * Older, a page starts afresh (the server's `reset` covers its load: FRESH_WINDOW), so that opening
 * the app the next morning does not replay, and ring for, the day before. Ids only grow, so
 * whichever tab wrote last is a safe place to resume.
 */
export const STORED_EVENT_KEY = 'liveFeedLastEventId';
export const RESUME_MS = 2 * 60_000;

export const storedEventId = (now = Date.now()): string | undefined => {
  try {
    const m = /^(\d{1,15}):(\d{1,15})$/.exec(window.localStorage.getItem(STORED_EVENT_KEY) ?? '');
    if (!m) return undefined;
    const age = now - Number(m[2]);
    return age >= -RESUME_MS && age <= RESUME_MS ? m[1] : undefined;
  } catch {
    return undefined;
  }
};

const storeEventId = (id: string) => {
  try {
    const held = /^(\d{1,15}):/.exec(window.localStorage.getItem(STORED_EVENT_KEY) ?? '')?.[1];
    // a newer id, or the same one seen again now (its time moves on)
    if (Number(id) >= Number(held ?? -1)) window.localStorage.setItem(STORED_EVENT_KEY, `${id}:${Date.now()}`);
  } catch {
    /* private mode: this page still resumes from memory */
  }
};

const setState = (state?: 'open' | 'retrying' | 'closed') => {
  if (state) document.documentElement.dataset.liveFeed = state;
  else delete document.documentElement.dataset.liveFeed;
};

export function useLiveFeed(): void {
  const { token, role } = useSession();
  const qc = useQueryClient();
  const staffRole = role && (STAFF_ROLES as readonly string[]).includes(role) ? (role as StaffRole) : null;

  useEffect(() => {
    if (!token || !staffRole || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let lastEventId = storedEventId();
    // ids only grow: an older id never replaces a newer one
    const seen = (id: string | undefined) => {
      if (!id || Number(id) < Number(lastEventId ?? -1)) return;
      lastEventId = id;
      storeEventId(id);
    };
    let failures = 0;
    let stopped = false;

    const again = () => {
      if (stopped) return;
      setState('retrying');
      timer = setTimeout(open, reconnectDelay(failures++));
    };
    async function open() {
      let ticket: string;
      try {
        ({ ticket } = await api.call('merchant/events/ticket'));
      } catch (e) {
        // a dead session signs out (the api client); a refusal stays refused; anything else retries
        if (e instanceof ApiError && (e.status === 401 || e.status === 403)) setState('closed');
        else again();
        return;
      }
      if (stopped) return;
      const s = new EventSource(feedUrl(ticket, lastEventId, performance.now()));
      source = s;
      s.onmessage = (message) => {
        let e: FeedEvent;
        try {
          e = JSON.parse(message.data) as FeedEvent;
        } catch {
          return;
        }
        void refreshChanged(qc, keysChangedBy(e));
        seen(message.lastEventId);
        if (isAlert(e, staffRole!)) {
          playFeedSound();
          toast.alert(`feed.new.${e.kind}`);
        }
      };
      s.addEventListener('ready', (message) => {
        seen((message as MessageEvent).lastEventId);
        failures = 0;
        setState('open');
      });
      s.addEventListener('reset', (message) => {
        void refreshChanged(qc, ALL_CHANGED());
        seen((message as MessageEvent).lastEventId);
      });
      // the browser would retry with the spent ticket: close it and reconnect with a new one
      s.onerror = () => {
        s.close();
        if (source === s) source = null;
        again();
      };
    }
    void open();
    return () => {
      stopped = true;
      clearTimeout(timer);
      source?.close();
      setState();
    };
  }, [token, staffRole, qc]);
}
