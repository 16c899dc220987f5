/**
 * What the signed-in account may do (issue 27): a merchant everything; a staff member what their
 * permission set allows (`permissions` of `merchantUser/me`; nothing until it is in, so a menu
 * never shows an entry it then takes away). The server enforces it; the app only hides.
 */
import { PERMISSIONS, type Permission } from '@loyalty/contract/permissions';
import { useMerchantUserMe } from './queries/me';
import { useSession } from './session';

export const useCan = (): ((permission: Permission) => boolean) => {
  const { role } = useSession();
  const me = useMerchantUserMe({ enabled: role === 'merchantUser' });
  const allowed: readonly Permission[] =
    role === 'merchant' ? PERMISSIONS : role === 'merchantUser' ? (me.data?.permissions ?? []) : [];
  return (permission) => allowed.includes(permission);
};
