/**
 * The profile module writes the merchants table (one writer per table: docs/decisions/0022). Another
 * module that changes a merchant's row — a sign-up and passwords (auth), approval and suspension
 * (operator), the demo — calls these with its repositories, or its transaction's when it runs one.
 * Balances are not here: they move only through the ledger (platform/ledger).
 */
import type { MerchantStatus } from '@loyalty/contract';
import type { Repos } from '../../repositories/registry';
import type { NewMerchant } from './profile.repository';

type Merchants = Pick<Repos, 'profile'>;

export type { NewMerchant } from './profile.repository';

/** Adds a merchant's row; its id. */
export const insertMerchant = (tx: Merchants, v: NewMerchant): Promise<number> => tx.profile.insertMerchant(v);

/** Sets a merchant's password hash. */
export const setMerchantPassword = (tx: Merchants, id: number, passwordHash: string) =>
  tx.profile.setPassword(id, passwordHash);

/** Replaces a merchant's hash by a stronger one of the same password, unless the password changed meanwhile. */
export const replaceMerchantHash = (tx: Merchants, id: number, oldHash: string, passwordHash: string) =>
  tx.profile.replaceHash(id, oldHash, passwordHash);

/** Sets a merchant's status (and whether it is live, when given). */
export const setMerchantStatus = (tx: Merchants, id: number, status: MerchantStatus, isLive?: number) =>
  tx.profile.setStatus(id, status, isLive);

/** Moves a merchant from `from` to `to` if it is still `from`; true when this call moved it. */
export const moveMerchantStatus = (
  tx: Merchants,
  id: number,
  from: MerchantStatus,
  to: MerchantStatus,
  at: string,
): Promise<boolean> => tx.profile.moveStatus(id, from, to, at);
