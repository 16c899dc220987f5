import type { MerchantCaller } from '../../core/caller';
import type { RequestScope } from './product-requests.repository';

/**
 * The product requests a merchant-side caller reaches: the merchant every branch's, a staff member
 * their branch's (none without a branch), a courier only the deliveries assigned to them.
 */
export const scopeOf = (caller: MerchantCaller): RequestScope =>
  caller.role === 'delivery'
    ? { merchantId: caller.merchantId, employeeId: caller.id }
    : { merchantId: caller.merchantId, branchId: caller.branchId };
