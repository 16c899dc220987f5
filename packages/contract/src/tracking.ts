/**
 * The customer can follow (issue 26, point 4; docs/domain.md "Following a delivery"): the courier's
 * app shares its position while a delivery is open, the customer reads the order's timeline and the
 * courier's last position, and a public link `/t/<token>` shows the same without signing in until an
 * hour after the order closes.
 */
import { z } from 'zod';
import { blankOptional, msg, toNumber } from './field-base';
import { latitude, longitude } from './field-formats';
import { id } from './fields';

export const TRACKING = {
  /** How often the courier's app shares its position (ms). */
  shareEveryMs: 30_000,
  /** A position sent sooner than this after the last one is ignored (ms). */
  minGapMs: 10_000,
  /** The public link still answers this long after the order is done or canceled (ms). */
  graceMs: 60 * 60_000,
  /** The largest accuracy kept (metres); a worse fix is still stored, capped. */
  accuracyMax: 100_000,
} as const;

/** The steps of an order's timeline, in order; an order ends in delivered (or picked), canceled or rejected. */
export const TRACK_STEPS = [
  'created',
  'accepted',
  'ready',
  'assigned',
  'onTheWay',
  'delivered',
  'canceled',
  'rejected',
] as const;
export type TrackStep = (typeof TRACK_STEPS)[number];

/** The courier's share of their position: the delivery and a browser geolocation fix. */
export const positionBody = z.object({
  id: id(),
  lat: latitude(),
  lng: longitude(),
  accuracy: blankOptional(
    z.preprocess(
      toNumber,
      z.number(msg('mustBeNumber')).min(0, msg('mustBePositive')).max(TRACKING.accuracyMax, msg('tooLong')),
    ),
  ),
});

export const courierPosition = z.object({
  lat: z.number(),
  lng: z.number(),
  accuracy: z.number().nullable(),
  at: z.string(),
});
export type CourierPosition = z.infer<typeof courierPosition>;

export const positionAnswer = z.object({
  id: z.number().int(),
  /** false: sooner than 10 s after the last one, so ignored (the last one is answered). */
  recorded: z.boolean(),
  position: courierPosition,
});

const nullableText = z.string().nullable();

export const trackStep = z.object({
  step: z.enum(TRACK_STEPS),
  /** The step's text in the caller's language. */
  label: z.string(),
  /** When it happened (null: not yet, or not recorded). */
  at: nullableText,
  reached: z.boolean(),
});

/** An order as its customer (or the holder of its public link) follows it: no name, phone, address or code. */
export const tracking = z.object({
  id: z.number().int(),
  type: z.enum(['pickup', 'delivery']),
  status: z.string(),
  /** The current state in the caller's language. */
  statusText: z.string(),
  productName: z.string(),
  productNameAr: nullableText,
  branchName: z.string(),
  branchNameAr: nullableText,
  prepMinutes: z.number().int().nullable(),
  /** The expected ready time (accepted with the preparation minutes), else null. */
  expectedAt: nullableText,
  steps: z.array(trackStep),
  /** The courier's last position while the delivery is open, else null. */
  courier: courierPosition.nullable(),
  /** The public link's token and its address (`/t/<token>`). */
  trackToken: z.string(),
  trackUrl: z.string(),
  /** When the public link stops answering (an hour after the order closes; null while it is open). */
  expiresAt: nullableText,
});
export type Tracking = z.infer<typeof tracking>;

/** The public link's token: 32 URL-safe characters (random, 192 bits). */
export const TRACK_TOKEN_PATTERN = /^[A-Za-z0-9_-]{32}$/;

export const publicTrackBody = z.object({
  trackToken: z.string(msg('trackingNotFound')).regex(TRACK_TOKEN_PATTERN, msg('trackingNotFound')),
});

export const trackPath = (token: string) => `/t/${token}`;
