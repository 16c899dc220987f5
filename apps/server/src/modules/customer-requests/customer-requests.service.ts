import { clock, type Offer, type Product } from '@loyalty/contract';
import type { Deps } from '../../deps';
import { pageOf } from '../../lib/paging';
import { toOffer } from '../offers/offers.mapper';
import { toProduct } from '../products/products.service';

/**
 * What a customer browses before asking (docs/domain.md, customer API): offers that can be requested today (active,
 * started, not expired, not sold out) and active products, of approved and live merchants only.
 * Rows have the same shape as the merchant's own lists (the catalogue's mappers).
 */
export function customerRequestsService({ store }: Pick<Deps, 'store'>) {
  const { browse: repo, offers, products } = store;

  return {
    async offers(v: {
      merchantId?: number;
      pageNum?: number;
      limit?: number;
    }): Promise<{ rows: Offer[]; count: number }> {
      const { rows, count } = await repo.offers(clock.today(), { merchantId: v.merchantId, ...pageOf(v) });
      const relations = await offers.relations(rows.map((o) => o.id));
      return { rows: rows.map((o) => toOffer(o, relations)), count };
    },

    async products(v: {
      merchantId?: number;
      pageNum?: number;
      limit?: number;
    }): Promise<{ rows: Product[]; count: number }> {
      const { rows, count } = await repo.products({ merchantId: v.merchantId, ...pageOf(v) });
      const tagRows = await products.tagsOf(rows.map((p) => p.id));
      return { rows: rows.map((p) => toProduct(p, tagRows)), count };
    },
  };
}

export type CustomerRequestsService = ReturnType<typeof customerRequestsService>;
