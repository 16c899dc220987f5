import type { Kysely } from 'kysely';
import type { DialectKind } from '../dialect';

/**
 * Tags can be taken out of use by the operator console (issue 25): a deactivated tag is no longer
 * offered to merchants (`merchant/tag/list`), while offers and products that carry it keep it.
 */
export const tagActive = (_kind: DialectKind) => ({
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .alterTable('tags')
      .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('tags').dropColumn('is_active').execute();
  },
});
