/**
 * The catalogue part of the demo: tags, bilingual offers with pictures and products in and out of
 * stock for the demo merchants. Running it again adds nothing twice.
 */
import sharp from 'sharp';
import type { Deps } from '../deps';
import { dollarsToCents } from '../lib/money';
import { imageStore } from '../modules/images/image.service';
import { offersRepository } from '../modules/offers/offers.repository';
import { productsRepository } from '../modules/products/products.repository';
import { DEMO } from './demo';
import { CATALOGUE, TAGS } from './demo-catalogue-data';

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
  const { db } = deps;
  const offers = offersRepository(db);
  const products = productsRepository(db);
  const images = imageStore(deps.uploadsDir);
  const now = new Date();
  const day = (offset: number) => new Date(now.getTime() + offset * 86_400_000).toISOString().slice(0, 10);

  const tagIds = new Map<string, number>();
  for (const name of TAGS) {
    const existing = await db.selectFrom('tags').select('id').where('name', '=', name).executeTakeFirst();
    const id =
      existing?.id ??
      (
        await db
          .insertInto('tags')
          .values({ name, createdAt: now.toISOString() })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    tagIds.set(name, id);
  }

  for (const m of DEMO.merchants) {
    const merchant = await db.selectFrom('merchants').select('id').where('mobile', '=', m.mobile).executeTakeFirst();
    const plan = CATALOGUE[m.mobile];
    if (!merchant || !plan) continue;
    const branches = await db
      .selectFrom('branches')
      .select('id')
      .where('merchantId', '=', merchant.id)
      .orderBy('id')
      .execute();
    for (const o of plan.offers) {
      const existing = await db
        .selectFrom('offers')
        .select('id')
        .where('merchantId', '=', merchant.id)
        .where('title', '=', o.title)
        .executeTakeFirst();
      const offerId =
        existing?.id ??
        (await offers.insert(
          {
            merchantId: merchant.id,
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
          },
          branches.map((b) => b.id),
          o.tags.map((t) => tagIds.get(t) as number),
        ));
      const hasImages = await db
        .selectFrom('offerImages')
        .select('id')
        .where('offerId', '=', offerId)
        .executeTakeFirst();
      if (hasImages) continue;
      const files = await Promise.all(
        Array.from({ length: o.pictures }, async (_, i) => ({
          field: `image${i + 1}`,
          filename: 'demo.png',
          data: await illustration(o.hue, i),
        })),
      );
      await offers.addImages(offerId, await images.saveAll(files), 5);
      print(`  offer ${o.title} with ${o.pictures} image(s)`);
    }
    for (const p of plan.products) {
      const existing = await db
        .selectFrom('products')
        .select(['id', 'image'])
        .where('merchantId', '=', merchant.id)
        .where('name', '=', p.name)
        .executeTakeFirst();
      if (existing?.image) continue;
      const productId =
        existing?.id ??
        (await products.insert(
          {
            merchantId: merchant.id,
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
          },
          [tagIds.get('Coffee') as number],
        ));
      const [path] = await images.saveAll([
        { field: 'image', filename: 'demo.png', data: await illustration(p.hue, 1) },
      ]);
      await products.replaceImage(merchant.id, productId, null, path);
      print(`  product ${p.name} (${p.stockAmount > 0 ? `${p.stockAmount} in stock` : 'out of stock'})`);
    }
  }
}
