import type { DialectKind } from '../dialect';
import { type CountedList, countLists } from './0012-list-counts';

/**
 * The offers list's count from counters too (bench/README.md, "Scale"): a merchant with 10,000
 * offers had every page of its offers count them all (PostgreSQL: a 6 ms scan a page). Two lists,
 * as the offers page has two scopes: `offers`, a merchant's offers (branch 0), kept by triggers on
 * `offers`; and `offer_branches`, the offers one branch carries, kept by triggers on the links
 * (an offer's merchant never changes, and offers are never deleted). One state: `all`.
 */
export const OFFER_LISTS: CountedList[] = [
  {
    list: 'offers',
    table: 'offers',
    state: () => `'all'`,
    stateColumns: [],
    branch: () => '0',
    keyColumns: ['merchant_id'],
    existing: '(SELECT id, merchant_id, 0 AS branch_id FROM offers)',
  },
  {
    list: 'offer_branches',
    table: 'offer_branches',
    state: () => `'all'`,
    stateColumns: [],
    merchant: (r) => `(SELECT merchant_id FROM offers WHERE id = ${r}.offer_id)`,
    keyColumns: ['offer_id', 'branch_id'],
    slotOf: (r) => `${r}.offer_id`,
    existing:
      '(SELECT ob.offer_id, ob.branch_id, o.merchant_id FROM offer_branches ob JOIN offers o ON o.id = ob.offer_id)',
  },
];

export const offerCounts = (kind: DialectKind) => countLists(kind, OFFER_LISTS);
