/**
 * One merchant's world for the access matrix: two branches, a staff member and two couriers at the
 * first branch, a staff member and a courier at the second, and one row of every kind a call reads
 * at each branch (offer, product, offer request, redeem request, delivery request — the first
 * branch's assigned to the first courier — plus cards, package purchases with their invoices,
 * settlements and the customer's addresses). Rows are written straight to the database (cards and
 * purchases through the API) so the matrix does not depend on other issues' create calls.
 */
import { PERMISSIONS } from '@loyalty/contract';
import { nowIso } from '../src/db/dialect';
import { type MerchantFixture, merchantFixture, signUpCustomer, type TestServer } from './harness';
import { addCard, packageFixture } from './money-fixtures';
import { addBranch, addEmployee, login } from './staff-fixtures';

/** The kinds of rows an id of a `/merchantUser/*` payload can point at. */
export type Resource = 'offer' | 'product' | 'offerRequest' | 'redeem' | 'productRequest' | 'branch';

/** Every kind of row an id field of the catalogue can point at (see ID_KINDS in the isolation matrix). */
export type Kind =
  | Resource
  | 'branch'
  | 'staff'
  | 'courier'
  | 'card'
  | 'packageRequest'
  | 'invoice'
  | 'settlement'
  | 'address'
  | 'merchant'
  | 'tag'
  | 'package'
  | 'ticket'
  | 'ticketMessage'
  | 'permissionSet';

export interface World {
  merchant: MerchantFixture;
  branch: number;
  otherBranch: number;
  staffToken: string;
  /** The courier the world's product request is assigned to. */
  courierToken: string;
  courierId: number;
  /** A second courier of the same merchant and branch, with no assignment. */
  otherCourierToken: string;
  /** A staff member of the same merchant at the other branch. */
  otherBranchStaffToken: string;
  customerId: number;
  customerToken: string;
  /** Row ids by kind, all at `branch`. */
  rows: Record<Resource, number>;
  /** A signed code of the world's offer request, as its customer would show it (docs/domain.md). */
  qrCode: string;
  /** One row of every kind at `branch` (or of the merchant / its customer), and a second one at `otherBranch`. */
  ids: Record<Kind, [number, number]>;
}

async function insertOffer(t: TestServer, merchantId: number, branchId: number, title: string) {
  const now = nowIso();
  const day = now.slice(0, 10);
  const nextYear = `${Number(day.slice(0, 4)) + 1}${day.slice(4)}`;
  const offer = await t.db
    .insertInto('offers')
    .values({
      merchantId,
      title,
      titleAr: null,
      description: 'A coffee and a cake for the price of one, every day.',
      descriptionAr: null,
      priceCents: 500,
      points: 10,
      availableNumberOfOffers: 50,
      startDate: day,
      endDate: nextYear,
      rate: 0,
      isActive: 1,
      createdAt: now,
      updatedAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db.insertInto('offerBranches').values({ offerId: offer.id, branchId }).execute();
  return offer.id;
}

async function insertProduct(t: TestServer, merchantId: number, name: string) {
  const now = nowIso();
  const product = await t.db
    .insertInto('products')
    .values({
      merchantId,
      name,
      nameAr: null,
      description: 'Freshly roasted coffee beans from the house roastery.',
      descriptionAr: null,
      priceCents: 1200,
      stockAmount: 5,
      points: 20,
      image: null,
      rate: 0,
      deliveryAvailability: 1,
      isActive: 1,
      createdAt: now,
      updatedAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return product.id;
}

/** An offer request, a redeem request and a delivery request (assigned to `courierId`) at a branch. */
async function insertRequests(
  t: TestServer,
  o: { merchantId: number; branchId: number; offerId: number; productId: number; userId: number; addressId: number },
  courierId: number | null,
) {
  const now = nowIso();
  const pending = {
    isAproved: 0,
    approvedByType: null,
    approvedById: null,
    approvedAt: null,
    createdAt: now,
    updatedAt: now,
  };
  const request = await t.db
    .insertInto('offerRequests')
    .values({
      ...pending,
      merchantId: o.merchantId,
      offerId: o.offerId,
      branchId: o.branchId,
      userId: o.userId,
      payWith: 'price',
      priceCents: 500,
      points: 0,
      status: 'pending',
      isActive: 1,
      code: `C${o.offerId}X${o.userId}`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { isAproved: _, ...redeemPending } = pending;
  const redeem = await t.db
    .insertInto('redeemRequests')
    .values({
      ...redeemPending,
      merchantId: o.merchantId,
      branchId: o.branchId,
      userId: o.userId,
      amount: 10,
      isApproved: 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const delivery = await t.db
    .insertInto('productRequests')
    .values({
      merchantId: o.merchantId,
      productId: o.productId,
      branchId: o.branchId,
      userId: o.userId,
      addressId: o.addressId,
      type: 'delivery',
      payWith: 'price',
      priceCents: 1200,
      points: 20,
      status: 'pending',
      isCanceled: 0,
      isRefund: 0,
      refundReason: null,
      refundComment: null,
      deliveryStatus: 'pending',
      employeeId: courierId,
      assignedAt: courierId ? now : null,
      doneAt: null,
      doneByType: null,
      doneById: null,
      canceledAt: null,
      refundRequestedAt: null,
      refundedAt: null,
      refundedByType: null,
      refundedById: null,
      createdAt: now,
      updatedAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // a settlement belongs to a done request (never to the pending one the matrix may cancel)
  const { id: _pending, ...pendingRow } = await t.db
    .selectFrom('productRequests')
    .selectAll()
    .where('id', '=', delivery.id)
    .executeTakeFirstOrThrow();
  const done = await t.db
    .insertInto('productRequests')
    .values({
      ...pendingRow,
      type: 'pickup',
      addressId: null,
      deliveryStatus: null,
      employeeId: null,
      assignedAt: null,
      status: 'done',
      doneAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const settlement = await t.db
    .insertInto('settlements')
    .values({
      merchantId: o.merchantId,
      productRequestId: done.id,
      userId: o.userId,
      amountCents: 1200,
      status: 'initial',
      createdAt: now,
      updatedAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { offerRequest: request.id, redeem: redeem.id, productRequest: delivery.id, settlement: settlement.id };
}

async function insertAddress(t: TestServer, userId: number) {
  const address = await t.db
    .insertInto('userAddresses')
    .values({
      userId,
      address1: 'Building 12, Street 840',
      address2: null,
      area: 'Al Sadd',
      city: 'Doha',
      lat: 25.2847,
      long: 51.5035,
      createdAt: nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return address.id;
}

/** Platform rows every world shares: two tags and two packages for sale. */
async function platformRows(t: TestServer): Promise<{ tag: [number, number]; package: [number, number] }> {
  const existing = await t.db.selectFrom('tags').select('id').orderBy('id').limit(2).execute();
  const tags = existing.map((r) => r.id);
  while (tags.length < 2) {
    const row = await t.db
      .insertInto('tags')
      .values({ name: `Tag ${tags.length}`, createdAt: nowIso() })
      .returning('id')
      .executeTakeFirstOrThrow();
    tags.push(row.id);
  }
  const packs = await t.db.selectFrom('packages').select('id').where('isActive', '=', 1).orderBy('id').execute();
  while (packs.length < 2) packs.push({ id: (await packageFixture(t, { name: `Pack ${packs.length}` })).id });
  return { tag: [tags[0], tags[1]], package: [packs[0].id, packs[1].id] };
}

export async function buildWorld(t: TestServer, name: string): Promise<World> {
  const merchant = await merchantFixture(t, { name });
  const branch = await addBranch(t, merchant.token, `${name} main`);
  const otherBranch = await addBranch(t, merchant.token, `${name} second`);
  const staff = await addEmployee(t, merchant.token, { branchId: branch, rule: 'merchantUser' });
  const courier = await addEmployee(t, merchant.token, { branchId: branch, rule: 'delivery' });
  const otherCourier = await addEmployee(t, merchant.token, { branchId: branch, rule: 'delivery' });
  const far = await addEmployee(t, merchant.token, { branchId: otherBranch, rule: 'merchantUser' });
  const farCourier = await addEmployee(t, merchant.token, { branchId: otherBranch, rule: 'delivery' });
  // staff rows the matrix points at (updating one may end its sessions: never a caller's)
  const employees = [
    await addEmployee(t, merchant.token, { branchId: branch, rule: 'merchantUser' }),
    await addEmployee(t, merchant.token, { branchId: otherBranch, rule: 'merchantUser' }),
  ];
  await t.db.updateTable('merchants').set({ isLive: 1, balance: 1000 }).where('id', '=', merchant.id).execute();
  await t.db
    .insertInto('ledgerEntries')
    .values({
      accountType: 'merchant',
      accountId: merchant.id,
      delta: 1000,
      balanceAfter: 1000,
      reason: 'matrix.grant',
      reference: `matrix:${merchant.id}`,
      createdAt: nowIso(),
    })
    .execute();

  const offers = [
    await insertOffer(t, merchant.id, branch, `${name} offer`),
    await insertOffer(t, merchant.id, otherBranch, `${name} far offer`),
  ] as [number, number];
  const products = [
    await insertProduct(t, merchant.id, `${name} beans`),
    await insertProduct(t, merchant.id, `${name} far beans`),
  ] as [number, number];
  const customer = await signUpCustomer(t, { name: `${name} customer` });
  const customerId = customer.id;
  const customerToken = customer.token;
  const addresses = [await insertAddress(t, customerId), await insertAddress(t, customerId)] as [number, number];
  const near = await insertRequests(
    t,
    {
      merchantId: merchant.id,
      branchId: branch,
      offerId: offers[0],
      productId: products[0],
      userId: customerId,
      addressId: addresses[0],
    },
    courier.id,
  );
  const farRows = await insertRequests(
    t,
    {
      merchantId: merchant.id,
      branchId: otherBranch,
      offerId: offers[1],
      productId: products[1],
      userId: customerId,
      addressId: addresses[1],
    },
    null,
  );
  const platform = await platformRows(t);
  const cards = [(await addCard(t, merchant.token)).id, (await addCard(t, merchant.token)).id] as [number, number];
  const purchases: { packageRequest: number; invoice: number }[] = [];
  for (const packageId of platform.package) {
    const res = await t.call('merchant/req/package', { packageId, cardId: cards[0] }, { token: merchant.token });
    if (res.status !== 200) throw new Error(`purchase failed: ${res.status} ${JSON.stringify(res.body)}`);
    const invoice = await t.db
      .selectFrom('invoices')
      .select('id')
      .where('merchantId', '=', merchant.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    purchases.push({ packageRequest: res.body.data.id, invoice: invoice.id });
  }

  // two support tickets, each with one of the merchant's own messages (the matrix may delete it)
  const tickets: { ticket: number; message: number }[] = [];
  for (const n of [1, 2]) {
    const created = await t.call(
      'merchant/ticket/create',
      { ticketType: 'general', ticketBody: `${name} ticket ${n}: the matrix needs a ticket.` },
      { token: merchant.token },
    );
    if (created.status !== 200) throw new Error(`ticket failed: ${created.status} ${JSON.stringify(created.body)}`);
    const reply = await t.call(
      'merchant/userTicket/message/reply',
      { ticketId: created.body.data.id, messageBody: `${name} message ${n}` },
      { token: merchant.token },
    );
    if (reply.status !== 200) throw new Error(`reply failed: ${reply.status} ${JSON.stringify(reply.body)}`);
    tickets.push({ ticket: created.body.data.id, message: reply.body.data.id });
  }

  // two staff permission sets (issue 27), in use by nobody (the matrix may delete one)
  const permissionSets: number[] = [];
  for (const n of [1, 2]) {
    const saved = await t.call(
      'merchant/permissionSet/save',
      { name: `${name} set ${n}`, permissions: JSON.stringify(['approveRedeems']) },
      { token: merchant.token },
    );
    if (saved.status !== 200) throw new Error(`permission set failed: ${saved.status} ${JSON.stringify(saved.body)}`);
    permissionSets.push(saved.body.data.id);
  }
  // the callers hold every permission, so the matrix reaches the calls a default set does not open
  const everything = await t.call(
    'merchant/permissionSet/save',
    { name: `${name} everything`, permissions: JSON.stringify(PERMISSIONS) },
    { token: merchant.token },
  );
  if (everything.status !== 200) throw new Error(`permission set failed: ${everything.status}`);
  for (const s of [staff, far]) {
    const res = await t.call(
      'merchant/employees/update',
      { userId: s.id, permissionSetId: everything.body.data.id },
      { token: merchant.token },
    );
    if (res.status !== 200) throw new Error(`permission set not given: ${res.status} ${JSON.stringify(res.body)}`);
  }

  return {
    qrCode: (await t.services.qr.issue('offer', near.offerRequest, merchant.id)).code,
    merchant,
    branch,
    otherBranch,
    staffToken: (await login(t, staff.mobileNum, staff.password)).token,
    courierToken: (await login(t, courier.mobileNum, courier.password)).token,
    courierId: courier.id,
    otherCourierToken: (await login(t, otherCourier.mobileNum, otherCourier.password)).token,
    otherBranchStaffToken: (await login(t, far.mobileNum, far.password)).token,
    customerId,
    customerToken,
    rows: {
      offer: offers[0],
      product: products[0],
      offerRequest: near.offerRequest,
      redeem: near.redeem,
      productRequest: near.productRequest,
      branch,
    },
    ids: {
      offer: offers,
      product: products,
      offerRequest: [near.offerRequest, farRows.offerRequest],
      redeem: [near.redeem, farRows.redeem],
      productRequest: [near.productRequest, farRows.productRequest],
      settlement: [near.settlement, farRows.settlement],
      branch: [branch, otherBranch],
      staff: [employees[0].id, employees[1].id],
      courier: [courier.id, farCourier.id],
      card: cards,
      packageRequest: [purchases[0].packageRequest, purchases[1].packageRequest],
      invoice: [purchases[0].invoice, purchases[1].invoice],
      address: addresses,
      merchant: [merchant.id, merchant.id],
      tag: platform.tag,
      package: platform.package,
      ticket: [tickets[0].ticket, tickets[1].ticket],
      ticketMessage: [tickets[0].message, tickets[1].message],
      permissionSet: [permissionSets[0], permissionSets[1]],
    },
  };
}
