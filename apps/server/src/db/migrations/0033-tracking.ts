import type { Kysely } from 'kysely';
import { columnTypes, type DialectKind } from '../dialect';

/**
 * The customer can follow (issue 26, point 4): a delivery's start, the assigned courier's last
 * position (latitude, longitude, accuracy in metres and when) and the random token of the public
 * tracking link (unique, made at the customer's first `user/product/req/track`).
 */
export const tracking = (kind: DialectKind) => ({
  async up(db: Kysely<unknown>): Promise<void> {
    const t = columnTypes(kind);
    const add = (name: string, type: typeof t.float | 'text') =>
      db.schema.alterTable('product_requests').addColumn(name, type).execute();
    await add('delivery_started_at', 'text');
    await add('courier_lat', t.float);
    await add('courier_lng', t.float);
    await add('courier_accuracy', t.float);
    await add('courier_position_at', 'text');
    await add('track_token', 'text');
    await db.schema
      .createIndex('product_requests_track_token')
      .unique()
      .on('product_requests')
      .column('track_token')
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropIndex('product_requests_track_token').execute();
    for (const c of [
      'track_token',
      'courier_position_at',
      'courier_accuracy',
      'courier_lng',
      'courier_lat',
      'delivery_started_at',
    ])
      await db.schema.alterTable('product_requests').dropColumn(c).execute();
  },
});
