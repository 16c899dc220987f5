import { clock, type MessageKey } from '@loyalty/contract';

/**
 * Why an offer cannot be requested or approved today, or null when it can: inactive, not started,
 * expired (the end date is the last day), sold out.
 */
export function offerProblem(
  offer: { isActive: number; startDate: string; endDate: string; availableNumberOfOffers: number },
  day: string = clock.today(),
): MessageKey | null {
  if (offer.isActive !== 1) return 'offerInactive';
  if (day < offer.startDate) return 'offerNotStarted';
  if (day > offer.endDate) return 'offerExpired';
  if (offer.availableNumberOfOffers <= 0) return 'offerSoldOut';
  return null;
}
