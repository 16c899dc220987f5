/**
 * The merchant's home (`merchant/me`): the account and every count of its dashboard in one
 * statement — its offers per activity, its offer requests (all, and approved) and pending redeems
 * from the counters (db/list-counts.ts), its branches and staff, its orders to accept and its
 * deliveries without a courier. On PostgreSQL each statement is a round trip: the home was eight
 * and is now two with the caller's (bench/README.md, "Our own overhead"). The builders are the
 * owners' (profile, branches, product requests, the counters); the counts are read in one snapshot.
 */
import { type Kysely, sql } from 'kysely';
import { listedSumQuery } from '../db/list-counts';
import { type Params, preparedQuery } from '../db/prepared';
import type { Database } from '../db/schema';
import { branchCountQuery } from '../modules/branches/branches.repository';
import {
  unacceptedCountQuery,
  withoutCourierCountQuery,
} from '../modules/product-requests/product-request-accept.repository';
import { merchantRowQuery, staffCountQuery } from '../modules/profile/profile.repository';

const homeOf = preparedQuery((db, p: Params<{ merchantId: number }>) => {
  const ofMerchant = { merchantId: p.merchantId };
  return merchantRowQuery(db, p.merchantId).select([
    listedSumQuery(db, 'offers', ofMerchant, sql.lit('active')).as('activeOffers'),
    listedSumQuery(db, 'offers', ofMerchant, sql.lit('inactive')).as('inactiveOffers'),
    listedSumQuery(db, 'offer_requests', ofMerchant).as('allRequests'),
    listedSumQuery(db, 'offer_requests', ofMerchant, sql.lit('done')).as('approvedRequests'),
    listedSumQuery(db, 'redeem_requests', ofMerchant, sql.lit('pending')).as('pendingRedeems'),
    branchCountQuery(db, p.merchantId).as('branches'),
    staffCountQuery(db, p.merchantId).as('employees'),
    unacceptedCountQuery(db, p.merchantId).as('ordersToAccept'),
    withoutCourierCountQuery(db, p.merchantId).as('deliveriesWithoutCourier'),
  ]);
});

/** A count as the drivers give it (PostgreSQL: a bigint or numeric as text; NULL: none). */
const n = (v: unknown): number => Number(v ?? 0);

export const merchantHomeRepository = (db: Kysely<Database>) => ({
  /** The merchant's account and its dashboard's counts; undefined when there is no such merchant. */
  async home(merchantId: number) {
    const r = await homeOf.first(db, { merchantId });
    if (!r) return undefined;
    const {
      activeOffers,
      inactiveOffers,
      allRequests,
      approvedRequests,
      pendingRedeems,
      branches,
      employees,
      ordersToAccept,
      deliveriesWithoutCourier,
      ...merchant
    } = r;
    return {
      merchant,
      counts: {
        activeOffers: n(activeOffers),
        inactiveOffers: n(inactiveOffers),
        approvedRequests: n(approvedRequests),
        pendingRequests: n(allRequests) - n(approvedRequests),
        branches: n(branches),
        employees: n(employees),
        ordersToAccept: n(ordersToAccept),
        deliveriesWithoutCourier: n(deliveriesWithoutCourier),
        pendingRedeems: n(pendingRedeems),
      },
    };
  },
});
