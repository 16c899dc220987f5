import type { ApiParsedBody, Product } from '@loyalty/contract';
import type { MerchantCaller } from '../../core/caller';
import type { ServiceDeps } from '../../core/deps';
import { notFound } from '../../core/errors';
import type { UploadedFile } from '../../core/handler';
import { flag } from '../../db/dialect';
import { centsToDollars, dollarsToCents } from '../../lib/money';
import { mapDefined } from '../../lib/optional';
import { pageOf } from '../../lib/paging';
import { imageStore, pickFiles } from '../../platform/images/image.service';
import type { TagsService } from '../tags/tags.service';
import type { ProductsRepository, ProductWithMerchant } from './products.repository';

type TagRow = Awaited<ReturnType<ProductsRepository['tagsOf']>>[number];

export const toProduct = (p: ProductWithMerchant, tagRows: TagRow[]): Product => {
  const tags = tagRows.filter((t) => t.productId === p.id).map((t) => ({ id: t.id, name: t.name }));
  return {
    id: p.id,
    merchantId: p.merchantId,
    name: p.name,
    nameAr: p.nameAr,
    description: p.description,
    descriptionAr: p.descriptionAr,
    price: centsToDollars(p.priceCents),
    stockAmount: p.stockAmount,
    image: p.image,
    points: p.points,
    rate: p.rate,
    deliveryAvailability: p.deliveryAvailability === 1,
    merchant: { name: p.merchantName },
    tagsIds: tags.map((t) => t.id),
    tags,
    createdAt: p.createdAt,
  };
};

/** A merchant's products; staff read their merchant's. Another merchant's id answers 404. */
export function productsService({ store, storage }: ServiceDeps<'products', 'storage'>, tags: TagsService) {
  const repo = store.products;
  const images = imageStore(storage);

  /** The mobile clients send their own merchantId; any other answers 404. */
  const checkMerchant = (caller: MerchantCaller, merchantId?: number) => {
    if (merchantId !== undefined && merchantId !== caller.merchantId) throw notFound('merchantNotFound');
  };

  async function details(caller: MerchantCaller, id: number): Promise<Product> {
    const p = await repo.byId(caller.merchantId, id);
    if (!p) throw notFound('productNotFound');
    return toProduct(p, await repo.tagsOf([p.id]));
  }

  return {
    details,

    async list(caller: MerchantCaller, body: ApiParsedBody<'merchant/product/list'>) {
      checkMerchant(caller, body.merchantId);
      const { rows, count } = await repo.list({ merchantId: caller.merchantId, inStock: body.inStock }, pageOf(body));
      const tagRows = await repo.tagsOf(rows.map((r) => r.id));
      return { rows: rows.map((r) => toProduct(r, tagRows)), count };
    },

    async create(caller: MerchantCaller, v: ApiParsedBody<'merchant/product/create'>) {
      checkMerchant(caller, v.merchantId);
      const tagIds = v.tagsIds ?? [];
      await tags.requireAll(tagIds);
      const id = await store.transaction(async (tx) => {
        const productId = await tx.products.insert({
          merchantId: caller.merchantId,
          name: v.name,
          nameAr: v.nameAr,
          description: v.description,
          descriptionAr: v.descriptionAr,
          priceCents: dollarsToCents(v.price),
          stockAmount: v.stockAmount,
          points: v.points ?? 0,
          image: null,
          rate: 0,
          deliveryAvailability: flag(v.deliveryAvailability),
          isActive: 1,
        });
        await tx.products.setTags(productId, tagIds);
        return productId;
      });
      return details(caller, id);
    },

    /** Price parsed as an integer; blank fields keep their values (SPEC §5). */
    async update(caller: MerchantCaller, v: ApiParsedBody<'merchant/product/update'>) {
      await details(caller, v.productId);
      if (v.tagsIds) await tags.requireAll(v.tagsIds);
      const { productId, tagsIds, price, deliveryAvailability, ...fields } = v;
      const patch = {
        ...fields,
        priceCents: mapDefined(price, dollarsToCents),
        deliveryAvailability: mapDefined(deliveryAvailability, flag),
      };
      await store.transaction(async (tx) => {
        await tx.products.update(caller.merchantId, productId, patch);
        await tx.products.setTags(productId, tagsIds);
      });
      return details(caller, v.productId);
    },

    /** The one product image; the new one replaces the old, whose file is removed. */
    async uploadImage(caller: MerchantCaller, productId: number, files: UploadedFile[]) {
      let current = await details(caller, productId);
      const picked = pickFiles(files, ['image'], 1, 'oneImage');
      const [path] = await images.saveAll(picked);
      while (!(await repo.replaceImage(caller.merchantId, productId, current.image, path))) {
        current = await details(caller, productId).catch(async (err) => {
          await images.removeAll([path]);
          throw err;
        });
      }
      await images.removeAll([current.image]);
      return details(caller, productId);
    },
  };
}

export type ProductsService = ReturnType<typeof productsService>;
