/**
 * One merchant's world for the access matrix: two branches, a staff member and two couriers at the
 * first branch, a staff member at the second, and one row of every kind a `/merchantUser/*` call
 * reads (offer, product, offer request, redeem request, and a delivery request assigned to the
 * first courier) at the first branch. Rows are written straight to the database so the matrix does
 * not depend on other issues' create calls.
 */
import { nowIso } from '../src/db/dialect';
import { qrService } from '../src/modules/qr/qr.service';
import { secretsService } from '../src/modules/secrets/secrets.service';
import { type MerchantFixture, merchantFixture, nextMobile, type TestServer } from './harness';
import { addBranch, addEmployee, login } from './staff-fixtures';

/** The kinds of rows an id of a `/merchantUser/*` payload can point at. */
export type Resource = 'offer' | 'product' | 'offerRequest' | 'redeem' | 'productRequest';

export interface World {
  merchant: MerchantFixture;
  branch: number;
  otherBranch: number;
  staffToken: string;
  /** The courier the world's product request is assigned to. */
  courierToken: string;
  /** A second courier of the same merchant and branch, with no assignment. */
  otherCourierToken: string;
  /** A staff member of the same merchant at the other branch. */
  otherBranchStaffToken: string;
  /** Row ids by kind, all at `branch`. */
  rows: Record<Resource, number>;
  /** A signed code of the world's offer request, as its customer would show it (docs/domain.md). */
  qrCode: string;
}

export async function buildWorld(t: TestServer, name: string): Promise<World> {
  const merchant = await merchantFixture(t, { name });
  const branch = await addBranch(t, merchant.token, `${name} main`);
  const otherBranch = await addBranch(t, merchant.token, `${name} second`);
  const staff = await addEmployee(t, merchant.token, { branchId: branch, rule: 'merchantUser' });
  const courier = await addEmployee(t, merchant.token, { branchId: branch, rule: 'delivery' });
  const otherCourier = await addEmployee(t, merchant.token, { branchId: branch, rule: 'delivery' });
  const far = await addEmployee(t, merchant.token, { branchId: otherBranch, rule: 'merchantUser' });
  await t.db.updateTable('merchants').set({ isLive: 1, balance: 1000 }).where('id', '=', merchant.id).execute();

  const now = nowIso();
  const day = now.slice(0, 10);
  const nextYear = `${Number(day.slice(0, 4)) + 1}${day.slice(4)}`;
  const offer = await t.db
    .insertInto('offers')
    .values({
      merchantId: merchant.id,
      title: `${name} offer`,
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
  await t.db.insertInto('offerBranches').values({ offerId: offer.id, branchId: branch }).execute();
  const product = await t.db
    .insertInto('products')
    .values({
      merchantId: merchant.id,
      name: `${name} beans`,
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
  const signup = await t.call('user/signup', {
    name: `${name} customer`,
    mobile: nextMobile('9746'),
    password: 'cust-pass-1',
  });
  const customer = { id: signup.body.data.id as number };
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
      merchantId: merchant.id,
      offerId: offer.id,
      branchId: branch,
      userId: customer.id,
      payWith: 'price',
      priceCents: 500,
      points: 0,
      status: 'pending',
      isActive: 1,
      code: `C${offer.id}X${customer.id}`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { isAproved: _, ...redeemPending } = pending;
  const redeem = await t.db
    .insertInto('redeemRequests')
    .values({
      ...redeemPending,
      merchantId: merchant.id,
      branchId: branch,
      userId: customer.id,
      amount: 10,
      isApproved: 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  const address = await t.db
    .insertInto('userAddresses')
    .values({
      userId: customer.id,
      address1: 'Building 12, Street 840',
      address2: null,
      area: 'Al Sadd',
      city: 'Doha',
      lat: 25.2847,
      long: 51.5035,
      createdAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const delivery = await t.db
    .insertInto('productRequests')
    .values({
      merchantId: merchant.id,
      productId: product.id,
      branchId: branch,
      userId: customer.id,
      addressId: address.id,
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
      employeeId: courier.id,
      assignedAt: now,
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

  const qr = qrService(t.deps, secretsService(t.deps.store.secrets));
  return {
    qrCode: (await qr.issue('offer', request.id, merchant.id)).code,
    merchant,
    branch,
    otherBranch,
    staffToken: (await login(t, staff.mobileNum, staff.password)).token,
    courierToken: (await login(t, courier.mobileNum, courier.password)).token,
    otherCourierToken: (await login(t, otherCourier.mobileNum, otherCourier.password)).token,
    otherBranchStaffToken: (await login(t, far.mobileNum, far.password)).token,
    rows: {
      offer: offer.id,
      product: product.id,
      offerRequest: request.id,
      redeem: redeem.id,
      productRequest: delivery.id,
    },
  };
}
