import type { Kysely } from 'kysely';
import type { DialectKind } from '../dialect';

/**
 * A branch's Arabic name (issue 23, point 10), like its Arabic address: optional, and where it is
 * empty the Arabic UI shows the English `branch_name` (DECISIONS §6).
 */
export const branchNameAr = (_kind: DialectKind) => ({
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('branches').addColumn('branch_name_ar', 'text').execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('branches').dropColumn('branch_name_ar').execute();
  },
});
