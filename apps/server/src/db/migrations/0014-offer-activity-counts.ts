import type { Kysely } from 'kysely';
import type { DialectKind } from '../dialect';
import { type CountedList, countLists } from './0012-list-counts';
import { OFFER_LISTS } from './0013-offer-counts';

/**
 * A merchant's offers counted per activity, `active` or `inactive`, instead of in one state `all`
 * (0013): the dashboard (`merchant/me`) showed its active and inactive offers by grouping every
 * offer of the merchant, a scan of 10,000 rows for a merchant that has them (bench/README.md,
 * "Profile, fourth pass"); it now reads two counter rows. The offers page sums the states, so a
 * server of the previous version reading these counters still answers the same count.
 */
export const OFFERS_BY_ACTIVITY: CountedList = {
  list: 'offers',
  table: 'offers',
  // in parentheses: PL/pgSQL's IF would take the CASE's first THEN for its own
  state: (r) => `(CASE WHEN ${r}.is_active = 1 THEN 'active' ELSE 'inactive' END)`,
  stateColumns: ['is_active'],
  branch: () => '0',
  keyColumns: ['merchant_id'],
  existing: '(SELECT id, merchant_id, is_active, 0 AS branch_id FROM offers)',
};

const [OFFERS_ALL] = OFFER_LISTS;

export const offerActivityCounts = (kind: DialectKind) => {
  const before = countLists(kind, [OFFERS_ALL]);
  const after = countLists(kind, [OFFERS_BY_ACTIVITY]);
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await before.down(db);
      await after.up(db);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await after.down(db);
      await before.up(db);
    },
  };
};
