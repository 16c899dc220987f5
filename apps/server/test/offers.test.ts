import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../src/db/dialect';
import { addBranch, addOffer, addTags, DESC, offerFields, staffLogin } from './catalogue-fixtures';
import { type MerchantFixture, merchantFixture, nextMobile, startTestServer, type TestServer } from './harness';

let t: TestServer;
let m: MerchantFixture;
let other: MerchantFixture;
let b1: number;
let b2: number;
let tags: number[];
beforeAll(async () => {
  t = await startTestServer();
  m = await merchantFixture(t);
  other = await merchantFixture(t);
  b1 = await addBranch(t, m, 'One');
  b2 = await addBranch(t, m, 'Two');
  tags = await addTags(t, 2);
});
afterAll(async () => t?.close());

const ids = (res: { body: { data: { rows: { id: number }[] } } }) => res.body.data.rows.map((r) => r.id);

/** A customer's request of the offer at a branch, as the requests issue will record it. */
async function request(offerId: number, branchId: number, name: string, status: 'pending' | 'done' = 'pending') {
  const now = nowIso();
  const mobile = nextMobile('9746');
  const c = await t.db
    .insertInto('customers')
    .values({
      name,
      mobile,
      passwordHash: 'x',
      currency: 'USD',
      balance: 0,
      mustChangePassword: 0,
      registeredByMerchantId: null,
      registeredBranchId: null,
      createdAt: now,
      updatedAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db
    .insertInto('offerRequests')
    .values({
      merchantId: m.id,
      offerId,
      branchId,
      userId: c.id,
      payWith: 'points',
      priceCents: 1250,
      points: 50,
      status,
      isAproved: status === 'done' ? 1 : 0,
      isActive: 1,
      code: `code-${c.id}`,
      approvedByType: null,
      approvedById: null,
      approvedAt: null,
      createdAt: now,
      updatedAt: now,
    })
    .execute();
  return { id: c.id, mobile };
}

describe('merchant/offer/add', () => {
  it('adds an offer with its branches and tags; price in dollars, stored in cents', async () => {
    const res = await t.call('merchant/offer/add', offerFields([b1, b2], tags), { token: m.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      title: 'Two coffees',
      titleAr: 'قهوتان',
      price: 12.5,
      points: 50,
      availableNumberOfOffers: 10,
      startDate: '2030-01-01',
      endDate: '2030-02-01',
      isActive: true,
      images: null,
      branchsIds: [b1, b2],
      branchs: [
        { id: b1, branchName: 'One' },
        { id: b2, branchName: 'Two' },
      ],
      tagsIds: expect.arrayContaining(tags),
    });
    const row = await t.db
      .selectFrom('offers')
      .selectAll()
      .where('id', '=', res.body.data.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ merchantId: m.id, priceCents: 1250, startDate: '2030-01-01' });
    const links = await t.db.selectFrom('offerBranches').select('branchId').where('offerId', '=', row.id).execute();
    expect(links.map((l) => l.branchId).sort()).toEqual([b1, b2].sort());
  });

  it('accepts MM/DD/YYYY dates and key[] lists too, answering YYYY-MM-DD', async () => {
    const fields = {
      ...offerFields([b1], tags),
      startDate: '03/15/2030',
      endDate: '4/1/2030',
      branchsIds: [b1],
      tagsIds: [tags[0]],
    };
    const res = await t.call('merchant/offer/add', fields, { token: m.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      startDate: '2030-03-15',
      endDate: '2030-04-01',
      branchsIds: [b1],
      tagsIds: [tags[0]],
    });
  });

  it('answers every validation message of SPEC §5, in English and Arabic', async () => {
    const res = await t.call('merchant/offer/add', { branchsIds: '[]', tagsIds: '[]' }, { token: m.token });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'branchsIds', message: 'Please choose a branch' },
        { field: 'tagsIds', message: 'Tags are required' },
        { field: 'description', message: 'Description must be more than 30 and less than 300 characters' },
        { field: 'descriptionAr', message: 'Arabic description must be more than 30 and less than 300 characters' },
        ...['title', 'titleAr', 'points', 'availableNumberOfOffers', 'price', 'startDate', 'endDate'].map((field) => ({
          field,
          message: 'Field is required',
        })),
      ]),
    );
    const ar = await t.call(
      'merchant/offer/add',
      { ...offerFields([b1], tags), description: 'short', descriptionAr: 'x'.repeat(301) },
      { token: m.token, lang: 'ar' },
    );
    expect(ar.body.errors).toEqual([
      { field: 'description', message: 'يجب أن يكون الوصف أكثر من 30 وأقل من 300 حرف' },
      { field: 'descriptionAr', message: 'يجب أن يكون الوصف العربي أكثر من 30 وأقل من 300 حرف' },
    ]);
    const dates = await t.call(
      'merchant/offer/add',
      { ...offerFields([b1], tags), startDate: '2030-05-01', endDate: '2030-04-01' },
      { token: m.token },
    );
    expect(dates.body.errors).toEqual([{ field: 'endDate', message: 'End date must not be before the start date' }]);
    const bad = await t.call(
      'merchant/offer/add',
      { ...offerFields([b1], tags), price: '-1', points: '1.5', startDate: '02/30/2030' },
      { token: m.token },
    );
    expect(bad.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'price', message: 'Must be zero or more' },
        { field: 'points', message: 'Must be a whole number' },
        { field: 'startDate', message: 'Enter a valid date' },
      ]),
    );
  });

  it("refuses another merchant's branch and unknown tags with 404, writing nothing", async () => {
    const before = await t.db.selectFrom('offers').select('id').execute();
    const foreignBranch = await addBranch(t, other, 'Foreign');
    const a = await t.call('merchant/offer/add', offerFields([b1, foreignBranch], tags), { token: m.token });
    expect(a.status).toBe(404);
    expect(a.body.message).toBe('Branch not found');
    const b = await t.call('merchant/offer/add', offerFields([b1], [999999]), { token: m.token });
    expect(b.status).toBe(404);
    expect(b.body.message).toBe('Tag not found');
    expect(await t.db.selectFrom('offers').select('id').execute()).toHaveLength(before.length);
  });

  it('is for merchants only: staff cannot add or update', async () => {
    const staff = await staffLogin(t, m.id, b1);
    const offerId = await addOffer(t, m, [b1], tags);
    expect((await t.call('merchant/offer/add', offerFields([b1], tags), { token: staff.token })).status).toBe(403);
    expect((await t.call('merchant/offer/update', { offerId, title: 'Hacked' }, { token: staff.token })).status).toBe(
      403,
    );
    expect((await t.call('admin/offer/users/list', { offerId }, { token: staff.token })).status).toBe(403);
  });
});

describe('offer lists', () => {
  it('gives the merchant all its offers newest first, optionally of one branch', async () => {
    const mine = await merchantFixture(t);
    const [x, y] = [await addBranch(t, mine, 'X'), await addBranch(t, mine, 'Y')];
    const o1 = await addOffer(t, mine, [x], tags);
    const o2 = await addOffer(t, mine, [y], tags);
    const o3 = await addOffer(t, mine, [x, y], tags);
    await addOffer(t, m, [b1], tags);
    const all = await t.call('merchant/offer/list', { limit: 1000, pageNum: 1 }, { token: mine.token });
    expect(all.status).toBe(200);
    expect(all.body.data.count).toBe(3);
    expect(ids(all)).toEqual([o3, o2, o1]);
    // each offer with its own branches (oldest first) and tags (by name), read for the page at once
    const byId = new Map(all.body.data.rows.map((o: { id: number }) => [o.id, o]));
    const tagNames = (o: { tags: { name: string }[] }) => o.tags.map((tag) => tag.name);
    for (const [id, branches] of [
      [o1, [x]],
      [o2, [y]],
      [o3, [x, y]],
    ] as const) {
      const o = byId.get(id) as { branchsIds: number[]; branchs: { branchName: string }[]; tags: { name: string }[] };
      expect(o.branchsIds).toEqual(branches);
      expect(o.branchs.map((b) => b.branchName)).toEqual(branches.map((b) => (b === x ? 'X' : 'Y')));
      expect(tagNames(o)).toEqual([...tagNames(o)].sort());
      expect(o.tags).toHaveLength(tags.length);
    }
    const ofX = await t.call('merchant/offer/list', { branchId: x }, { token: mine.token });
    expect(ofX.body.data.count).toBe(2);
    expect(ids(ofX)).toEqual([o3, o1]);
    const paged = await t.call('merchant/offer/list', { limit: 1, pageNum: 2 }, { token: mine.token });
    expect(ids(paged)).toEqual([o2]);
    // the count comes with the page's rows; past the end it is read apart, for the merchant and a branch
    expect(paged.body.data.count).toBe(3);
    expect(Object.keys(paged.body.data.rows[0])).not.toContain('listedTotal');
    const past = await t.call('merchant/offer/list', { limit: 1, pageNum: 9 }, { token: mine.token });
    expect(past.body.data).toEqual({ rows: [], count: 3 });
    const pastOfX = await t.call('merchant/offer/list', { branchId: x, limit: 1, pageNum: 9 }, { token: mine.token });
    expect(pastOfX.body.data).toEqual({ rows: [], count: 2 });
    const foreign = await t.call('merchant/offer/list', { branchId: b1 }, { token: mine.token });
    expect(foreign.status).toBe(404);
  });

  it('gives staff only the offers their branch carries', async () => {
    const mine = await merchantFixture(t);
    const [x, y] = [await addBranch(t, mine, 'X'), await addBranch(t, mine, 'Y')];
    const o1 = await addOffer(t, mine, [x], tags);
    await addOffer(t, mine, [y], tags);
    const o3 = await addOffer(t, mine, [x, y], tags);
    const staff = await staffLogin(t, mine.id, x);
    const res = await t.call('merchantUser/offer/list', { limit: 1000, pageNum: 1 }, { token: staff.token });
    expect(res.status).toBe(200);
    expect(res.body.data.count).toBe(2);
    expect(ids(res)).toEqual([o3, o1]);
    expect((await t.call('merchantUser/offer/list', { branchId: x }, { token: staff.token })).body.data.count).toBe(2);
    expect((await t.call('merchantUser/offer/list', { branchId: y }, { token: staff.token })).status).toBe(404);
    expect((await t.call('merchant/offer/list', {}, { token: staff.token })).status).toBe(403);
    const noBranch = await staffLogin(t, mine.id, null);
    expect((await t.call('merchantUser/offer/list', {}, { token: noBranch.token })).body.data).toEqual({
      rows: [],
      count: 0,
    });
  });
});

describe('offer lists carry their relations', () => {
  it('gives the same branches, tags and images, in their order, on a page of a few rows and of many', async () => {
    const mine = await merchantFixture(t);
    const [x, y] = [await addBranch(t, mine, 'X'), await addBranch(t, mine, 'Y')];
    // tags added in the reverse of their names' order, images stored out of their positions' order
    const stamp = `${process.pid}-${Date.now()}`;
    const zed = (await t.op.addTag(`zed-${stamp}`)).tag.id;
    const alpha = (await t.op.addTag(`alpha-${stamp}`)).tag.id;
    const o1 = await addOffer(t, mine, [y, x], [zed, alpha]);
    const o2 = await addOffer(t, mine, [x], [zed]);
    const o3 = await addOffer(t, mine, [y], [alpha]);
    const now = nowIso();
    await t.db
      .insertInto('offerImages')
      .values(
        [2, 1, 3].map((position) => ({ offerId: o1, path: `/uploads/o1-${position}.webp`, position, createdAt: now })),
      )
      .execute();
    type Row = {
      id: number;
      branchsIds: number[];
      tagsIds: number[];
      tags: { name: string }[];
      images: string[] | null;
    };
    const rowsOf = async (path: string, token: string, limit: number, pageNum = 1) => {
      const res = await t.call(path, { limit, pageNum }, { token });
      expect(res.status).toBe(200);
      return res.body.data.rows as Row[];
    };
    const few = await rowsOf('merchant/offer/list', mine.token, 10);
    expect(await rowsOf('merchant/offer/list', mine.token, 1000)).toEqual(few);
    expect(few.map((o) => o.id)).toEqual([o3, o2, o1]);
    const [r3, r2, r1] = few;
    expect(r1.branchsIds).toEqual([x, y]);
    expect(r1.tagsIds).toEqual([alpha, zed]);
    expect(r1.images).toEqual([1, 2, 3].map((n) => `/uploads/o1-${n}.webp`));
    expect(r2).toMatchObject({ branchsIds: [x], tagsIds: [zed], images: null });
    expect(r3).toMatchObject({ branchsIds: [y], tagsIds: [alpha], images: null });
    expect(Object.keys(r1)).not.toEqual(expect.arrayContaining(['branchesJson']));
    // a later page of one row, and a branch's staff
    expect(await rowsOf('merchant/offer/list', mine.token, 1, 3)).toEqual([r1]);
    const staff = await staffLogin(t, mine.id, x);
    const staffFew = await rowsOf('merchantUser/offer/list', staff.token, 10);
    expect(staffFew).toEqual([r2, r1]);
    expect(await rowsOf('merchantUser/offer/list', staff.token, 1000)).toEqual(staffFew);
  });
});

describe('offer details and customers', () => {
  it('gives the offer with its requests and counts; staff see their branch requests', async () => {
    const offerId = await addOffer(t, m, [b1, b2], tags);
    const c1 = await request(offerId, b1, 'Mariam');
    await request(offerId, b2, 'Omar', 'done');
    const res = await t.call('merchant/offer/details', { offerId }, { token: m.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: offerId, requestsCount: 2, usersCount: 2 });
    const mariam = res.body.data.Requests.find((r: { user: { name: string } }) => r.user.name === 'Mariam');
    expect(mariam).toMatchObject({
      status: 'pending',
      isAproved: false,
      user: { id: c1.id, name: 'Mariam', mobile: c1.mobile },
      Branch: { id: b1, branchName: 'One' },
      offerDetail: {
        id: offerId,
        title: 'Two coffees',
        price: 12.5,
        points: 50,
        endDate: '2030-02-01',
        description: DESC,
      },
    });
    const staff = await staffLogin(t, m.id, b2);
    const mineOnly = await t.call('merchantUser/offer/details', { offerId }, { token: staff.token });
    expect(mineOnly.status).toBe(200);
    expect(mineOnly.body.data.Requests.map((r: { user: { name: string } }) => r.user.name)).toEqual(['Omar']);
  });

  it("answers 404 for another merchant's offer and for staff of a branch that does not carry it", async () => {
    const offerId = await addOffer(t, m, [b1], tags);
    const foreign = await t.call('merchant/offer/details', { offerId }, { token: other.token });
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe('Offer not found');
    const staff = await staffLogin(t, m.id, b2);
    expect((await t.call('merchantUser/offer/details', { offerId }, { token: staff.token })).status).toBe(404);
    const otherStaff = await staffLogin(t, other.id, await addBranch(t, other));
    expect((await t.call('merchantUser/offer/details', { offerId }, { token: otherStaff.token })).status).toBe(404);
  });

  it('lists the customers who requested an own offer (admin/offer/users/list)', async () => {
    const offerId = await addOffer(t, m, [b1], tags);
    const empty = await t.call('admin/offer/users/list', { offerId, limit: 1000 }, { token: m.token });
    expect(empty.status).toBe(200);
    expect(empty.body.data).toEqual({ rows: [], count: 0 });
    const c = await request(offerId, b1, 'Sara');
    await request(offerId, b1, 'Huda');
    const res = await t.call('admin/offer/users/list', { offerId, limit: 1000 }, { token: m.token });
    expect(res.body.data.count).toBe(2);
    expect(res.body.data.rows).toContainEqual({ id: c.id, name: 'Sara', mobile: c.mobile, requestsCount: 1 });
    const foreign = await t.call('admin/offer/users/list', { offerId }, { token: other.token });
    expect(foreign.status).toBe(404);
  });
});

describe('merchant/offer/update', () => {
  it('changes the given fields, keeps the blank ones and reads MM/DD/YYYY dates', async () => {
    const offerId = await addOffer(t, m, [b1], tags);
    const res = await t.call(
      'merchant/offer/update',
      {
        offerId,
        title: 'Three coffees',
        titleAr: '',
        description: '',
        price: '9.99',
        startDate: '01/10/2030',
        endDate: '',
        branchsIds: JSON.stringify([b2]),
        tagsIds: JSON.stringify([tags[1]]),
      },
      { token: m.token },
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      title: 'Three coffees',
      titleAr: 'قهوتان',
      description: DESC,
      price: 9.99,
      startDate: '2030-01-10',
      endDate: '2030-02-01',
      branchsIds: [b2],
      tagsIds: [tags[1]],
    });
    const row = await t.db.selectFrom('offers').selectAll().where('id', '=', offerId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ priceCents: 999, title: 'Three coffees' });
  });

  it('refuses an end before the stored start, short descriptions, and foreign offers', async () => {
    const offerId = await addOffer(t, m, [b1], tags);
    const dates = await t.call('merchant/offer/update', { offerId, endDate: '12/31/2029' }, { token: m.token });
    expect(dates.status).toBe(422);
    expect(dates.body.errors).toEqual([{ field: 'endDate', message: 'End date must not be before the start date' }]);
    const desc = await t.call('merchant/offer/update', { offerId, description: 'too short' }, { token: m.token });
    expect(desc.body.errors).toEqual([
      { field: 'description', message: 'Description must be more than 30 and less than 300 characters' },
    ]);
    const foreign = await t.call('merchant/offer/update', { offerId, title: 'Stolen' }, { token: other.token });
    expect(foreign.status).toBe(404);
    const foreignBranch = await t.call(
      'merchant/offer/update',
      { offerId, branchsIds: JSON.stringify([await addBranch(t, other)]) },
      { token: m.token },
    );
    expect(foreignBranch.status).toBe(404);
    const row = await t.db.selectFrom('offers').selectAll().where('id', '=', offerId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ title: 'Two coffees', endDate: '2030-02-01' });
  });
});
