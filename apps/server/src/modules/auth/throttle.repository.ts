import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { type DelayPolicy, delayFor, type ThrottleStore } from '../../lib/rate-limit';

const col = (name: 'count' | 'nextAt' | 'lastAt') => sql.ref<number>(`authThrottles.${name}`);
const ms = (n: number) => sql<number>`CAST(${Math.floor(n)} AS bigint)`;

/**
 * When the next attempt may start after the `n`-th counted one at `at`, as SQL over an expression
 * `n` (the table of delayFor): 0 while attempts are free, so that requests whose clocks differ by
 * a few milliseconds never refuse each other; then `at` plus the doubling wait.
 */
function nextAtSql(n: RawBuilder<number>, at: number, p: DelayPolicy): RawBuilder<number> {
  const steps: RawBuilder<unknown>[] = [sql`WHEN ${n} < ${sql.lit(p.free)} THEN 0`];
  for (let k = p.free; delayFor(k, p) < p.maxMs; k++)
    steps.push(sql`WHEN ${n} = ${sql.lit(k)} THEN ${ms(at)} + ${sql.lit(delayFor(k, p))}`);
  return sql<number>`CASE ${sql.join(steps, sql` `)} ELSE ${ms(at)} + ${sql.lit(p.maxMs)} END`;
}

/**
 * The sign-in counters' SQL (docs/security.md): each admission is one conditional upsert, atomic on
 * SQLite and PostgreSQL alike, so parallel requests and several server processes count exactly.
 */
export const throttleRepository = (db: Kysely<Database>): ThrottleStore => ({
  async peek(keys) {
    const rows = await db
      .selectFrom('authThrottles')
      .select(['key', 'count', 'nextAt'])
      .where('key', 'in', keys)
      .execute();
    return rows.map((r) => ({ key: r.key, count: Number(r.count), nextAt: Number(r.nextAt) }));
  },

  async admitDelayed(key, now, p) {
    const stale = sql<boolean>`${col('lastAt')} <= ${ms(now - p.forgetMs)}`;
    const count = sql<number>`CASE WHEN ${stale} THEN 1 ELSE ${col('count')} + 1 END`;
    const admitted = await db
      .insertInto('authThrottles')
      .values({ key, count: 1, nextAt: delayFor(1, p) === 0 ? 0 : now + delayFor(1, p), lastAt: now })
      .onConflict((oc) =>
        oc
          .column('key')
          .doUpdateSet({ count, nextAt: nextAtSql(count, now, p), lastAt: ms(now) })
          .where(col('nextAt'), '<=', ms(now)),
      )
      .returning('count')
      .executeTakeFirst();
    if (admitted) return { admitted: true };
    const row = await db.selectFrom('authThrottles').select('nextAt').where('key', '=', key).executeTakeFirst();
    return { admitted: false, retryAfterMs: Math.max(0, Number(row?.nextAt ?? now) - now) };
  },

  async refundDelayed(key, countedAt, p) {
    const remaining = sql<number>`${col('count')} - 1`;
    const cap = nextAtSql(remaining, countedAt, p);
    await db
      .updateTable('authThrottles')
      .set({
        count: remaining,
        nextAt: sql<number>`CASE WHEN ${col('nextAt')} < ${cap} THEN ${col('nextAt')} ELSE ${cap} END`,
      })
      .where('key', '=', key)
      .where('count', '>', 0)
      .execute();
  },

  async clear(key) {
    await db.deleteFrom('authThrottles').where('key', '=', key).execute();
  },

  async admitWindow(key, now, p) {
    const over = sql<boolean>`${col('nextAt')} <= ${ms(now)}`;
    const admitted = await db
      .insertInto('authThrottles')
      .values({ key, count: 1, nextAt: now + p.windowMs, lastAt: now })
      .onConflict((oc) =>
        oc
          .column('key')
          .doUpdateSet({
            count: sql<number>`CASE WHEN ${over} THEN 1 ELSE ${col('count')} + 1 END`,
            nextAt: sql<number>`CASE WHEN ${over} THEN ${ms(now + p.windowMs)} ELSE ${col('nextAt')} END`,
            lastAt: ms(now),
          })
          .where((eb) => eb.or([eb(col('nextAt'), '<=', ms(now)), eb(col('count'), '<', p.limit)])),
      )
      .returning('count')
      .executeTakeFirst();
    if (admitted) return { admitted: true };
    const row = await db.selectFrom('authThrottles').select('nextAt').where('key', '=', key).executeTakeFirst();
    return { admitted: false, retryAfterMs: Math.max(0, Number(row?.nextAt ?? now) - now) };
  },

  async refundWindow(key, now) {
    await db
      .updateTable('authThrottles')
      .set({ count: sql<number>`${col('count')} - 1` })
      .where('key', '=', key)
      .where('count', '>', 0)
      .where('nextAt', '>', now)
      .execute();
  },

  async prune(lastBefore, now) {
    await db.deleteFrom('authThrottles').where('lastAt', '<', lastBefore).where('nextAt', '<', now).execute();
  },
});
