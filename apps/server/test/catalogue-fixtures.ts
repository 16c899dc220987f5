/** Fixtures shared by the catalogue tests: staff sign-in, tags, branches, offers, real images. */
import sharp from 'sharp';
import type { MerchantFixture, TestServer } from './harness';

export const DESC = 'A description that is long enough to pass the thirty character rule.';
export const DESC_AR = 'وصف عربي طويل بما يكفي ليتجاوز قاعدة الثلاثين حرفاً المطلوبة.';

export { staffLogin } from './harness';

let tagSeq = 0;
export async function addTags(t: TestServer, n: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < n; i += 1) ids.push((await t.op.addTag(`tag-${process.pid}-${++tagSeq}`)).tag.id);
  return ids;
}

export async function addBranch(t: TestServer, m: MerchantFixture, name = 'Main'): Promise<number> {
  const res = await t.call(
    'merchant/addBranch',
    {
      branchName: name,
      phone: '97444000000',
      address: `${name} street`,
      addressAr: `شارع ${name}`,
      lat: 25.2854,
      long: 51.531,
    },
    { token: m.token },
  );
  if (res.status !== 200) throw new Error(`addBranch failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.id;
}

export const offerFields = (branchIds: number[], tagIds: number[]) => ({
  title: 'Two coffees',
  titleAr: 'قهوتان',
  description: DESC,
  descriptionAr: DESC_AR,
  points: 50,
  availableNumberOfOffers: 10,
  price: '12.50',
  startDate: '2030-01-01',
  endDate: '2030-02-01',
  branchsIds: JSON.stringify(branchIds),
  tagsIds: JSON.stringify(tagIds),
});

export async function addOffer(
  t: TestServer,
  m: MerchantFixture,
  branchIds: number[],
  tagIds: number[],
): Promise<number> {
  const res = await t.call('merchant/offer/add', offerFields(branchIds, tagIds), { token: m.token });
  if (res.status !== 200) throw new Error(`offer add failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.id;
}

export const productFields = (tagIds: number[] = []) => ({
  name: 'Cardamom latte',
  nameAr: 'لاتيه بالهيل',
  price: '4.75',
  stockAmount: 8,
  points: 20,
  description: DESC,
  descriptionAr: DESC_AR,
  ...(tagIds.length > 0 && { tagsIds: JSON.stringify(tagIds) }),
});

export async function addProduct(
  t: TestServer,
  m: MerchantFixture,
  fields: Record<string, string | number> = {},
): Promise<number> {
  const res = await t.call('merchant/product/create', { ...productFields(), ...fields }, { token: m.token });
  if (res.status !== 200) throw new Error(`product create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.id;
}

/** A real picture of the given format, with EXIF metadata to strip. */
export async function picture(
  format: 'png' | 'jpeg' | 'webp' | 'gif' = 'png',
  width = 40,
  height = 30,
): Promise<Buffer> {
  const img = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 20 } } });
  if (format === 'jpeg')
    return img
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: 'secret-owner' } } })
      .toBuffer();
  return img.toFormat(format).toBuffer();
}

export const file = (field: string, data: Buffer, name = `${field}.png`, type = 'image/png') => ({
  field,
  name,
  type,
  data,
});
export const textAsPng = (field: string) =>
  file(field, Buffer.from('this is only text, not a picture\n'.repeat(20)), 'photo.png');
