/**
 * The offers module writes the offers table, stock included (one writer per table: docs/decisions/0022).
 * Another module that takes an offer inside its own transaction (an approved offer request) calls
 * this with its transaction's repositories.
 */
import type { Repos } from '../../repositories/registry';

/** Takes one offer if it is active, current on `day` and not sold out; true when one was taken. */
export const takeOfferStock = (tx: Pick<Repos, 'offers'>, offerId: number, day: string): Promise<boolean> =>
  tx.offers.takeOne(offerId, day);
