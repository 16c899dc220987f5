import { type ApiResponse, clock, type Product } from '@loyalty/contract';
import type { ServiceDeps } from '../../core/deps';
import { notFound } from '../../core/errors';
import { pageOf } from '../../lib/paging';
import { branchOpenState } from '../branches/branch-open';
import { toOffer } from '../offers/offers.mapper';
import { toProduct } from '../products/products.service';

/**
 * What a customer browses before asking (docs/domain.md, customer API): offers that can be requested today (active,
 * started, not expired, not sold out) and active products, of approved and live merchants only.
 * Rows have the same shape as the merchant's own lists (the catalogue's mappers).
 */
export function customerRequestsService({ store }: ServiceDeps<'browse' | 'offers' | 'products'>) {
  const { browse: repo, offers, products } = store;

  /** A `merchantId` filter names a merchant customers can see; any other answers 404, not an empty page. */
  async function checkMerchant(merchantId: number | undefined) {
    if (merchantId !== undefined && !(await repo.isPublished(merchantId))) throw notFound('merchantNotFound');
  }

  return {
    /** A published merchant's active branches, each open now or closed until when (paused or outside its hours). */
    async branches(v: { merchantId: number; pageNum?: number; limit?: number }) {
      await checkMerchant(v.merchantId);
      const { rows, count } = await repo.branches(v.merchantId, pageOf(v));
      return {
        rows: rows.map(({ pausedUntil, openingHours, ...b }) => {
          const { isOpen, opensAt } = branchOpenState({ pausedUntil, openingHours });
          return { ...b, isOpen, opensAt };
        }),
        count,
      };
    },

    /** Offers customers can ask for today; each with its active branches, open now or closed until when. */
    async offers(v: {
      merchantId?: number;
      pageNum?: number;
      limit?: number;
    }): Promise<{ rows: ApiResponse<'user/offer/list'>['rows']; count: number }> {
      await checkMerchant(v.merchantId);
      const { rows, count } = await repo.offers(clock.today(), { merchantId: v.merchantId, ...pageOf(v) });
      const relations = await offers.relations(rows.map((o) => o.id));
      const mapped = rows.map((o) => toOffer(o, relations));
      const ids = [...new Set(mapped.flatMap((o) => o.branchsIds))];
      const now = clock.now();
      const states = new Map((await repo.activeBranchTimes(ids)).map((b) => [b.id, branchOpenState(b, now)] as const));
      return {
        rows: mapped.map((o) => {
          const branchs = o.branchs.flatMap((b) => {
            const state = states.get(b.id);
            return state ? [{ ...b, isOpen: state.isOpen, opensAt: state.opensAt }] : [];
          });
          return { ...o, branchs, branchsIds: branchs.map((b) => b.id) };
        }),
        count,
      };
    },

    async products(v: {
      merchantId?: number;
      pageNum?: number;
      limit?: number;
    }): Promise<{ rows: Product[]; count: number }> {
      await checkMerchant(v.merchantId);
      const { rows, count } = await repo.products({ merchantId: v.merchantId, ...pageOf(v) });
      const tagRows = await products.tagsOf(rows.map((p) => p.id));
      return { rows: rows.map((p) => toProduct(p, tagRows)), count };
    },
  };
}

export type CustomerRequestsService = ReturnType<typeof customerRequestsService>;
