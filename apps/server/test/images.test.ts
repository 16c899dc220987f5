import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addBranch, addOffer, addProduct, addTags, file, picture, staffLogin, textAsPng } from './catalogue-fixtures';
import { type MerchantFixture, merchantFixture, startTestServer, type TestServer } from './harness';

let t: TestServer;
let m: MerchantFixture;
let other: MerchantFixture;
let branch: number;
let tags: number[];
beforeAll(async () => {
  t = await startTestServer();
  m = await merchantFixture(t);
  other = await merchantFixture(t);
  branch = await addBranch(t, m);
  tags = await addTags(t, 1);
});
afterAll(async () => t?.close());

const uploads = () => fs.readdirSync(t.deps.uploadsDir).sort();
const newOffer = () => addOffer(t, m, [branch], tags);
const imageRows = (offerId: number) =>
  t.db.selectFrom('offerImages').selectAll().where('offerId', '=', offerId).orderBy('position').execute();

describe('merchant/offer/upload/images', () => {
  it('stores real images re-encoded as WebP under random names, metadata stripped, served at the path', async () => {
    const offerId = await newOffer();
    const jpeg = await picture('jpeg');
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const res = await t.call(
      'merchant/offer/upload/images',
      { offerId },
      {
        token: m.token,
        files: [file('image1', await picture('png'), 'a.png'), file('image2', jpeg, 'b.jpg', 'image/jpeg')],
      },
    );
    expect(res.status).toBe(200);
    const paths: string[] = res.body.data.images;
    expect(paths).toHaveLength(2);
    // the folder and the files are the server's user's only
    expect(fs.statSync(t.deps.uploadsDir).mode & 0o777).toBe(0o700);
    for (const p of paths) {
      expect(p).toMatch(/^\/uploads\/[a-f0-9]{32}\.webp$/);
      if (t.deps.storage.kind === 'local')
        expect(fs.statSync(path.join(t.deps.uploadsDir, path.basename(p))).mode & 0o777).toBe(0o600);
      const served = await fetch(`${t.url}${p}`);
      expect(served.status).toBe(200);
      const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.exif).toBeUndefined();
    }
    expect((await imageRows(offerId)).map((r) => [r.position, r.path])).toEqual([
      [1, paths[0]],
      [2, paths[1]],
    ]);
    const details = await t.call('merchant/offer/details', { offerId }, { token: m.token });
    expect(details.body.data.images).toEqual(paths);
  });

  it('accepts WebP and GIF content whatever the file is called', async () => {
    const offerId = await newOffer();
    const res = await t.call(
      'merchant/offer/upload/images',
      { offerId },
      {
        token: m.token,
        files: [
          file('image1', await picture('webp'), 'x.txt', 'text/plain'),
          file('image2', await picture('gif'), 'y.gif', 'image/gif'),
        ],
      },
    );
    expect(res.status).toBe(200);
    expect(res.body.data.images).toHaveLength(2);
  });

  it('rejects a text file named .png, an SVG and a mix with a bad file: 422 invalidImage, nothing written', async () => {
    const offerId = await newOffer();
    const before = uploads();
    const text = await t.call(
      'merchant/offer/upload/images',
      { offerId },
      { token: m.token, files: [textAsPng('image1')] },
    );
    expect(text.status).toBe(422);
    expect(text.body.message).toBe('The file is not a supported image (JPEG, PNG, WebP or GIF)');
    expect(text.body.errors).toEqual([
      { field: 'image1', message: 'The file is not a supported image (JPEG, PNG, WebP or GIF)' },
    ]);
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
    );
    expect(
      (
        await t.call(
          'merchant/offer/upload/images',
          { offerId },
          { token: m.token, files: [file('image1', svg, 'a.png')] },
        )
      ).status,
    ).toBe(422);
    const mixed = await t.call(
      'merchant/offer/upload/images',
      { offerId },
      { token: m.token, files: [file('image1', await picture()), textAsPng('image2')] },
    );
    expect(mixed.status).toBe(422);
    expect(mixed.body.errors).toEqual([{ field: 'image2', message: expect.any(String) }]);
    const ar = await t.call(
      'merchant/offer/upload/images',
      { offerId },
      { token: m.token, lang: 'ar', files: [textAsPng('image1')] },
    );
    expect(ar.body.message).toBe('الملف ليس صورة مدعومة (JPEG أو PNG أو WebP أو GIF)');
    expect(await imageRows(offerId)).toHaveLength(0);
    expect(uploads()).toEqual(before);
  });

  it('keeps at most 5 images in all: 422 maxImages and nothing written beyond', async () => {
    const offerId = await newOffer();
    const three = await Promise.all([1, 2, 3].map(async (i) => file(`image${i}`, await picture())));
    expect((await t.call('merchant/offer/upload/images', { offerId }, { token: m.token, files: three })).status).toBe(
      200,
    );
    const before = uploads();
    const over = await t.call('merchant/offer/upload/images', { offerId }, { token: m.token, files: three });
    expect(over.status).toBe(422);
    expect(over.body.message).toBe('You could upload up to 5 images');
    expect(uploads()).toEqual(before);
    expect(await imageRows(offerId)).toHaveLength(3);
    const two = three.slice(0, 2);
    expect(
      (await t.call('merchant/offer/upload/images', { offerId }, { token: m.token, files: two })).body.data.images,
    ).toHaveLength(5);
    expect(
      (await t.call('merchant/offer/upload/images', { offerId }, { token: m.token, files: [three[0]] })).status,
    ).toBe(422);
    const six = await Promise.all([1, 2, 3, 4, 5, 5].map(async (i) => file(`image${i}`, await picture())));
    const fresh = await newOffer();
    expect(
      (await t.call('merchant/offer/upload/images', { offerId: fresh }, { token: m.token, files: six })).status,
    ).toBe(422);
    expect(await imageRows(fresh)).toHaveLength(0);
  });

  it('never goes past 5 when uploads race', async () => {
    const offerId = await newOffer();
    const two = await Promise.all([1, 2].map(async (i) => file(`image${i}`, await picture())));
    const results = await Promise.all(
      [1, 2, 3, 4].map(() => t.call('merchant/offer/upload/images', { offerId }, { token: m.token, files: two })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(2);
    expect(results.filter((r) => r.status === 422)).toHaveLength(2);
    expect(await imageRows(offerId)).toHaveLength(4);
  });

  it('answers no file with 422, a file over 5 MB with 413, foreign offers 404, staff 403', async () => {
    const offerId = await newOffer();
    const none = await t.call('merchant/offer/upload/images', { offerId }, { token: m.token });
    expect(none.status).toBe(422);
    expect(none.body.message).toBe('Choose an image to upload');
    const big = await t.call(
      'merchant/offer/upload/images',
      { offerId },
      { token: m.token, files: [file('image1', Buffer.alloc(5 * 1024 * 1024 + 10, 1))] },
    );
    expect(big.status).toBe(413);
    expect(big.body.message).toBe('The file is too large (5 MB at most)');
    const img = [file('image1', await picture())];
    expect((await t.call('merchant/offer/upload/images', { offerId }, { token: other.token, files: img })).status).toBe(
      404,
    );
    const staff = await staffLogin(t, m.id, branch);
    expect((await t.call('merchant/offer/upload/images', { offerId }, { token: staff.token, files: img })).status).toBe(
      403,
    );
    expect(await imageRows(offerId)).toHaveLength(0);
  });
});

describe('merchant/product/upload/image', () => {
  it('sets the one image and replaces it, removing the old file', async () => {
    const productId = await addProduct(t, m);
    const first = await t.call(
      'merchant/product/upload/image',
      { productId },
      { token: m.token, files: [file('image', await picture('jpeg'), 'p.jpg', 'image/jpeg')] },
    );
    expect(first.status).toBe(200);
    const oldPath: string = first.body.data.image;
    expect(oldPath).toMatch(/^\/uploads\/[a-f0-9]{32}\.webp$/);
    expect(fs.existsSync(path.join(t.deps.uploadsDir, path.basename(oldPath)))).toBe(true);
    const second = await t.call(
      'merchant/product/upload/image',
      { productId },
      { token: m.token, files: [file('image', await picture('png'))] },
    );
    expect(second.status).toBe(200);
    expect(second.body.data.image).not.toBe(oldPath);
    expect(fs.existsSync(path.join(t.deps.uploadsDir, path.basename(oldPath)))).toBe(false);
    expect((await fetch(`${t.url}${second.body.data.image}`)).status).toBe(200);
    const row = await t.db.selectFrom('products').select('image').where('id', '=', productId).executeTakeFirstOrThrow();
    expect(row.image).toBe(second.body.data.image);
  });

  it('refuses a non-image, two images, foreign products and staff, changing nothing', async () => {
    const productId = await addProduct(t, m);
    const before = uploads();
    const text = await t.call(
      'merchant/product/upload/image',
      { productId },
      { token: m.token, files: [textAsPng('image')] },
    );
    expect(text.status).toBe(422);
    expect(text.body.errors).toEqual([
      { field: 'image', message: 'The file is not a supported image (JPEG, PNG, WebP or GIF)' },
    ]);
    const img = file('image', await picture());
    const two = await t.call('merchant/product/upload/image', { productId }, { token: m.token, files: [img, img] });
    expect(two.status).toBe(422);
    expect(two.body.message).toBe('Only one image can be uploaded');
    expect(
      (await t.call('merchant/product/upload/image', { productId }, { token: other.token, files: [img] })).status,
    ).toBe(404);
    const staff = await staffLogin(t, m.id, branch);
    expect(
      (await t.call('merchant/product/upload/image', { productId }, { token: staff.token, files: [img] })).status,
    ).toBe(403);
    expect(uploads()).toEqual(before);
    const row = await t.db.selectFrom('products').select('image').where('id', '=', productId).executeTakeFirstOrThrow();
    expect(row.image).toBeNull();
  });
});
