/**
 * The customer module writes the customers table (one writer per table: docs/decisions/0022).
 * Another module that changes a customer's row — passwords and a proved number (auth), the
 * operator's `customer verify`, the demo — calls these with its repositories, or its transaction's
 * when it runs one. Balances are not here: they move only through the ledger (platform/ledger).
 */
import type { Repos } from '../../repositories/registry';

type Customers = Pick<Repos, 'customers'>;

/** Adds a customer whose number counts as confirmed (the demo's, who sign in with the demo password). */
export const insertConfirmedCustomer = (tx: Customers, v: { name: string; mobile: string; passwordHash: string }) =>
  tx.customers.insertConfirmed(v);

/** Sets a customer's password; a one-time code no longer has to be changed. */
export const setCustomerPassword = (tx: Customers, id: number, passwordHash: string) =>
  tx.customers.setPassword(id, passwordHash);

/** The customer proved the phone (a texted code, a walk-in's one-time password, the operator); the first proof stands. */
export const markCustomerVerified = (tx: Customers, id: number) => tx.customers.markVerified(id);

/** Replaces a customer's hash by a stronger one of the same password, unless the password changed meanwhile. */
export const replaceCustomerHash = (tx: Customers, id: number, oldHash: string, passwordHash: string) =>
  tx.customers.replaceHash(id, oldHash, passwordHash);
