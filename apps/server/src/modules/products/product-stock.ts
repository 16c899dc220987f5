/**
 * The products module writes the products table, stock included (one writer per table:
 * docs/decisions/0022). Product requests take and return stock inside their own transactions
 * through these, with their transaction's repositories.
 */
import type { Repos } from '../../repositories/registry';

/** Takes one from the product's stock if there is any; true when one was taken. */
export const takeProductStock = (tx: Pick<Repos, 'products'>, productId: number): Promise<boolean> =>
  tx.products.takeStock(productId);

/** Puts one back into the product's stock (a canceled, rejected or refunded request). */
export async function returnProductStock(tx: Pick<Repos, 'products'>, productId: number): Promise<void> {
  await tx.products.returnStock(productId);
}
