import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addBranch, addTags, staffLogin } from './catalogue-fixtures';
import { type MerchantFixture, merchantFixture, startTestServer, type TestServer } from './harness';

let t: TestServer;
let m: MerchantFixture;
let other: MerchantFixture;
beforeAll(async () => {
  t = await startTestServer();
  m = await merchantFixture(t);
  other = await merchantFixture(t);
});
afterAll(async () => t?.close());

const branch = {
  branchName: 'West Bay',
  phone: '97444001122',
  address: 'West Bay, Doha',
  addressAr: 'الخليج الغربي',
  lat: '25.3245',
  long: '51.5302',
};

describe('merchant/addBranch', () => {
  it('adds an active branch with its map point', async () => {
    const res = await t.call('merchant/addBranch', branch, { token: m.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      branchName: 'West Bay',
      phone: '97444001122',
      addressAr: 'الخليج الغربي',
      lat: 25.3245,
      long: 51.5302,
      isActive: true,
    });
    const row = await t.db
      .selectFrom('branches')
      .selectAll()
      .where('id', '=', res.body.data.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ merchantId: m.id, branchName: 'West Bay', isActive: 1, lat: 25.3245 });
  });

  it('accepts a branch without a map point', async () => {
    const res = await t.call('merchant/addBranch', { ...branch, lat: '', long: '' }, { token: m.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ lat: null, long: null });
  });

  it('answers every required field and a numeric phone with the spec messages, in both languages', async () => {
    const res = await t.call('merchant/addBranch', {}, { token: m.token });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual(
      expect.arrayContaining(
        ['branchName', 'phone', 'address', 'addressAr'].map((field) => ({ field, message: 'Field is required' })),
      ),
    );
    const bad = await t.call(
      'merchant/addBranch',
      { ...branch, phone: 'call me', lat: '91', long: 'x' },
      { token: m.token, lang: 'ar' },
    );
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'phone', message: 'أرقام فقط' },
        { field: 'lat', message: 'خط عرض غير صالح' },
        { field: 'long', message: 'خط طول غير صالح' },
      ]),
    );
    expect(await t.db.selectFrom('branches').select('id').where('phone', '=', 'call me').execute()).toHaveLength(0);
  });

  it('is for merchants only: staff get 403, a merchant under review 403', async () => {
    const b = await addBranch(t, m);
    const staff = await staffLogin(t, m.id, b);
    expect((await t.call('merchant/addBranch', branch, { token: staff.token })).status).toBe(403);
    expect(
      (await t.call('merchant/updateBranch', { branchId: b, branchName: 'X' }, { token: staff.token })).status,
    ).toBe(403);
    expect((await t.call('merchant/branch/list', {}, { token: staff.token })).status).toBe(403);
    const pending = await merchantFixture(t, { approved: false });
    const res = await t.call('merchant/addBranch', branch, { token: pending.token });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Your account is under review');
  });
});

describe('merchant/branch/list and details', () => {
  it('lists the merchant own branches oldest first with a count and pages', async () => {
    const mine = await merchantFixture(t);
    const ids = [
      await addBranch(t, mine, 'First'),
      await addBranch(t, mine, 'Second'),
      await addBranch(t, mine, 'Third'),
    ];
    await addBranch(t, other, 'Not mine');
    const res = await t.call('merchant/branch/list', { pageNum: 1, limit: 1000 }, { token: mine.token });
    expect(res.status).toBe(200);
    expect(res.body.data.count).toBe(3);
    expect(res.body.data.rows.map((r: { id: number }) => r.id)).toEqual(ids);
    const page2 = await t.call('merchant/branch/list', { pageNum: 2, limit: 2 }, { token: mine.token });
    expect(page2.body.data).toMatchObject({ count: 3, rows: [{ id: ids[2], branchName: 'Third' }] });
    const past = await t.call('merchant/branch/list', { pageNum: 5, limit: 2 }, { token: mine.token });
    expect(past.body.data).toEqual({ rows: [], count: 3 });
    const empty = await t.call('merchant/branch/list', {}, { token: (await merchantFixture(t)).token });
    expect(empty.body.data).toEqual({ rows: [], count: 0 });
  });

  it('gives one branch; another merchant branch answers 404', async () => {
    const b = await addBranch(t, m, 'Detail');
    const res = await t.call('merchant/branch/details', { branchId: b }, { token: m.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: b, branchName: 'Detail', address: 'Detail street' });
    const foreign = await t.call('merchant/branch/details', { branchId: b }, { token: other.token });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ message: 'Branch not found' });
    expect((await t.call('merchant/branch/details', { branchId: 'abc' }, { token: m.token })).status).toBe(422);
  });
});

describe('merchant/updateBranch', () => {
  it('changes the given fields and keeps the empty ones', async () => {
    const b = await addBranch(t, m, 'Before');
    const res = await t.call(
      'merchant/updateBranch',
      { branchId: b, branchName: 'After', phone: '', address: '', addressAr: 'عنوان جديد', lat: '25.3', long: '51.5' },
      { token: m.token },
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: b,
      branchName: 'After',
      phone: '97444000000',
      address: 'Before street',
      addressAr: 'عنوان جديد',
      lat: 25.3,
      long: 51.5,
    });
    const row = await t.db.selectFrom('branches').selectAll().where('id', '=', b).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ branchName: 'After', address: 'Before street', lat: 25.3 });
    const off = await t.call('merchant/updateBranch', { branchId: b, isActive: 'false' }, { token: m.token });
    expect(off.body.data).toMatchObject({ isActive: false, branchName: 'After' });
  });

  it('refuses a bad phone and another merchant branch (404, nothing changed)', async () => {
    const b = await addBranch(t, m, 'Mine');
    const bad = await t.call('merchant/updateBranch', { branchId: b, phone: '12ab' }, { token: m.token });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toContainEqual({ field: 'phone', message: 'Digits only' });
    const foreign = await t.call(
      'merchant/updateBranch',
      { branchId: b, branchName: 'Stolen' },
      { token: other.token },
    );
    expect(foreign.status).toBe(404);
    const row = await t.db.selectFrom('branches').selectAll().where('id', '=', b).executeTakeFirstOrThrow();
    expect(row.branchName).toBe('Mine');
  });
});

describe("a branch's Arabic name (branchNameAr, issue 23 point 10)", () => {
  it('is optional on add and update: stored and answered, blank keeps it, none is null', async () => {
    const named = await t.call('merchant/addBranch', { ...branch, branchNameAr: 'الخليج الغربي' }, { token: m.token });
    expect(named.status, JSON.stringify(named.body)).toBe(200);
    expect(named.body.data).toMatchObject({ branchName: 'West Bay', branchNameAr: 'الخليج الغربي' });
    const plain = await t.call('merchant/addBranch', branch, { token: m.token });
    expect(plain.body.data).toMatchObject({ branchName: 'West Bay', branchNameAr: null });

    const id = plain.body.data.id as number;
    let res = await t.call('merchant/updateBranch', { branchId: id, branchNameAr: 'اللؤلؤة' }, { token: m.token });
    expect(res.body.data).toMatchObject({ branchName: 'West Bay', branchNameAr: 'اللؤلؤة' });
    res = await t.call(
      'merchant/updateBranch',
      { branchId: id, branchNameAr: '', branchName: 'Pearl' },
      { token: m.token },
    );
    expect(res.body.data).toMatchObject({ branchName: 'Pearl', branchNameAr: 'اللؤلؤة' });
    const row = await t.db.selectFrom('branches').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.branchNameAr).toBe('اللؤلؤة');
    const details = await t.call('merchant/branch/details', { branchId: id }, { token: m.token });
    expect(details.body.data.branchNameAr).toBe('اللؤلؤة');
    const long = await t.call('merchant/addBranch', { ...branch, branchNameAr: 'ا'.repeat(101) }, { token: m.token });
    expect(long.status).toBe(422);
    expect(long.body.errors).toEqual([{ field: 'branchNameAr', message: 'Too long' }]);
  });

  it('travels with the branch wherever it is named: staff, reports', async () => {
    const owner = await merchantFixture(t);
    const res = await t.call('merchant/addBranch', { ...branch, branchNameAr: 'سوق واقف' }, { token: owner.token });
    const id = res.body.data.id as number;
    await staffLogin(t, owner.id, id);
    const staff = await t.call('merchant/user/list', {}, { token: owner.token });
    expect(staff.body.data.rows[0].Branch).toEqual({ id, branchName: 'West Bay', branchNameAr: 'سوق واقف' });
    const chart = await t.call('merchant/chart/orders/branches', {}, { token: owner.token });
    expect(chart.body.data[0]).toMatchObject({ branchId: id, branchName: 'West Bay', branchNameAr: 'سوق واقف' });
  });
});

describe('merchant/tag/list', () => {
  it('lists the operator tags to merchants and staff, not to couriers', async () => {
    const [a, b] = await addTags(t, 2);
    const res = await t.call('merchant/tag/list', { pageNum: 1, limit: 1000 }, { token: m.token });
    expect(res.status).toBe(200);
    expect(res.body.data.count).toBeGreaterThanOrEqual(2);
    expect(res.body.data.rows.map((r: { id: number }) => r.id)).toEqual(expect.arrayContaining([a, b]));
    const branchId = await addBranch(t, m);
    const staff = await staffLogin(t, m.id, branchId);
    expect((await t.call('merchant/tag/list', {}, { token: staff.token })).status).toBe(200);
    const courier = await staffLogin(t, m.id, branchId, 'delivery');
    expect((await t.call('merchant/tag/list', {}, { token: courier.token })).status).toBe(403);
  });
});
