/**
 * The CSV formula guard in every export kind (docs/domain.md, "Exports"; issue 29): each kind's
 * export carries a text cell a user can write, and every value a spreadsheet could run as a formula
 * is planted there in turn — each character of the guard (= + - @ tab CR), the classic
 * `-2+3+cmd|' /C calc'!A0`, and their fullwidth and small forms, which a spreadsheet folds to the
 * same characters (NFKC). Each must come back with a leading `'`, so dropping any character from the
 * guard, or the folding, fails here. A new export kind fails until it has its row here.
 */
import { EXPORT_KINDS, type ExportKind } from '@loyalty/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../src/db/dialect';
import { downloadCsv, parseCsv } from './csv-reader';
import { offerFixture } from './fixtures-requests';
import type { TestServer } from './harness';
import { buyer, ok, orderShop, pickedOrder, settlementsOf, withRequestsServer } from './orders-fixtures';

let t: TestServer;
withRequestsServer((server) => {
  t = server;
});

/** Values a spreadsheet would read as a formula: each must be exported with a leading `'`. */
const FORMULAS = [
  '=HYPERLINK("http://x","a, b")',
  '+cmd|calc',
  "-2+3+cmd|' /C calc'!A0",
  '@SUM(A1)',
  '\tTab',
  '\r=1+1',
  // fullwidth forms: NFKC folds them to = + - @
  '＝1+1',
  '＋cmd|calc',
  "－2+3+cmd|' /C calc'!A0",
  '＠SUM(A1)',
  // small forms (U+FE66, U+FE62, U+FE63, U+FE6B)
  '﹦1+1',
  '﹢1',
  '﹣1',
  '﹫SUM(A1)',
  // a leading = that folding would compose away (= + U+0338 is ≠): the text as written counts too
  '=\u0338cmd',
];
/** Values that are not formulas: exported as they are. */
const PLAIN = ['Saffron coffee', '2-3 cups', 'قهوة =1', '≠ not a formula'];

/** Where a user's text reaches each export: the column, the row, and how to write the text there. */
interface Plant {
  column: string;
  rowId: number;
  write: (value: string) => Promise<unknown>;
}

let merchantToken: string;
let plants: Record<ExportKind, Plant>;

beforeAll(async () => {
  const s = await orderShop(t);
  merchantToken = s.merchant.token;
  const offer = await offerFixture(t, s.merchant.id, [s.branch.id]);
  const c = await buyer(t, 500);
  const request = await ok(
    t.call('user/offer/request', { offerId: offer.id, branchId: s.branch.id, payWith: 'points' }, { token: c.token }),
  );
  await ok(t.call('merchant/req/approve', { reqId: request.id }, { token: s.merchant.token }));
  const redeem = await ok(
    t.call('user/redeem', { merchantId: s.merchant.id, branchId: s.branch.id, amount: 3 }, { token: c.token }),
  );
  const orderId = await pickedOrder(t, s, c, 'price');
  const [settlement] = await settlementsOf(t, orderId);
  const invoice = await t.db
    .insertInto('invoices')
    .values({
      merchantId: s.merchant.id,
      packageRequestId: null,
      name: 'Invoice',
      description: 'فاتورة',
      amountCents: 500,
      status: 'issued',
      createdAt: nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const entry = await t.db
    .selectFrom('ledgerEntries')
    .select('id')
    .where('accountType', '=', 'merchant')
    .where('accountId', '=', s.merchant.id)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const audit = await t.db
    .selectFrom('auditLog')
    .select('id')
    .where('merchantId', '=', s.merchant.id)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const customerName = (value: string) =>
    t.db.updateTable('customers').set({ name: value }).where('id', '=', c.id).execute();

  plants = {
    'offer-requests': {
      column: 'Offer',
      rowId: request.id,
      write: (v) => t.db.updateTable('offers').set({ title: v }).where('id', '=', offer.id).execute(),
    },
    redeems: { column: 'Customer', rowId: redeem.id, write: customerName },
    'product-requests': {
      column: 'Product',
      rowId: orderId,
      write: (v) => t.db.updateTable('products').set({ name: v }).where('id', '=', s.product.id).execute(),
    },
    settlements: { column: 'Customer', rowId: settlement.id, write: customerName },
    invoices: {
      column: 'Name',
      rowId: invoice.id,
      write: (v) => t.db.updateTable('invoices').set({ name: v }).where('id', '=', invoice.id).execute(),
    },
    'points-history': {
      column: 'Reason',
      rowId: entry.id,
      write: (v) => t.db.updateTable('ledgerEntries').set({ reason: v }).where('id', '=', entry.id).execute(),
    },
    activity: {
      column: 'Device',
      rowId: audit.id,
      write: (v) => t.db.updateTable('auditLog').set({ device: v }).where('id', '=', audit.id).execute(),
    },
  };
});

/** The planted cell of a kind's export, as a spreadsheet would read it. */
async function exportedCell(kind: ExportKind): Promise<string | undefined> {
  const plant = plants[kind];
  const res = await downloadCsv(t, `merchant/export/${kind}.csv`, merchantToken);
  expect(res.status, kind).toBe(200);
  const [header, ...rows] = parseCsv(res.text.slice(1));
  const column = header.indexOf(plant.column);
  expect(column, `${kind} has a ${plant.column} column`).toBeGreaterThan(0);
  return rows.find((r) => Number(r[0]) === plant.rowId)?.[column];
}

describe('the CSV formula guard', () => {
  it('has a planted cell for every export kind', () => {
    expect(Object.keys(plants).sort()).toEqual([...EXPORT_KINDS].sort());
  });

  it.each([...EXPORT_KINDS])(
    "prefixes every formula start with ' in the %s export, and leaves plain text alone",
    async (kind) => {
      const got: [string, string | undefined][] = [];
      const want: [string, string][] = [];
      for (const value of FORMULAS) {
        await plants[kind].write(value);
        got.push([value, await exportedCell(kind)]);
        want.push([value, `'${value}`]);
      }
      for (const value of PLAIN) {
        await plants[kind].write(value);
        got.push([value, await exportedCell(kind)]);
        want.push([value, value]);
      }
      expect(got).toEqual(want);
    },
  );
});
