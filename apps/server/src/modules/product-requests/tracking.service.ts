import { randomBytes } from 'node:crypto';
import { type ApiParsedBody, clock, type Language, TRACKING, type Tracking } from '@loyalty/contract';
import type { CustomerCaller, MerchantCaller } from '../../core/caller';
import type { ServiceDeps } from '../../core/deps';
import { conflict, notFound } from '../../core/errors';
import { deliveryOpen, linkExpired, toTracking } from './tracking.mapper';

/** 192 random bits, URL-safe: 32 characters (TRACK_TOKEN_PATTERN). */
const newTrackToken = () => randomBytes(24).toString('base64url');

/**
 * Following a delivery (issue 26, point 4; docs/domain.md "Following a delivery"): the assigned
 * courier's position while the delivery is open, the customer's view of their order, and the public
 * link's view of it (no sign-in; 404 once an hour has passed since the order closed).
 */
export function trackingService(deps: ServiceDeps<'productRequests'>) {
  const repo = deps.store.productRequests;

  return {
    async position(caller: MerchantCaller, v: ApiParsedBody<'merchantUser/product/req/position'>) {
      const scope = { merchantId: caller.merchantId, employeeId: caller.id };
      const req = await repo.byId(scope, v.id);
      if (!req) throw notFound('productRequestNotFound');
      if (!deliveryOpen(req)) throw conflict('deliveryNotOpen');
      const now = clock.now();
      const notAfter = new Date(now.getTime() - TRACKING.minGapMs).toISOString();
      const recorded = await repo.recordPosition(
        req.id,
        caller.id,
        { lat: v.lat, lng: v.lng, accuracy: v.accuracy ?? null },
        now.toISOString(),
        notAfter,
      );
      const after = await repo.byId(scope, req.id);
      // closed in between (delivered, canceled, reassigned): nothing is shared any more
      if (!after || !deliveryOpen(after) || after.courierLat === null || after.courierLng === null)
        throw conflict('deliveryNotOpen');
      return {
        id: after.id,
        recorded,
        position: {
          lat: after.courierLat,
          lng: after.courierLng,
          accuracy: after.courierAccuracy,
          at: after.courierPositionAt ?? now.toISOString(),
        },
      };
    },

    /** The customer's own order (any other id answers 404), with its public link made at the first call. */
    async track(caller: CustomerCaller, id: number, lang: Language): Promise<Tracking> {
      const own = await repo.ofCustomer(caller.id, id);
      if (!own) throw notFound('productRequestNotFound');
      if (own.trackToken === null) await repo.setTrackToken(own.id, caller.id, newTrackToken());
      const req = await repo.byId({ merchantId: own.merchantId }, own.id);
      if (!req || req.userId !== caller.id || req.trackToken === null) throw notFound('productRequestNotFound');
      return toTracking(req, req.trackToken, lang);
    },

    /** The public link: an unknown token and an expired one answer the same 404. */
    async publicTrack(token: string, lang: Language): Promise<Tracking> {
      const found = await repo.byTrackToken(token);
      const req = found && (await repo.byId({ merchantId: found.merchantId }, found.id));
      if (!req || req.trackToken !== token || linkExpired(req)) throw notFound('trackingNotFound');
      return toTracking(req, token, lang);
    },
  };
}

export type TrackingService = ReturnType<typeof trackingService>;
