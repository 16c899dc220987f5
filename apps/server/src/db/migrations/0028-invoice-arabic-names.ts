import { type Kysely, sql } from 'kysely';
import type { DialectKind } from '../dialect';

/**
 * Invoices get the Arabic variants of their name and description (issue 23: the invoices list in
 * Arabic showed English names, cut from the wrong end), like packages have. A paid invoice copies
 * them from the package bought, at purchase as at the name itself; the invoices already recorded
 * take them from their package here. The operator's own invoices (`invoice add --name-ar`) may carry
 * them; without one the Arabic screen falls back to the English name.
 */
export const invoiceArabicNames = (_kind: DialectKind) => ({
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('invoices').addColumn('name_ar', 'text').execute();
    await db.schema.alterTable('invoices').addColumn('description_ar', 'text').execute();
    await sql`
      UPDATE invoices SET
        name_ar = (SELECT p.name_ar FROM package_requests pr JOIN packages p ON p.id = pr.package_id
                   WHERE pr.id = invoices.package_request_id),
        description_ar = (SELECT p.description_ar FROM package_requests pr JOIN packages p ON p.id = pr.package_id
                          WHERE pr.id = invoices.package_request_id)
      WHERE package_request_id IS NOT NULL`.execute(db);
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('invoices').dropColumn('description_ar').execute();
    await db.schema.alterTable('invoices').dropColumn('name_ar').execute();
  },
});
