/**
 * Accept in time (issue 26; docs/domain.md "Accepting in time"): a new product request waits for a
 * person to accept it with the preparation minutes; after the merchant's `acceptWithinMinutes` it is
 * canceled by the platform, at half of it the owner is reminded.
 */
import { z } from 'zod';
import { msg, toNumber } from './field-base';

export const ACCEPT_LIMITS = {
  prepMinutesMin: 5,
  prepMinutesMax: 120,
  acceptWithinMin: 1,
  acceptWithinMax: 60,
  /** The limit of a merchant that has not set its own. */
  acceptWithinDefault: 10,
} as const;

/** The preparation minutes the accept picker offers. */
export const PREP_MINUTE_CHOICES = [5, 10, 15, 20, 30, 45, 60, 90, 120] as const;

/** The reason recorded on a request the platform canceled because nobody accepted it in time. */
export const NOT_ACCEPTED_IN_TIME = 'notAcceptedInTime' as const;

const minutes = (min: number, max: number, key: 'prepMinutesRange' | 'acceptWithinRange') =>
  z.number(msg(key)).int(msg('mustBeWholeNumber')).min(min, msg(key)).max(max, msg(key));

export const prepMinutes = () =>
  z.preprocess(toNumber, minutes(ACCEPT_LIMITS.prepMinutesMin, ACCEPT_LIMITS.prepMinutesMax, 'prepMinutesRange'));

export const optionalAcceptWithin = () =>
  z.preprocess(
    toNumber,
    minutes(ACCEPT_LIMITS.acceptWithinMin, ACCEPT_LIMITS.acceptWithinMax, 'acceptWithinRange').optional(),
  );

const nullableText = z.string().nullable();

/** What a product request answers of accepting in time (spread into `productRequest`). */
export const acceptFields = {
  /** When and by whom it was accepted, the preparation minutes and the expected ready time. */
  acceptedAt: nullableText,
  acceptedBy: z.object({ type: z.string(), id: z.number().int() }).nullable(),
  prepMinutes: z.number().int().nullable(),
  readyBy: nullableText,
  /** When the branch said it is ready. */
  readyAt: nullableText,
  /** A new request not accepted by then is canceled by the platform (null once accepted or closed). */
  acceptBy: nullableText,
  /** Why the platform canceled it: a message key (`notAcceptedInTime`), and its text in the caller's language. */
  cancelReason: nullableText,
  cancelReasonText: nullableText,
};

/** The instant a request not yet accepted is canceled by the platform. */
export const acceptDeadline = (createdAt: string, withinMinutes: number | null): string =>
  new Date(Date.parse(createdAt) + (withinMinutes ?? ACCEPT_LIMITS.acceptWithinDefault) * 60_000).toISOString();
