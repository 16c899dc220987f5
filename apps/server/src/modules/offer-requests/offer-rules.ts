import type { MessageKey } from '@loyalty/contract';

/** Today's calendar date (UTC) as YYYY-MM-DD, the format offers store their dates in. */
export const today = (): string => new Date().toISOString().slice(0, 10);

/**
 * Why an offer cannot be requested or approved today, or null when it can: inactive, not started,
 * expired (the end date is the last day), sold out.
 */
export function offerProblem(
  offer: { isActive: number; startDate: string; endDate: string; availableNumberOfOffers: number },
  day: string = today(),
): MessageKey | null {
  if (offer.isActive !== 1) return 'offerInactive';
  if (day < offer.startDate) return 'offerNotStarted';
  if (day > offer.endDate) return 'offerExpired';
  if (offer.availableNumberOfOffers <= 0) return 'offerSoldOut';
  return null;
}
