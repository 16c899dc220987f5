/**
 * The catalogue part of the demo: tags, bilingual offers with pictures and products in and out of
 * stock for the demo merchants. Running it again adds nothing twice.
 */
import { businessDate } from '@loyalty/contract';
import sharp from 'sharp';
import type { Deps } from '../../core/deps';
import { dollarsToCents } from '../../lib/money';
import { insertTag } from '../../modules/tags/tag-writes';
import { imageStore } from '../../platform/images/image.service';
import { CATALOGUE, DEMO, TAGS } from './demo-data';

/** A simple illustration (no fonts needed): a warm gradient with round shapes. */
const illustration = (hue: number, variant: number): Promise<Buffer> => {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hue},70%,62%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360},65%,38%)"/>
    </linearGradient></defs>
    <rect width="640" height="480" fill="url(#g)"/>
    <circle cx="${220 + variant * 60}" cy="250" r="120" fill="hsl(${hue},40%,96%)" opacity="0.9"/>
    <circle cx="${220 + variant * 60}" cy="250" r="80" fill="hsl(${hue},55%,30%)" opacity="0.85"/>
    <rect x="${360 + variant * 20}" y="170" width="150" height="160" rx="24" fill="hsl(${(hue + 180) % 360},45%,92%)" opacity="0.8"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
};

export async function seedCatalogue(deps: Deps, print: (line: string) => void): Promise<void> {
  const { store } = deps;
  const { demo: repo, offers, products } = store;
  const images = imageStore(deps.storage);
  const now = new Date();
  // business-calendar dates (Asia/Qatar), as the server judges an offer's start and end
  const day = (offset: number) => businessDate(new Date(now.getTime() + offset * 86_400_000));

  const tagIds = new Map<string, number>();
  for (const name of TAGS) {
    tagIds.set(name, (await repo.tagId(name)) ?? (await insertTag(store, name)));
  }

  for (const m of DEMO.merchants) {
    const merchantId = await repo.merchantId(m.mobile);
    const plan = CATALOGUE[m.mobile];
    if (merchantId === undefined || !plan) continue;
    const branchIds = await repo.branchIdsOf(merchantId);
    for (const o of plan.offers) {
      const offerId =
        (await repo.offerId(merchantId, o.title)) ??
        (await store.transaction(async (tx) => {
          const id = await tx.offers.insert({
            merchantId,
            title: o.title,
            titleAr: o.titleAr,
            description: o.description,
            descriptionAr: o.descriptionAr,
            priceCents: dollarsToCents(o.price),
            points: o.points,
            availableNumberOfOffers: o.available,
            startDate: day(-7),
            endDate: day(60),
            rate: 4.5,
            isActive: 1,
          });
          await tx.offers.setLinks(
            id,
            branchIds,
            o.tags.map((t) => tagIds.get(t) as number),
          );
          return id;
        }));
      if (await repo.offerHasImages(offerId)) continue;
      const files = await Promise.all(
        Array.from({ length: o.pictures }, async (_, i) => ({
          field: `image${i + 1}`,
          filename: 'demo.png',
          data: await illustration(o.hue, i),
        })),
      );
      const paths = await images.saveAll(files);
      await offers.insertImages(
        offerId,
        paths.map((path, i) => ({ path, position: i + 1 })),
      );
      print(`  offer ${o.title} with ${o.pictures} image(s)`);
    }
    for (const p of plan.products) {
      const existing = await repo.product(merchantId, p.name);
      if (existing?.image) continue;
      const productId =
        existing?.id ??
        (await store.transaction(async (tx) => {
          const id = await tx.products.insert({
            merchantId,
            name: p.name,
            nameAr: p.nameAr,
            description: p.description,
            descriptionAr: p.descriptionAr,
            priceCents: dollarsToCents(p.price),
            points: p.points,
            stockAmount: p.stockAmount,
            image: null,
            rate: 4,
            deliveryAvailability: p.delivery ? 1 : 0,
            isActive: 1,
          });
          await tx.products.setTags(id, [tagIds.get('Coffee') as number]);
          return id;
        }));
      const [path] = await images.saveAll([
        { field: 'image', filename: 'demo.png', data: await illustration(p.hue, 1) },
      ]);
      await products.replaceImage(merchantId, productId, null, path);
      print(`  product ${p.name} (${p.stockAmount > 0 ? `${p.stockAmount} in stock` : 'out of stock'})`);
    }
  }
}
