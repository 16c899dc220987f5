import type { Kysely } from 'kysely';
import type { DialectKind } from '../dialect';

/**
 * Indexes that match each list's filter and order exactly (bench/README.md, "Profile"), so a page
 * is read in index order and stops after `limit` rows, and a count reads one index range:
 * - offer requests: by merchant (and status), by merchant and branch (and status), newest first
 *   with the id as the tie-break;
 * - redeem requests: the same without status;
 * - branches: oldest first; offers: newest id first.
 */
const INDEXES: [name: string, table: string, columns: string[]][] = [
  ['offer_requests_status_list_idx', 'offer_requests', ['merchant_id', 'status', 'created_at', 'id']],
  ['offer_requests_list_idx', 'offer_requests', ['merchant_id', 'created_at', 'id']],
  [
    'offer_requests_branch_status_list_idx',
    'offer_requests',
    ['merchant_id', 'branch_id', 'status', 'created_at', 'id'],
  ],
  ['offer_requests_branch_list_idx', 'offer_requests', ['merchant_id', 'branch_id', 'created_at', 'id']],
  ['redeem_requests_list_idx', 'redeem_requests', ['merchant_id', 'created_at', 'id']],
  ['redeem_requests_branch_list_idx', 'redeem_requests', ['merchant_id', 'branch_id', 'created_at', 'id']],
  ['branches_list_idx', 'branches', ['merchant_id', 'created_at', 'id']],
  ['offers_list_idx', 'offers', ['merchant_id', 'id']],
];

export const perfIndexes = (_kind: DialectKind) => ({
  async up(db: Kysely<unknown>): Promise<void> {
    for (const [name, table, columns] of INDEXES)
      await db.schema.createIndex(name).on(table).columns(columns).execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    for (const [name] of INDEXES) await db.schema.dropIndex(name).execute();
  },
});
