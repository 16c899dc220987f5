/**
 * Queries built once (db/prepared.ts): compiled for the database's dialect at the first call, then
 * only bound; rows with camelCase keys exactly as Kysely's builder gives them; usable inside a
 * transaction; and a value frozen into the query from the calling code is refused.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Params, preparedQuery } from '../src/db/prepared';
import { offerRequestsRepository } from '../src/modules/offer-requests/offer-requests.repository';
import { merchantFixture, startTestServer, type TestServer } from './harness';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const merchantById = preparedQuery((db, p: Params<{ id: number }>) =>
  db.selectFrom('merchants').select(['id', 'name', 'isLive', 'createdAt']).where('id', '=', p.id),
);

describe('prepared queries', () => {
  it('give the rows the query builder gives, with camelCase keys, bound anew on every call', async () => {
    const a = await merchantFixture(t, { name: 'Prepared A' });
    const b = await merchantFixture(t, { name: 'Prepared B' });
    for (const m of [a, b, a]) {
      const built = await t.db
        .selectFrom('merchants')
        .select(['id', 'name', 'isLive', 'createdAt'])
        .where('id', '=', m.id)
        .execute();
      const prepared = await merchantById.all(t.db, { id: m.id });
      expect(prepared).toEqual(built);
      expect(Object.keys(prepared[0])).toEqual(['id', 'name', 'isLive', 'createdAt']);
    }
    expect(await merchantById.first(t.db, { id: -1 })).toBeUndefined();
    expect(merchantById.sql(t.db)).toMatch(/is_live/);
  });

  it('run in a transaction and count the rows a write changed', async () => {
    const m = await merchantFixture(t, { name: 'Prepared C' });
    const rename = preparedQuery((db, p: Params<{ id: number; name: string }>) =>
      db.updateTable('merchants').set({ name: p.name }).where('id', '=', p.id),
    );
    await expect(
      t.db.transaction().execute(async (trx) => {
        expect(await rename.run(trx, { id: m.id, name: 'Inside' })).toBe(1);
        expect((await merchantById.first(trx, { id: m.id }))?.name).toBe('Inside');
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect((await merchantById.first(t.db, { id: m.id }))?.name).toBe('Prepared C');
    expect(await rename.run(t.db, { id: -5, name: 'Nobody' })).toBe(0);
  });

  it('refuse a value taken from the calling code, which would be frozen into the query', async () => {
    const m = await merchantFixture(t, { name: 'Prepared D' });
    const frozen = preparedQuery((db, _p: Params<{ id: number }>) =>
      db.selectFrom('merchants').select('id').where('id', '=', m.id),
    );
    await expect(frozen.all(t.db, { id: m.id })).rejects.toThrow(/not a named parameter/);
    await expect(merchantById.all(t.db, {} as { id: number })).rejects.toThrow(/no value for id/);
  });

  it.skipIf(process.env.TEST_DB !== 'postgres')(
    'are prepared once by name on a PostgreSQL connection when their columns are spelled out',
    async () => {
      const m = await merchantFixture(t, { name: 'Prepared E' });
      const star = preparedQuery((db, p: Params<{ id: number }>) =>
        db.selectFrom('merchants').selectAll().where('id', '=', p.id),
      );
      const names = await t.db.transaction().execute(async (trx) => {
        await merchantById.first(trx, { id: m.id });
        await star.first(trx, { id: m.id });
        const rows = await sql<{ name: string; statement: string }>`
          select name, statement from pg_prepared_statements`.execute(trx);
        return rows.rows;
      });
      expect(names.some((n) => n.name.startsWith('q_') && n.statement.includes('"is_live"'))).toBe(true);
      // a select * is sent as text each time: a column added later could change its result
      expect(names.filter((n) => n.statement.replace('/* named */', '').includes('*'))).toEqual([]);
    },
  );

  it.skipIf(process.env.TEST_DB !== 'postgres')(
    "plan a list's first page once on a PostgreSQL connection; a later page keeps its parameters",
    async () => {
      // with LIMIT a parameter, PostgreSQL's auto mode planned a first page anew on every call (its
      // generic plan, costed for a tenth of the rows, looked dearer): 0.8 ms of planning for 0.2 of
      // work; written in (lib/paging.ts firstPageLimit) it keeps the one plan. A later page keeps its
      // LIMIT and OFFSET parameters, and PostgreSQL's own choice of plan for them
      const m = await merchantFixture(t, { name: 'Prepared F' });
      const plans = await t.db.transaction().execute(async (trx) => {
        const requests = offerRequestsRepository(trx);
        const scope = { merchantId: m.id, branchId: undefined };
        for (let i = 0; i < 8; i++) await requests.list(scope, { status: 'pending', limit: 10, offset: 0 });
        for (let i = 0; i < 8; i++) await requests.list(scope, { status: 'pending', limit: 10, offset: 10 * (i + 1) });
        const rows = await sql<{ statement: string; genericPlans: number; customPlans: number }>`
          select statement, generic_plans, custom_plans from pg_prepared_statements`.execute(trx);
        return rows.rows.filter((r) => r.statement.includes('from "offer_requests" as "r"'));
      });
      const first = plans.find((r) => / limit 10\s*$/.test(r.statement));
      const later = plans.find((r) => / offset \$\d+\)/.test(r.statement));
      // five custom plans, then the generic one for good
      expect(first).toMatchObject({ customPlans: 5, genericPlans: 3 });
      expect(later?.statement).toMatch(/ limit \$\d+ offset \$\d+\)/);
    },
  );
});
