import { useSession } from '../../lib/session';
import { MerchantProfileView } from './merchant-profile';
import { StaffProfileView } from './staff-profile';

/** /profile: the merchant's editable profile; staff and couriers see theirs read-only (SPEC §2). */
export function ProfilePage() {
  const { role } = useSession();
  return role === 'merchant' ? <MerchantProfileView /> : <StaffProfileView />;
}
