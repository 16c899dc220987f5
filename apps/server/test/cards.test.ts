import { clock, messages } from '@loyalty/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type MerchantFixture, merchantFixture, startTestServer, type TestServer } from './harness';
import { addCard, CARDS, dumpAllRows, futureExpiry, sqliteFileBytes } from './money-fixtures';

let t: TestServer;
const log: string[] = [];
beforeAll(async () => {
  t = await startTestServer({ logStream: { write: (line) => void log.push(line) } });
});
afterAll(async () => t?.close());
afterEach(() => clock.set());

const valid = () => ({
  nameOnCard: 'Noor Al Thani',
  cardNumber: CARDS.visa,
  expirationDate: futureExpiry(),
  CVV: '987',
});

async function fieldMessage(m: MerchantFixture, change: Record<string, string>, field: string, lang: 'en' | 'ar') {
  const res = await t.call('merchant/card/add', { ...valid(), ...change }, { token: m.token, lang });
  expect(res.status, JSON.stringify(res.body)).toBe(422);
  return (res.body.errors as { field: string; message: string }[]).find((e) => e.field === field)?.message;
}

describe('card validation (SPEC §5), each message in English and Arabic', () => {
  // "today" is 15 June 2026 in these cases
  const cases: [string, Record<string, string>, string, keyof typeof messages][] = [
    ['an empty holder name', { nameOnCard: '' }, 'nameOnCard', 'required'],
    ['digits in the holder name', { nameOnCard: 'Noor 2' }, 'nameOnCard', 'validName'],
    ['symbols in the holder name', { nameOnCard: 'Noor_Ali!' }, 'nameOnCard', 'validName'],
    ['an empty number', { cardNumber: '' }, 'cardNumber', 'required'],
    ['12 digits', { cardNumber: '4242 4242 4242' }, 'cardNumber', 'cardNumberLength'],
    ['17 digits', { cardNumber: '4242 4242 4242 4242 4' }, 'cardNumber', 'cardNumberLength'],
    ['letters in the number', { cardNumber: '4242 4242 4242 42ab' }, 'cardNumber', 'cardNumberLength'],
    ['a number failing the Luhn check', { cardNumber: '4242 4242 4242 4241' }, 'cardNumber', 'invalidCardNumber'],
    ['an empty expiry', { expirationDate: '' }, 'expirationDate', 'validYearMonth'],
    ['a two-digit year', { expirationDate: '08-28' }, 'expirationDate', 'validYearMonth'],
    ['month 13', { expirationDate: '13-2030' }, 'expirationDate', 'validMonth'],
    ['month 0', { expirationDate: '00-2030' }, 'expirationDate', 'validMonth'],
    ['a past year', { expirationDate: '12-2025' }, 'expirationDate', 'validYear'],
    ['a month already over this year', { expirationDate: '05-2026' }, 'expirationDate', 'validMonth'],
    ['an empty CVV', { CVV: '' }, 'CVV', 'invalidCvv'],
    ['a 2-digit CVV', { CVV: '98' }, 'CVV', 'cvvLength'],
    ['a 4-digit CVV', { CVV: '9876' }, 'CVV', 'cvvLength'],
    ['letters in the CVV', { CVV: '9a7' }, 'CVV', 'cvvLength'],
  ];
  let m: MerchantFixture;
  beforeAll(async () => {
    m = await merchantFixture(t);
  });

  for (const [what, change, field, key] of cases)
    it(`${what}: "${messages[key].en}"`, async () => {
      clock.set(() => new Date('2026-06-15T09:00:00Z'));
      expect(await fieldMessage(m, change, field, 'en')).toBe(messages[key].en);
      expect(await fieldMessage(m, change, field, 'ar')).toBe(messages[key].ar);
    });

  it('uses the spec texts, spelling corrected', () => {
    expect(messages.validName.en).toBe('Enter a Valid Name');
    expect(messages.validYear.en).toBe('Please enter a valid year');
    expect(messages.validMonth.en).toBe('Please enter a valid month');
    expect(messages.invalidCvv.en).toBe('Invalid CVV');
    expect(messages.cvvLength.en).toBe('Should be 3 characters');
    expect(messages.cardNumberLength.en).toBe('Should be 16 characters');
  });

  it('accepts the current month, Arabic holder names, an unspaced number and a month not zero-padded', async () => {
    clock.set(() => new Date('2026-06-15T09:00:00Z'));
    const res = await t.call(
      'merchant/card/add',
      { nameOnCard: 'نور آل ثاني', cardNumber: '5555555555554444', expirationDate: '6-2026', CVV: '123' },
      { token: m.token },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      nameOnCard: 'نور آل ثاني',
      brand: 'mastercard',
      last4: '4444',
      cardNumber: '•••• •••• •••• 4444',
      expirationDate: '06-2026',
    });
    expect(res.body.data).not.toHaveProperty('CVV');
  });
});

describe('the default card', () => {
  it('the first card becomes the default; lists are masked, the default first', async () => {
    const m = await merchantFixture(t);
    const first = await addCard(t, m.token);
    const second = await addCard(t, m.token, { number: CARDS.mastercard });
    expect(first.isDefault).toBe(true);
    expect(second.isDefault).toBe(false);
    const list = await t.call('merchant/card/list', {}, { token: m.token });
    expect(list.body.data.count).toBe(2);
    expect(list.body.data.rows.map((c: { id: number }) => c.id)).toEqual([first.id, second.id]);
    for (const c of list.body.data.rows) expect(c.cardNumber).toMatch(/^•••• •••• •••• \d{4}$/);
  });

  it('setDefault moves it: exactly one default, in the database too', async () => {
    const m = await merchantFixture(t);
    const a = await addCard(t, m.token);
    const b = await addCard(t, m.token, { number: CARDS.mastercard });
    const res = await t.call('merchant/card/setDefault', { id: b.id }, { token: m.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: b.id, isDefault: true });
    const rows = await t.db.selectFrom('cards').select(['id', 'isDefault']).where('merchantId', '=', m.id).execute();
    expect(rows.filter((r) => r.isDefault === 1).map((r) => r.id)).toEqual([b.id]);
    const list = await t.call('merchant/card/list', {}, { token: m.token });
    expect(list.body.data.rows[0].id).toBe(b.id);
    expect(list.body.data.rows[1]).toMatchObject({ id: a.id, isDefault: false });
    // the database itself refuses a second default
    await expect(t.db.updateTable('cards').set({ isDefault: 1 }).where('id', '=', a.id).execute()).rejects.toThrow();
  });

  it('setDefault at once from many requests leaves exactly one default', async () => {
    const m = await merchantFixture(t);
    const ids = [(await addCard(t, m.token)).id];
    for (const n of [CARDS.mastercard, CARDS.visaDebit]) ids.push((await addCard(t, m.token, { number: n })).id);
    const all = await Promise.all(
      Array.from({ length: 12 }, (_, i) => t.call('merchant/card/setDefault', { id: ids[i % 3] }, { token: m.token })),
    );
    for (const r of all) expect(r.status, JSON.stringify(r.body)).toBe(200);
    const defaults = await t.db
      .selectFrom('cards')
      .select('id')
      .where('merchantId', '=', m.id)
      .where('isDefault', '=', 1)
      .execute();
    expect(defaults).toHaveLength(1);
  });

  it('cards added at once: exactly one default', async () => {
    const m = await merchantFixture(t);
    const added = await Promise.all(
      [CARDS.visa, CARDS.mastercard, CARDS.visaDebit, CARDS.visa, CARDS.mastercard].map((n) =>
        addCard(t, m.token, { number: n }),
      ),
    );
    expect(added.filter((c) => c.isDefault)).toHaveLength(1);
  });

  it('the default cannot be deleted while other cards exist; the others can; the only card can', async () => {
    const m = await merchantFixture(t);
    const a = await addCard(t, m.token);
    const b = await addCard(t, m.token, { number: CARDS.mastercard });
    const refused = await t.call('merchant/card/delete', { id: a.id }, { token: m.token, lang: 'ar' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(messages.defaultCardDelete.ar);
    expect(await t.db.selectFrom('cards').select('id').where('id', '=', a.id).executeTakeFirst()).toBeDefined();

    const del = await t.call('merchant/card/delete', { id: b.id }, { token: m.token });
    expect(del.status).toBe(200);
    expect(del.body.data).toEqual({ success: true });
    const only = await t.call('merchant/card/delete', { id: a.id }, { token: m.token });
    expect(only.status).toBe(200);
    const list = await t.call('merchant/card/list', {}, { token: m.token });
    expect(list.body.data).toEqual({ rows: [], count: 0 });
    // the next card is the default again
    expect((await addCard(t, m.token)).isDefault).toBe(true);
  });

  it("another merchant's card answers 404 like a missing one, and stays as it is", async () => {
    const owner = await merchantFixture(t);
    const other = await merchantFixture(t);
    const card = await addCard(t, owner.token);
    for (const path of ['merchant/card/setDefault', 'merchant/card/delete']) {
      const res = await t.call(path, { id: card.id }, { token: other.token });
      expect(res.status, path).toBe(404);
      expect(res.body.message).toBe('Card not found');
    }
    expect((await t.call('merchant/card/list', {}, { token: other.token })).body.data.count).toBe(0);
    expect(await t.db.selectFrom('cards').select('id').where('id', '=', card.id).executeTakeFirst()).toBeDefined();
  });

  it('staff and couriers cannot reach cards (403)', async () => {
    const { insertStaff } = await import('./harness');
    const m = await merchantFixture(t);
    const staff = await insertStaff(t, m.id);
    const login = await t.call('merchant/login', { username: staff.mobileNum, password: staff.password });
    const res = await t.call('merchant/card/list', {}, { token: login.body.data.token });
    expect(res.status).toBe(403);
  });
});

describe('no full card number and no CVV is kept', () => {
  it('in any row of any table, in the database files, or in the server log', async () => {
    const m = await merchantFixture(t);
    const cards = [
      { number: '4111 1111 1111 1111', cvv: '913' },
      { number: '5105 1051 0510 5100', cvv: '846' },
      { number: CARDS.declined, cvv: '771' },
    ];
    for (const c of cards) await addCard(t, m.token, c);
    // a rejected add (bad CVV) and a purchase attempt pass card data through the server too
    await t.call(
      'merchant/card/add',
      { ...valid(), cardNumber: '4012 8888 8888 1881', CVV: '5x5' },
      { token: m.token },
    );
    await new Promise((r) => setTimeout(r, 200)); // let the log stream flush

    const rows = await dumpAllRows(t);
    const files = t.kind === 'sqlite' ? sqliteFileBytes(t) : '';
    const logText = log.join('');
    expect(rows).toContain('Noor Al Thani'); // the dump does see the cards
    if (t.kind === 'sqlite') expect(files).toContain('Noor Al Thani');
    expect(logText).toContain('merchant/card/add'); // the log does see the requests
    for (const c of [...cards, { number: '4012 8888 8888 1881', cvv: '5x5' }]) {
      const digits = c.number.replaceAll(' ', '');
      for (const form of [digits, c.number, digits.slice(0, 12), digits.slice(4)]) {
        expect(rows.includes(form), `rows contain ${form}`).toBe(false);
        expect(files.includes(form), `database files contain ${form}`).toBe(false);
        expect(logText.includes(form), `log contains ${form}`).toBe(false);
      }
      // a CVV would be a value of its own: a column, a JSON string, a form field
      const asValue = new RegExp(`["'=:\\s]${c.cvv}["'&,\\s}]`);
      expect(asValue.test(rows), `rows contain the CVV ${c.cvv}`).toBe(false);
      expect(asValue.test(logText), `log contains the CVV ${c.cvv}`).toBe(false);
    }
    for (const key of ['"CVV"', 'cvc', '"cardNumber"'])
      expect(logText.includes(key), `log mentions ${key}`).toBe(false);
    const columns = await t.db.selectFrom('cards').selectAll().where('merchantId', '=', m.id).execute();
    for (const c of columns)
      expect(Object.keys(c).sort()).toEqual([
        'brand',
        'createdAt',
        'expMonth',
        'expYear',
        'gateway',
        'id',
        'isDefault',
        'last4',
        'merchantId',
        'nameOnCard',
        'token',
        'updatedAt',
      ]);
  });
});
