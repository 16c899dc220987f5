import { useEffect } from 'react';
import { prepareNumberFormats } from '../../lib/format';
import { useSession } from '../../lib/session';
import { DeliveryDashboard } from './delivery-dashboard';
import { MerchantDashboard } from './merchant-dashboard';
import { StaffDashboard } from './staff-dashboard';

/** Three variants by the stored role (SPEC §2). */
export function DashboardPage() {
  const { role } = useSession();
  // while the counts load: their formatters are then ready when they arrive
  useEffect(() => prepareNumberFormats(), []);
  if (role === 'merchant') return <MerchantDashboard />;
  if (role === 'delivery') return <DeliveryDashboard />;
  return <StaffDashboard />;
}
