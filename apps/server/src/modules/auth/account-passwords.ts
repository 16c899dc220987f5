/**
 * Auth sets and upgrades the passwords of three tables it does not own (one writer per table:
 * docs/decisions/0022): merchants (profile), merchant_users (staff) and customers (customer). This
 * picks the owner's function by the account's type.
 */
import type { SubjectType } from '../../db/schema';
import type { Repos } from '../../repositories/registry';
import { replaceCustomerHash, setCustomerPassword } from '../customer/customer-account';
import { replaceMerchantHash, setMerchantPassword } from '../profile/merchant-account';
import { replaceStaffHash, setStaffPassword } from '../staff/staff-account';

/** The repositories of the accounts' owners. */
export type AccountOwners = Pick<Repos, 'profile' | 'staff' | 'customers'>;

/** Sets an account's password hash (a customer's clears a one-time code's must-change and expiry). */
export async function setPassword(tx: AccountOwners, type: SubjectType, id: number, passwordHash: string) {
  if (type === 'merchant') await setMerchantPassword(tx, id, passwordHash);
  else if (type === 'merchantUser') await setStaffPassword(tx, id, passwordHash);
  else await setCustomerPassword(tx, id, passwordHash);
}

/** Replaces a hash by a stronger one of the same password, unless the password changed meanwhile. */
export async function replaceHash(tx: AccountOwners, type: SubjectType, id: number, oldHash: string, hash: string) {
  if (type === 'admin') return;
  if (type === 'merchant') await replaceMerchantHash(tx, id, oldHash, hash);
  else if (type === 'merchantUser') await replaceStaffHash(tx, id, oldHash, hash);
  else await replaceCustomerHash(tx, id, oldHash, hash);
}
