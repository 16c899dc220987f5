/**
 * The live feed in the browser (DECISIONS §9; docs/architecture.md "Live feed"): one EventSource on
 * `GET /api/merchant/events?token=…` while signed in as merchant, staff or courier. Each event
 * invalidates what it changes (request lists, the dashboard's counts, the courier's lists); a new
 * pending request also plays the alert (unless muted) and shows a toast. The browser reconnects by
 * itself and sends Last-Event-ID, so nothing is missed across a reconnect.
 */
import type { FeedEvent } from '@loyalty/contract';
import { FEED_PATH, STAFF_ROLES, type StaffRole } from '@loyalty/contract/constants';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
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

/** A new request waiting for someone at the counter (or a delivery just assigned to this courier). */
export const isAlert = (e: Pick<FeedEvent, 'action' | 'status'>, role: StaffRole): boolean =>
  role === 'delivery' ? e.action === 'assigned' : e.action === 'created' && e.status === 'pending';

export function useLiveFeed(): void {
  const { token, role } = useSession();
  const qc = useQueryClient();
  const staffRole = role && (STAFF_ROLES as readonly string[]).includes(role) ? (role as StaffRole) : null;

  useEffect(() => {
    if (!token || !staffRole || typeof EventSource === 'undefined') return;
    const source = new EventSource(`${FEED_PATH}?token=${encodeURIComponent(token)}`);
    source.onmessage = (message) => {
      let e: FeedEvent;
      try {
        e = JSON.parse(message.data) as FeedEvent;
      } catch {
        return;
      }
      for (const queryKey of keysChangedBy(e)) void qc.invalidateQueries({ queryKey });
      if (isAlert(e, staffRole)) {
        playFeedSound();
        toast.alert(`feed.new.${e.kind}`);
      }
    };
    source.addEventListener('ready', () => {
      document.documentElement.dataset.liveFeed = 'open';
    });
    source.onerror = () => {
      document.documentElement.dataset.liveFeed = source.readyState === EventSource.CLOSED ? 'closed' : 'retrying';
    };
    return () => {
      source.close();
      delete document.documentElement.dataset.liveFeed;
    };
  }, [token, staffRole, qc]);
}
