import { clock } from '@loyalty/contract';
import { type Insertable, type Kysely, sql, type Updateable } from 'kysely';
import { nowIso } from '../../db/dialect';
import type { Database, ProductsTable } from '../../db/schema';
import type { Page } from '../../lib/paging';

export interface ProductFilter {
  merchantId: number;
  /** true: stockAmount above 0; false: stockAmount 0 (SPEC §4). */
  inStock?: boolean;
}

/** Products with their tags and merchant name. Every query is scoped to one merchant. */
export const productsRepository = (db: Kysely<Database>) => {
  const scoped = (f: ProductFilter) => {
    let q = db
      .selectFrom('products')
      .innerJoin('merchants', 'merchants.id', 'products.merchantId')
      .where('products.merchantId', '=', f.merchantId);
    if (f.inStock === true) q = q.where('products.stockAmount', '>', 0);
    if (f.inStock === false) q = q.where('products.stockAmount', '=', 0);
    return q;
  };
  const withMerchant = (f: ProductFilter) => scoped(f).selectAll('products').select('merchants.name as merchantName');

  /** Replaces the product's tags (call inside the service's transaction). */
  const setTags = async (productId: number, tagIds?: number[]) => {
    if (!tagIds) return;
    await db.deleteFrom('productTags').where('productId', '=', productId).execute();
    if (tagIds.length > 0)
      await db
        .insertInto('productTags')
        .values(tagIds.map((tagId) => ({ productId, tagId })))
        .execute();
  };

  return {
    async list(f: ProductFilter, page: Page) {
      const rows = await withMerchant(f).orderBy('products.id', 'desc').limit(page.limit).offset(page.offset).execute();
      const { n } = await scoped(f)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return { rows, count: Number(n) };
    },

    byId: (merchantId: number, id: number) =>
      withMerchant({ merchantId }).where('products.id', '=', id).executeTakeFirst(),

    tagsOf: (productIds: number[]) =>
      productIds.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom('productTags as pt')
            .innerJoin('tags as t', 't.id', 'pt.tagId')
            .select(['pt.productId', 't.id', 't.name'])
            .where('pt.productId', 'in', productIds)
            .orderBy('t.name')
            .execute(),

    insert: async (values: Omit<Insertable<ProductsTable>, 'createdAt' | 'updatedAt'>) => {
      const now = nowIso();
      const row = await db
        .insertInto('products')
        .values({ ...values, createdAt: now, updatedAt: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    setTags,

    update: (merchantId: number, id: number, patch: Updateable<ProductsTable>) =>
      db
        .updateTable('products')
        .set({ ...patch, updatedAt: nowIso() })
        .where('merchantId', '=', merchantId)
        .where('id', '=', id)
        .execute(),

    /** Swaps the image only if it is still `previous`, so two uploads at once never orphan a file. */
    async replaceImage(merchantId: number, id: number, previous: string | null, next: string): Promise<boolean> {
      const res = await db
        .updateTable('products')
        .set({ image: next, updatedAt: nowIso() })
        .where('merchantId', '=', merchantId)
        .where('id', '=', id)
        .where((eb) => (previous === null ? eb('image', 'is', null) : eb('image', '=', previous)))
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    // stock, written only through product-stock.ts (an order takes one, a cancel, rejection or refund returns it)

    /** Takes one from the stock if there is any; true when one was taken. */
    async takeStock(productId: number) {
      const res = await db
        .updateTable('products')
        .set({ stockAmount: sql<number>`stock_amount - 1`, updatedAt: clock.nowIso() })
        .where('id', '=', productId)
        .where('stockAmount', '>', 0)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    returnStock: (productId: number) =>
      db
        .updateTable('products')
        .set({ stockAmount: sql<number>`stock_amount + 1`, updatedAt: clock.nowIso() })
        .where('id', '=', productId)
        .execute(),
  };
};

export type ProductsRepository = ReturnType<typeof productsRepository>;
export type ProductWithMerchant = NonNullable<Awaited<ReturnType<ProductsRepository['byId']>>>;
