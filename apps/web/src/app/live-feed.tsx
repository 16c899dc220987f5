import { useEffect, useRef } from 'react';
import { isStaffRole } from '../lib/access';
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

function MerchantTitle() {
  const me = useMerchantMe({ silent: true });
  usePendingTitle(me.data?.counts.pendingRequests);
  return null;
}

function StaffTitle() {
  const me = useMerchantUserMe();
  usePendingTitle(me.data?.counts.pendingRequests);
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
