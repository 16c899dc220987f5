/**
 * Fixtures of the money tests: packages written straight into the database (the operator's command
 * has its own test), cards added through the API, and a dump of every row of every table.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { nowIso } from '../src/db/dialect';
import type { TestServer } from './harness';

/** Luhn-valid test numbers: a visa that is charged, one that is declined (…0002), a mastercard. */
export const CARDS = {
  visa: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  mastercard: '5555 5555 5555 4444',
  visaDebit: '4000 0566 5566 5556',
} as const;

export const futureExpiry = () => `08-${new Date().getUTCFullYear() + 3}`;

export async function addCard(
  t: TestServer,
  token: string,
  o: { number?: string; name?: string; cvv?: string; expirationDate?: string } = {},
) {
  const res = await t.call(
    'merchant/card/add',
    {
      nameOnCard: o.name ?? 'Noor Al Thani',
      cardNumber: o.number ?? CARDS.visa,
      expirationDate: o.expirationDate ?? futureExpiry(),
      CVV: o.cvv ?? '987',
    },
    { token },
  );
  if (res.status !== 200) throw new Error(`card add failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as { id: number; isDefault: boolean; last4: string; cardNumber: string };
}

export async function packageFixture(
  t: TestServer,
  o: { name?: string; points?: number; amountCents?: number; validto?: string | null; isActive?: boolean } = {},
) {
  const now = nowIso();
  return t.db
    .insertInto('packages')
    .values({
      name: o.name ?? 'Gold pack',
      nameAr: 'الباقة الذهبية',
      description: 'Two thousand points for your customers',
      descriptionAr: 'ألفا نقطة لعملائك',
      amountCents: o.amountCents ?? 3500,
      points: o.points ?? 2000,
      validto: o.validto === undefined ? null : o.validto,
      isActive: o.isActive === false ? 0 : 1,
      createdAt: now,
      updatedAt: now,
    })
    .returning(['id', 'points', 'amountCents', 'name'])
    .executeTakeFirstOrThrow();
}

/** Every row of every table of the test's database, as text (PostgreSQL: its schema; SQLite: all tables). */
export async function dumpAllRows(t: TestServer): Promise<string> {
  const tables =
    t.kind === 'postgres'
      ? (
          await sql<{
            name: string;
          }>`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema()`.execute(
            t.db,
          )
        ).rows
      : (await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'table'`.execute(t.db)).rows;
  let out = '';
  for (const { name } of tables) {
    const rows = (await sql<Record<string, unknown>>`SELECT * FROM ${sql.table(name)}`.execute(t.db)).rows;
    out += `\n# ${name}\n${rows.map((r) => JSON.stringify(r)).join('\n')}`;
  }
  return out;
}

/** The bytes of the SQLite database files (main file, WAL and shared memory) as latin1 text. */
export function sqliteFileBytes(t: TestServer): string {
  return fs
    .readdirSync(t.deps.dataDir)
    .filter((f) => f.startsWith('app.sqlite'))
    .map((f) => fs.readFileSync(path.join(t.deps.dataDir, f)).toString('latin1'))
    .join('\n');
}

/** A count of the rows of the tables a purchase touches, and the merchant's balance. */
export async function moneyState(t: TestServer, merchantId: number) {
  const count = async (table: 'packageRequests' | 'invoices' | 'paymentAttempts' | 'ledgerEntries') =>
    Number(
      (
        await t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const balance = (
    await t.db.selectFrom('merchants').select('balance').where('id', '=', merchantId).executeTakeFirstOrThrow()
  ).balance;
  return {
    balance,
    packageRequests: await count('packageRequests'),
    invoices: await count('invoices'),
    paymentAttempts: await count('paymentAttempts'),
    ledgerEntries: await count('ledgerEntries'),
  };
}
