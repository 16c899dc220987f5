import type { OfferRequestStatus } from '@loyalty/contract';
import type { Kysely } from 'kysely';
import type { TenantScope } from '../../core/caller';
import { keyset } from '../../db/keyset';
import type { Database, ProductRequestsTable } from '../../db/schema';
import { owedCents } from '../../db/settlement-owed';

const inScope = (scope: TenantScope) => scope.branchId !== undefined;

/** The only SQL of the CSV exports: each list's rows and filters, read page by page. */
export const exportsRepository = (db: Kysely<Database>) => ({
  offerRequests: (scope: TenantScope, f: { status?: OfferRequestStatus; mobile?: string }) =>
    keyset(
      db
        .selectFrom('offerRequests as r')
        .innerJoin('customers as c', 'c.id', 'r.userId')
        .innerJoin('branches as b', 'b.id', 'r.branchId')
        .innerJoin('offers as o', 'o.id', 'r.offerId')
        .where('r.merchantId', '=', scope.merchantId)
        .$if(inScope(scope), (q) => q.where('r.branchId', '=', scope.branchId ?? -1))
        .$if(f.status !== undefined, (q) => q.where('r.status', '=', f.status!))
        .$if(f.mobile !== undefined, (q) => q.where('c.mobile', 'like', `%${f.mobile}%`))
        .select([
          'r.id',
          'r.code',
          'r.status',
          'r.payWith',
          'r.priceCents',
          'r.points',
          'r.createdAt',
          'r.approvedAt',
          'c.name as userName',
          'c.mobile as userMobile',
          'b.branchName',
          'b.branchNameAr',
          'o.title',
          'o.titleAr',
        ]),
      'r.id',
    ),

  redeems: (scope: TenantScope) =>
    keyset(
      db
        .selectFrom('redeemRequests as r')
        .innerJoin('customers as c', 'c.id', 'r.userId')
        .innerJoin('branches as b', 'b.id', 'r.branchId')
        .where('r.merchantId', '=', scope.merchantId)
        .$if(inScope(scope), (q) => q.where('r.branchId', '=', scope.branchId ?? -1))
        .select([
          'r.id',
          'r.amount',
          'r.isApproved',
          'r.createdAt',
          'r.approvedAt',
          'c.name as userName',
          'c.mobile as userMobile',
          'b.branchName',
          'b.branchNameAr',
        ]),
      'r.id',
    ),

  productRequests: (
    scope: TenantScope,
    f: { type?: 'pickup' | 'delivery'; isCanceled?: boolean; status?: ProductRequestsTable['status'] },
  ) =>
    keyset(
      db
        .selectFrom('productRequests as r')
        .innerJoin('products as p', 'p.id', 'r.productId')
        .innerJoin('customers as c', 'c.id', 'r.userId')
        .innerJoin('branches as b', 'b.id', 'r.branchId')
        .where('r.merchantId', '=', scope.merchantId)
        .$if(inScope(scope), (q) => q.where('r.branchId', '=', scope.branchId ?? -1))
        .$if(f.type !== undefined, (q) => q.where('r.type', '=', f.type!))
        .$if(f.isCanceled !== undefined, (q) => q.where('r.isCanceled', '=', f.isCanceled ? 1 : 0))
        .$if(f.status !== undefined, (q) => q.where('r.status', '=', f.status!))
        .select([
          'r.id',
          'r.type',
          'r.status',
          'r.deliveryStatus',
          'r.payWith',
          'r.priceCents',
          'r.points',
          'r.createdAt',
          'r.doneAt',
          'p.name as productName',
          'p.nameAr as productNameAr',
          'c.name as userName',
          'c.mobile as userMobile',
          'b.branchName',
          'b.branchNameAr',
        ]),
      'r.id',
    ),

  settlements: (merchantId: number, f: { status?: 'initial' | 'pending' | 'paid' }) =>
    keyset(
      db
        .selectFrom('settlements as s')
        .innerJoin('customers as c', 'c.id', 's.userId')
        .where('s.merchantId', '=', merchantId)
        .$if(f.status !== undefined, (q) => q.where('s.status', '=', f.status!))
        .select([
          's.id',
          's.status',
          owedCents('s').as('amountCents'),
          's.productRequestId',
          's.createdAt',
          'c.name as userName',
          'c.mobile as userMobile',
        ]),
      's.id',
    ),

  invoices: (merchantId: number) =>
    keyset(
      db
        .selectFrom('invoices')
        .where('merchantId', '=', merchantId)
        .select(['id', 'name', 'description', 'amountCents', 'status', 'packageRequestId', 'createdAt']),
      'id',
    ),

  pointsHistory: (merchantId: number) =>
    keyset(
      db
        .selectFrom('ledgerEntries')
        .where('accountType', '=', 'merchant')
        .where('accountId', '=', merchantId)
        .select(['id', 'createdAt', 'delta', 'balanceAfter', 'reason', 'reference']),
      'id',
    ),
});

export type ExportsRepository = ReturnType<typeof exportsRepository>;
