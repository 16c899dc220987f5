import type { MerchantProfile, MerchantUserProfile } from '@loyalty/contract';
import type { MerchantCaller } from '../../core/caller';
import { conflictOn, notFound } from '../../core/errors';
import type { Deps } from '../../deps';
import { audit } from '../activity/audit';
import type { ProductRequestsService } from '../product-requests/product-requests.service';

const fullName = (u: { fName: string; mName: string; lName: string }) =>
  [u.fName, u.mName, u.lName].filter(Boolean).join(' ');

export function profileService(
  { store }: Pick<Deps, 'store'>,
  productRequests: Pick<ProductRequestsService, 'openDeliveriesCount'>,
) {
  const { profile: repo, accounts, staff } = store;

  async function merchantMe(merchantId: number): Promise<MerchantProfile> {
    const m = await repo.merchant(merchantId);
    if (!m) throw notFound('merchantNotFound');
    return {
      id: m.id,
      name: m.name,
      mobile: m.mobile,
      balance: m.balance,
      isLive: m.isLive === 1,
      isAproved: m.status === 'approved',
      status: m.status,
      rule: 'merchant',
      MerchantProfile: {
        logo: m.logo,
        hotLine: m.hotLine,
        refundPeriod: m.refundPeriod,
        commissionPercentage: m.commissionPercentage,
        taxRegistrationNumber: m.taxRegistrationNumber,
        refundRules: m.refundRules,
      },
      counts: await repo.merchantCounts(m.id),
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
        Branch: s.branchId !== null && s.branchName ? { id: s.branchId, branchName: s.branchName } : null,
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
        },
      };
    },

    async updateProfile(
      caller: MerchantCaller,
      v: {
        fName: string;
        mobile: string;
        hotLine?: string;
        refundPeriod?: number;
        taxRegistrationNumber?: string;
        refundRules?: string;
      },
    ) {
      if (await accounts.loginMobileTaken(v.mobile, { type: 'merchant', id: caller.merchantId }))
        throw conflictOn('mobile', 'mobileTaken');
      await repo.updateMerchant(caller.merchantId, {
        name: v.fName,
        mobile: v.mobile,
        ...(v.hotLine !== undefined && { hotLine: v.hotLine }),
        ...(v.refundPeriod !== undefined && { refundPeriod: v.refundPeriod }),
        ...(v.taxRegistrationNumber !== undefined && { taxRegistrationNumber: v.taxRegistrationNumber }),
        ...(v.refundRules !== undefined && { refundRules: v.refundRules }),
      });
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
