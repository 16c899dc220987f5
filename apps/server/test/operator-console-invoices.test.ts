/**
 * The console's invoices (issue 25): finance (and admin) list every merchant's invoices with filters
 * (merchant name or mobile contains, status issued or paid) and add one; support gets 403.
 */
import { clock } from '@loyalty/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { merchantFixture, startTestServer, type TestServer } from './harness';
import { adminCall, type ConsoleOperator, consoleOperator, freezeClock } from './operator-console-fixtures';

let t: TestServer;
let finance: ConsoleOperator;
let support: ConsoleOperator;

beforeAll(async () => {
  t = await startTestServer();
  freezeClock();
  finance = await consoleOperator(t, 'finance', 'Fahad Finance');
  support = await consoleOperator(t, 'support', 'Sara Support');
});
beforeEach(() => freezeClock());
afterAll(async () => {
  clock.set();
  await t?.close();
});

const call = (path: string, body: Record<string, unknown>, who: ConsoleOperator) =>
  adminCall(t, `admin/${path}`, body, who.token);
const ids = (res: { body: { data: { rows: { id: number }[] } } }) => res.body.data.rows.map((r) => r.id);

describe('invoices in the console', () => {
  it('finance adds invoices and lists them by merchant name or mobile and by status, newest first', async () => {
    const karak = await merchantFixture(t, { name: 'Karak Corner' });
    const bakery = await merchantFixture(t, { name: 'Doha Bakery' });
    const add = async (merchant: string, name: string, amount: string) => {
      const res = await call('invoice/add', { merchant, name, amount }, finance);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data.id as number;
    };
    const first = await add(karak.mobile, 'Setup fee', '25');
    const second = await add(karak.mobile, 'Training', '10.50');
    const third = await add(bakery.mobile, 'Setup fee', '25');

    const all = await call('invoice/list', {}, finance);
    expect(ids(all).slice(0, 3)).toEqual([third, second, first]);
    expect(all.body.data.rows[1]).toEqual({
      id: second,
      merchantId: karak.id,
      merchantName: 'Karak Corner',
      merchantMobile: karak.mobile,
      name: 'Training',
      nameAr: null,
      amount: 10.5,
      status: 'issued',
      createdAt: expect.any(String),
    });
    expect(ids(await call('invoice/list', { merchant: 'karak' }, finance))).toEqual([second, first]);
    expect(ids(await call('invoice/list', { merchant: bakery.mobile.slice(-6) }, finance))).toEqual([third]);
    expect(ids(await call('invoice/list', { merchant: '%' }, finance))).toEqual([]);
    expect(ids(await call('invoice/list', { status: 'issued', merchant: 'Karak' }, finance))).toEqual([second, first]);
    expect(ids(await call('invoice/list', { status: 'paid', merchant: 'Karak' }, finance))).toEqual([]);
    expect((await call('invoice/list', { status: 'void' }, finance)).status).toBe(422);
  });

  it('support gets 403 on the invoices list and on adding one', async () => {
    const m = await merchantFixture(t);
    expect((await call('invoice/list', {}, support)).status).toBe(403);
    expect((await call('invoice/add', { merchant: m.mobile, name: 'Sneaky', amount: '1' }, support)).status).toBe(403);
    const rows = await t.db.selectFrom('invoices').select('id').where('merchantId', '=', m.id).execute();
    expect(rows).toHaveLength(0);
  });
});
