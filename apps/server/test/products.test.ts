import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addBranch, addProduct, addTags, DESC, DESC_AR, productFields, staffLogin } from './catalogue-fixtures';
import { type MerchantFixture, merchantFixture, startTestServer, type TestServer } from './harness';

let t: TestServer;
let m: MerchantFixture;
let other: MerchantFixture;
let tags: number[];
beforeAll(async () => {
  t = await startTestServer();
  m = await merchantFixture(t, { name: 'Doha Coffee' });
  other = await merchantFixture(t);
  tags = await addTags(t, 2);
});
afterAll(async () => t?.close());

const ids = (res: { body: { data: { rows: { id: number }[] } } }) => res.body.data.rows.map((r) => r.id);

describe('merchant/product/create', () => {
  it('creates a product; price in dollars, stored in cents', async () => {
    const res = await t.call(
      'merchant/product/create',
      { ...productFields(tags), merchantId: m.id, deliveryAvailability: 'true' },
      { token: m.token },
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      name: 'Cardamom latte',
      nameAr: 'لاتيه بالهيل',
      price: 4.75,
      stockAmount: 8,
      points: 20,
      image: null,
      deliveryAvailability: true,
      merchantId: m.id,
      merchant: { name: 'Doha Coffee' },
      tagsIds: expect.arrayContaining(tags),
    });
    const row = await t.db
      .selectFrom('products')
      .selectAll()
      .where('id', '=', res.body.data.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ merchantId: m.id, priceCents: 475, stockAmount: 8, deliveryAvailability: 1 });
  });

  it('answers every validation message of SPEC §5, in English and Arabic', async () => {
    const res = await t.call('merchant/product/create', {}, { token: m.token });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual(
      expect.arrayContaining([
        ...['name', 'nameAr', 'price', 'stockAmount'].map((field) => ({ field, message: 'Field is required' })),
        { field: 'description', message: 'Description must be more than 30 and less than 300 characters' },
        { field: 'descriptionAr', message: 'Arabic description must be more than 30 and less than 300 characters' },
      ]),
    );
    const ar = await t.call(
      'merchant/product/create',
      { ...productFields(), price: 'abc', stockAmount: '-2' },
      { token: m.token, lang: 'ar' },
    );
    expect(ar.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'price', message: 'هذا الحقل مطلوب' },
        { field: 'stockAmount', message: 'يجب أن يكون صفراً أو أكثر' },
      ]),
    );
  });

  it("refuses another merchant's id, unknown tags, and staff", async () => {
    const foreign = await t.call(
      'merchant/product/create',
      { ...productFields(), merchantId: other.id },
      { token: m.token },
    );
    expect(foreign.status).toBe(404);
    const tag = await t.call('merchant/product/create', productFields([999999]), { token: m.token });
    expect(tag.status).toBe(404);
    expect(tag.body.message).toBe('Tag not found');
    const staff = await staffLogin(t, m.id, await addBranch(t, m));
    expect((await t.call('merchant/product/create', productFields(), { token: staff.token })).status).toBe(403);
    const p = await addProduct(t, m);
    expect((await t.call('merchant/product/update', { productId: p, name: 'X' }, { token: staff.token })).status).toBe(
      403,
    );
  });
});

describe('product lists and details', () => {
  it('lists own products newest first, by stock, and to staff of the merchant', async () => {
    const mine = await merchantFixture(t);
    const p1 = await addProduct(t, mine, { stockAmount: 3 });
    const p2 = await addProduct(t, mine, { stockAmount: 0 });
    const p3 = await addProduct(t, mine, { stockAmount: 1 });
    await addProduct(t, other);
    const all = await t.call(
      'merchant/product/list',
      { merchantId: mine.id, limit: 1000, pageNum: 1 },
      { token: mine.token },
    );
    expect(all.status).toBe(200);
    expect(all.body.data.count).toBe(3);
    expect(ids(all)).toEqual([p3, p2, p1]);
    expect(ids(await t.call('merchant/product/list', { inStock: 'true' }, { token: mine.token }))).toEqual([p3, p1]);
    expect(ids(await t.call('merchant/product/list', { inStock: 'false' }, { token: mine.token }))).toEqual([p2]);
    expect(ids(await t.call('merchant/product/list', { limit: 1, pageNum: 3 }, { token: mine.token }))).toEqual([p1]);
    const foreign = await t.call('merchant/product/list', { merchantId: other.id }, { token: mine.token });
    expect(foreign.status).toBe(404);
    const staff = await staffLogin(t, mine.id, await addBranch(t, mine));
    const staffList = await t.call('merchantUser/product/list', { merchantId: mine.id }, { token: staff.token });
    expect(ids(staffList)).toEqual([p3, p2, p1]);
    const detail = await t.call('merchantUser/product/details', { id: p1 }, { token: staff.token });
    expect(detail.body.data).toMatchObject({ id: p1, stockAmount: 3 });
  });

  it("answers 404 for another merchant's product", async () => {
    const p = await addProduct(t, m);
    expect((await t.call('merchant/product/details', { id: p }, { token: m.token })).body.data).toMatchObject({
      id: p,
      description: DESC,
      descriptionAr: DESC_AR,
    });
    const foreign = await t.call('merchant/product/details', { id: p }, { token: other.token });
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe('Product not found');
    const otherStaff = await staffLogin(t, other.id, await addBranch(t, other));
    expect((await t.call('merchantUser/product/details', { id: p }, { token: otherStaff.token })).status).toBe(404);
  });
});

describe('merchant/product/update', () => {
  it('parses the price as an integer and keeps blank fields', async () => {
    const p = await addProduct(t, m);
    const res = await t.call(
      'merchant/product/update',
      {
        productId: p,
        name: '',
        nameAr: 'اسم جديد',
        price: '12.7',
        stockAmount: '0',
        description: '',
        descriptionAr: '',
        tagsIds: JSON.stringify([tags[0]]),
        deliveryAvailability: '',
      },
      { token: m.token },
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      name: 'Cardamom latte',
      nameAr: 'اسم جديد',
      price: 12,
      stockAmount: 0,
      description: DESC,
      tagsIds: [tags[0]],
    });
    const row = await t.db.selectFrom('products').selectAll().where('id', '=', p).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ priceCents: 1200, stockAmount: 0 });
    const out = await t.call('merchant/product/list', { inStock: 'false' }, { token: m.token });
    expect(ids(out)).toContain(p);
    const blankPrice = await t.call(
      'merchant/product/update',
      { productId: p, price: '', stockAmount: '3' },
      { token: m.token },
    );
    expect(blankPrice.status).toBe(200);
    expect(blankPrice.body.data).toMatchObject({ price: 12, stockAmount: 3 });
  });

  it('refuses bad values and foreign products, changing nothing', async () => {
    const p = await addProduct(t, m);
    const bad = await t.call(
      'merchant/product/update',
      { productId: p, price: 'cheap', description: 'short' },
      { token: m.token },
    );
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'price', message: 'Field is required' },
        { field: 'description', message: 'Description must be more than 30 and less than 300 characters' },
      ]),
    );
    const foreign = await t.call('merchant/product/update', { productId: p, name: 'Stolen' }, { token: other.token });
    expect(foreign.status).toBe(404);
    const row = await t.db.selectFrom('products').selectAll().where('id', '=', p).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: 'Cardamom latte', priceCents: 475 });
  });
});
