import type { Kysely } from 'kysely';
import type { DialectKind } from '../dialect';

/**
 * Accept in time (issue 26, point 1): a product request records who accepted it, when, the
 * preparation minutes and the expected ready time; when it was ready and who said so; why it was
 * canceled by the platform (`cancel_reason`, a message key) and when the owner was reminded. The
 * merchant sets `accept_within_minutes` (null: the platform default). The sweep reads pending,
 * unaccepted requests by age (`product_requests_unaccepted`).
 */
export const acceptInTime = (_kind: DialectKind) => ({
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('merchants').addColumn('accept_within_minutes', 'integer').execute();
    const cols: [string, 'text' | 'integer'][] = [
      ['accepted_at', 'text'],
      ['accepted_by_type', 'text'],
      ['accepted_by_id', 'integer'],
      ['prep_minutes', 'integer'],
      ['ready_by', 'text'],
      ['ready_at', 'text'],
      ['ready_by_type', 'text'],
      ['ready_by_id', 'integer'],
      ['cancel_reason', 'text'],
      ['accept_reminded_at', 'text'],
    ];
    for (const [name, type] of cols) await db.schema.alterTable('product_requests').addColumn(name, type).execute();
    await db.schema
      .createIndex('product_requests_unaccepted')
      .on('product_requests')
      .columns(['status', 'accepted_at', 'created_at'])
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropIndex('product_requests_unaccepted').execute();
    for (const name of [
      'accept_reminded_at',
      'cancel_reason',
      'ready_by_id',
      'ready_by_type',
      'ready_at',
      'ready_by',
      'prep_minutes',
      'accepted_by_id',
      'accepted_by_type',
      'accepted_at',
    ])
      await db.schema.alterTable('product_requests').dropColumn(name).execute();
    await db.schema.alterTable('merchants').dropColumn('accept_within_minutes').execute();
  },
});
