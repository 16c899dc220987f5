import { useSession } from '../../lib/session';
import { DeliveryDashboard } from './delivery-dashboard';
import { MerchantDashboard } from './merchant-dashboard';
import { StaffDashboard } from './staff-dashboard';

/** Three variants by the stored role (SPEC §2). */
export function DashboardPage() {
  const { role } = useSession();
  if (role === 'merchant') return <MerchantDashboard />;
  if (role === 'delivery') return <DeliveryDashboard />;
  return <StaffDashboard />;
}
