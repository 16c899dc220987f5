import { type Kysely, sql } from 'kysely';
import type { DialectKind } from '../dialect';

/**
 * PostgreSQL: `refuse(reason)`, which ends the statement that calls it with an error of SQLSTATE
 * LY409 whose message is `reason` (db/dialect.ts, `refusedBecause`). A state change written as one
 * statement (repositories/offer-approval.ts) calls it when one of its steps did not happen, so that
 * none of them stays: a statement is undone as a whole. No rule lives in it; the caller reads why.
 * VOLATILE (the default), so that the planner never runs it ahead of its CASE. SQLite: nothing (its
 * state changes are transactions of several statements, undone by a rollback).
 */
export const refusals = (kind: DialectKind) => ({
  async up(db: Kysely<unknown>): Promise<void> {
    if (kind !== 'postgres') return;
    await sql`
      CREATE OR REPLACE FUNCTION refuse(reason text) RETURNS boolean LANGUAGE plpgsql VOLATILE AS $$
      BEGIN
        RAISE EXCEPTION USING ERRCODE = 'LY409', MESSAGE = reason;
      END $$`.execute(db);
  },
  async down(db: Kysely<unknown>): Promise<void> {
    if (kind !== 'postgres') return;
    await sql`DROP FUNCTION IF EXISTS refuse(text)`.execute(db);
  },
});
