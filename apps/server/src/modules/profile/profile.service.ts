import { ACCEPT_LIMITS, type MerchantProfile, type MerchantUserProfile } from '@loyalty/contract';
import type { MerchantCaller } from '../../core/caller';
import type { ServiceDeps } from '../../core/deps';
import { conflictOn, invalidField, notFound } from '../../core/errors';
import { audit } from '../../platform/audit/audit';
import type { AuthService } from '../auth/auth.service';
import type { PermissionsService } from '../permissions/permissions.service';
import type { ProductRequestsService } from '../product-requests/product-requests.service';

const fullName = (u: { fName: string; mName: string; lName: string }) =>
  [u.fName, u.mName, u.lName].filter(Boolean).join(' ');

/** The text to the old number when the sign-in mobile changes (the last digits of the new one only). */
const mobileChangedText = (to: string) =>
  `The sign-in mobile number of your merchant account was changed to one ending in ${to.slice(-4)}. If you did not do this, contact support now.`;

export function profileService(
  { store, sms, log }: ServiceDeps<'accounts' | 'activity' | 'merchantHome' | 'profile' | 'staff', 'sms' | 'log'>,
  productRequests: Pick<ProductRequestsService, 'openDeliveriesCount' | 'toAcceptCount' | 'withoutCourierCount'>,
  auth: Pick<AuthService, 'confirmPassword' | 'endOtherSessions'>,
  permissions: Pick<PermissionsService, 'permissionsOf'>,
) {
  const { profile: repo, accounts, staff } = store;

  async function merchantMe(merchantId: number): Promise<MerchantProfile> {
    const home = await store.merchantHome.home(merchantId);
    if (!home) throw notFound('merchantNotFound');
    const m = home.merchant;
    return {
      id: m.id,
      name: m.name,
      mobile: m.mobile,
      balance: m.balance,
      isLive: m.isLive === 1,
      isAproved: m.status === 'approved',
      status: m.status,
      rule: 'merchant',
      userCurrncy: m.currency,
      MerchantProfile: {
        logo: m.logo,
        hotLine: m.hotLine,
        refundPeriod: m.refundPeriod,
        acceptWithinMinutes: m.acceptWithinMinutes ?? ACCEPT_LIMITS.acceptWithinDefault,
        commissionPercentage: m.commissionPercentage,
        taxRegistrationNumber: m.taxRegistrationNumber,
        refundRules: m.refundRules,
      },
      counts: home.counts,
      merchantUser: { rule: 'merchant', fName: m.name, mName: '', lName: '', isActive: m.status !== 'suspended' },
      createdAt: m.createdAt,
    };
  }

  return {
    merchantMe,

    async staffMe(caller: MerchantCaller): Promise<MerchantUserProfile> {
      const s = await staff.withMerchant(caller.id);
      if (!s) throw notFound();
      const rule = s.rule;
      return {
        id: s.id,
        merchantId: s.merchantId,
        branchId: s.branchId,
        name: fullName(s),
        mobile: s.mobileNum,
        rule,
        merchant: { id: s.merchantId, name: s.merchantName },
        Branch:
          s.branchId !== null && s.branchName
            ? { id: s.branchId, branchName: s.branchName, branchNameAr: s.branchNameAr }
            : null,
        merchantUser: {
          rule,
          fName: s.fName,
          mName: s.mName,
          lName: s.lName,
          isActive: s.isActive === 1,
          mobileNum: s.mobileNum,
        },
        counts: {
          pendingRequests: rule === 'merchantUser' ? await repo.pendingRequestsOfBranch(s.merchantId, s.branchId) : 0,
          pendingDeliveries: rule === 'delivery' ? await productRequests.openDeliveriesCount(s.merchantId, s.id) : 0,
          ordersToAccept: rule === 'merchantUser' ? await productRequests.toAcceptCount(s.merchantId, s.branchId) : 0,
          deliveriesWithoutCourier:
            rule === 'merchantUser' ? await productRequests.withoutCourierCount(s.merchantId, s.branchId) : 0,
          pendingRedeems: rule === 'merchantUser' ? await repo.pendingRedeems(s.merchantId, s.branchId) : 0,
        },
        permissions: rule === 'merchantUser' ? [...(await permissions.permissionsOf(s.id))] : [],
      };
    },

    /**
     * The sign-in mobile is what a password reset texts its code to, so changing it takes the
     * current password (checked under the sign-in limits), ends every other session and tells the
     * old number by text (docs/security.md, "Changing the sign-in mobile").
     */
    async updateProfile(
      caller: MerchantCaller,
      v: {
        fName: string;
        mobile: string;
        password?: string;
        hotLine?: string;
        refundPeriod?: number;
        acceptWithinMinutes?: number;
        taxRegistrationNumber?: string;
        refundRules?: string;
        userCurrncy?: string;
      },
      address: string,
    ) {
      const current = await repo.merchant(caller.merchantId);
      if (!current) throw notFound('merchantNotFound');
      const newMobile = v.mobile !== current.mobile;
      // the password first: a token alone learns nothing, not even whether a number has an account
      if (newMobile) {
        if (!v.password) throw invalidField('password', 'currentPasswordForMobile');
        await auth.confirmPassword({ type: 'merchant', id: caller.merchantId }, v.password, address, 'password');
      }
      if (newMobile && (await accounts.loginMobileTaken(v.mobile, { type: 'merchant', id: caller.merchantId })))
        throw conflictOn('mobile', 'mobileTaken');
      await repo.updateMerchant(caller.merchantId, {
        name: v.fName,
        mobile: v.mobile,
        ...(v.hotLine !== undefined && { hotLine: v.hotLine }),
        ...(v.refundPeriod !== undefined && { refundPeriod: v.refundPeriod }),
        ...(v.acceptWithinMinutes !== undefined && { acceptWithinMinutes: v.acceptWithinMinutes }),
        ...(v.taxRegistrationNumber !== undefined && { taxRegistrationNumber: v.taxRegistrationNumber }),
        ...(v.refundRules !== undefined && { refundRules: v.refundRules }),
        ...(v.userCurrncy !== undefined && { currency: v.userCurrncy }),
      });
      if (newMobile) {
        await auth.endOtherSessions({ type: 'merchant', id: caller.merchantId, sessionId: caller.sessionId });
        // the change stands even when the text cannot be queued; the log says so
        await sms
          .send(current.mobile, mobileChangedText(v.mobile))
          .catch((err) => log.error({ err }, 'text to the old sign-in mobile not sent'));
      }
      return merchantMe(caller.merchantId);
    },

    /** Idempotent: setting the value it already has changes nothing. */
    async goLive(caller: MerchantCaller, isLive: boolean) {
      const current = await repo.merchant(caller.merchantId);
      if (current && (current.isLive === 1) === isLive) return { isLive };
      await store.transaction(async (tx) => {
        await tx.profile.updateMerchant(caller.merchantId, { isLive: isLive ? 1 : 0 });
        await audit(tx, caller, {
          action: 'merchant.goLive',
          entity: 'merchant',
          entityId: caller.merchantId,
          branchId: null,
          before: { isLive: current?.isLive === 1 },
          after: { isLive },
        });
      });
      return { isLive };
    },
  };
}

export type ProfileService = ReturnType<typeof profileService>;
