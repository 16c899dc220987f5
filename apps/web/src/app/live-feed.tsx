import { useEffect, useRef } from 'react';
import { isStaffRole } from '../lib/access';
import { ACCEPT_ALARM_MS, playAcceptAlarm } from '../lib/feed-sound';
import { useLiveFeed } from '../lib/live-feed';
import { useMerchantMe, useMerchantUserMe } from '../lib/queries/me';
import { useSession } from '../lib/session';

/** The pending count in the tab title: "(3) Loyalty Merchant" while requests wait. */
function usePendingTitle(pending: number | undefined) {
  const base = useRef(document.title);
  useEffect(() => {
    const title = base.current;
    document.title = pending ? `(${pending}) ${title}` : title;
    return () => {
      document.title = title;
    };
  }, [pending]);
}

/**
 * Accept in time: while new orders wait to be accepted, the feed's alert repeats (and the device
 * vibrates where it can) every ACCEPT_ALARM_MS, until none waits. The count comes from `me`, which
 * every product request event refreshes.
 */
function useAcceptAlarm(waiting: number | undefined) {
  useEffect(() => {
    if (!waiting) return;
    document.documentElement.dataset.ordersToAccept = String(waiting);
    const timer = setInterval(playAcceptAlarm, ACCEPT_ALARM_MS);
    return () => {
      clearInterval(timer);
      delete document.documentElement.dataset.ordersToAccept;
    };
  }, [waiting]);
}

function MerchantTitle() {
  const me = useMerchantMe({ silent: true });
  usePendingTitle(me.data?.counts.pendingRequests);
  useAcceptAlarm(me.data?.counts.ordersToAccept);
  return null;
}

function StaffTitle() {
  const me = useMerchantUserMe();
  usePendingTitle(me.data?.counts.pendingRequests);
  useAcceptAlarm(me.data?.counts.ordersToAccept);
  return null;
}

/** Signed-in screens: the live feed (docs/architecture.md "Live feed") and the pending count in the title. */
export function LiveFeed() {
  const { role } = useSession();
  useLiveFeed();
  if (!isStaffRole(role)) return null;
  if (role === 'merchant') return <MerchantTitle />;
  if (role === 'merchantUser') return <StaffTitle />;
  return null;
}
