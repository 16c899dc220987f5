import { sql } from 'kysely';

/**
 * What a settlement owes, in cents: the sum of its lines (`settlement_details`: the sale, and a
 * refund's negative line once confirmed), or its stored amount while it has none. Every answer that
 * shows a settlement's amount reads it (the merchant's lists, details and export, the operator's
 * command), so "amount owed" always equals the sum of the lines shown under it (issue 23, point 13).
 * `alias` is the settlements table's alias in the query.
 */
export const owedCents = (alias: string) =>
  sql<number>`coalesce((select sum(d.amount_cents) from settlement_details d where d.settlement_id = ${sql.ref(`${alias}.id`)}), ${sql.ref(`${alias}.amount_cents`)})`;
