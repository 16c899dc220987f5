/**
 * Following a delivery (docs/domain.md "Following a delivery"): the courier's last position and the
 * public link's token. Part of the product requests' repository (spread in). `db` may be a transaction.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export interface Position {
  lat: number;
  lng: number;
  accuracy: number | null;
}

export const productRequestTracking = (db: Kysely<Database>) => ({
  /**
   * The assigned courier's position, kept only while the delivery is open (assigned, not done or
   * canceled) and when the last one is older than `notAfter` (else false: ignored).
   */
  async recordPosition(id: number, employeeId: number, p: Position, now: string, notAfter: string) {
    const res = await db
      .updateTable('productRequests')
      .set({ courierLat: p.lat, courierLng: p.lng, courierAccuracy: p.accuracy, courierPositionAt: now })
      .where('id', '=', id)
      .where('employeeId', '=', employeeId)
      .where('type', '=', 'delivery')
      .where('status', '=', 'pending')
      .where('deliveryStatus', 'in', ['pending', 'inProgress'])
      .where((eb) => eb.or([eb('courierPositionAt', 'is', null), eb('courierPositionAt', '<=', notAfter)]))
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  },

  /** Gives a request its public link's token unless it has one (the first writer wins). */
  async setTrackToken(id: number, userId: number, token: string) {
    await db
      .updateTable('productRequests')
      .set({ trackToken: token })
      .where('id', '=', id)
      .where('userId', '=', userId)
      .where('trackToken', 'is', null)
      .execute();
  },

  /** The request of a public link's token (any merchant): its id and merchant. */
  byTrackToken: (token: string) =>
    db.selectFrom('productRequests').select(['id', 'merchantId']).where('trackToken', '=', token).executeTakeFirst(),
});
