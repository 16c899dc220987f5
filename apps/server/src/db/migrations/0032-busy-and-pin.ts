import type { Kysely } from 'kysely';
import type { DialectKind } from '../dialect';

/**
 * Busy and opening hours, proof of delivery (issue 26, points 2 and 3): a branch's pause (its end
 * and reason) and its opening hours (JSON text, docs/domain.md); a delivery's 4-digit code and the
 * wrong tries counted against it.
 */
export const busyAndPin = (_kind: DialectKind) => ({
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('branches').addColumn('paused_until', 'text').execute();
    await db.schema.alterTable('branches').addColumn('pause_reason', 'text').execute();
    await db.schema.alterTable('branches').addColumn('opening_hours', 'text').execute();
    await db.schema.alterTable('product_requests').addColumn('delivery_pin', 'text').execute();
    await db.schema
      .alterTable('product_requests')
      .addColumn('pin_tries', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('product_requests').dropColumn('pin_tries').execute();
    await db.schema.alterTable('product_requests').dropColumn('delivery_pin').execute();
    await db.schema.alterTable('branches').dropColumn('opening_hours').execute();
    await db.schema.alterTable('branches').dropColumn('pause_reason').execute();
    await db.schema.alterTable('branches').dropColumn('paused_until').execute();
  },
});
