/** The operator's HTTP surface `/api/admin/...` (DECISIONS §1): token auth, every call, the action log. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCommand } from './admin-command';
import { type MerchantFixture, merchantFixture, startTestServer, type TestServer } from './harness';
import { buyer, orderShop, pickedOrder, settlementsOf } from './orders-fixtures';

let t: TestServer;
let token: string;
let tokenId: number;

beforeAll(async () => {
  t = await startTestServer();
  ({ token, id: tokenId } = await t.services.operator.createToken('test'));
});
afterAll(async () => t?.close());

async function admin(path: string, body: Record<string, unknown> = {}, auth: string | null = token) {
  const res = await fetch(`${t.url}/api/admin/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(auth !== null && { authorization: `Bearer ${auth}` }) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

const logged = (action: string) =>
  t.db.selectFrom('operatorActions').selectAll().where('action', '=', action).orderBy('id', 'desc').execute();

describe('operator tokens', () => {
  /** `npm run admin -- …args` on the test server's database. */
  const cli = (...args: string[]) => adminCommand(args, t.databaseEnv);

  it('keeps only the hash of a token', async () => {
    const rows = await t.db.selectFrom('operatorTokens').selectAll().execute();
    expect(rows.some((r) => r.id === tokenId)).toBe(true);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('npm run admin -- operator token prints a token that works; the command is logged as cli', async () => {
    const { stdout } = await cli('operator', 'token', 'laptop');
    const printed = stdout.trim().split('\n').pop() ?? '';
    expect(printed).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect((await admin('merchant/list', {}, printed)).status).toBe(200);
    const [entry] = await logged('operator token');
    expect(entry.actor).toBe('cli');
  }, 60_000);

  it('npm run admin -- operator revoke <id> ends a token at once; the revoke is logged, a repeat changes nothing', async () => {
    const doomed = await t.services.operator.createToken('lost phone');
    expect((await admin('merchant/list', {}, doomed.token)).status).toBe(200);

    const { stdout } = await cli('operator', 'revoke', String(doomed.id));
    expect(stdout).toContain(`Revoked operator token ${doomed.id} (lost phone)`);
    expect((await admin('merchant/list', {}, doomed.token)).status).toBe(401);
    // the other tokens still work
    expect((await admin('merchant/list')).status).toBe(200);
    const row = await t.db.selectFrom('operatorTokens').selectAll().where('id', '=', doomed.id).executeTakeFirst();
    expect(row?.revokedAt).toEqual(expect.any(String));
    const [entry] = await logged('operator revoke');
    expect(entry).toMatchObject({ actor: 'cli' });
    expect(JSON.parse(entry.detail)).toEqual({ tokenId: doomed.id });

    // listed as revoked; a second revoke says so and logs nothing more
    expect((await cli('operator', 'tokens')).stdout).toMatch(
      new RegExp(`^${doomed.id}\\t\\S+\\trevoked \\S+\\tlost phone$`, 'm'),
    );
    expect((await cli('operator', 'revoke', String(doomed.id))).stdout).toContain('was already revoked');
    expect(await logged('operator revoke')).toHaveLength(1);
    // an unknown id: a message and a non-zero exit; a malformed one is refused before any lookup
    const err = await cli('operator', 'revoke', '999999').catch((e) => e as { code: number; stderr: string });
    expect(err).toMatchObject({ code: 1, stderr: expect.stringContaining('No operator token with id 999999') });
    await expect(t.services.operator.revokeToken('abc')).rejects.toThrow(/whole number/);
  }, 120_000);

  it('a token expires: 30 days by default, --days N from the command line; an expired one answers 401', async () => {
    const made = await t.services.operator.createToken('short');
    const days = (Date.parse(made.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    expect((await admin('merchant/list', {}, made.token)).status).toBe(200);
    await t.db
      .updateTable('operatorTokens')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', made.id)
      .execute();
    expect((await admin('merchant/list', {}, made.token)).status).toBe(401);
    await expect(t.services.operator.createToken('forever', 3650)).rejects.toThrow(/from 1 to 365/);
    const { stdout } = await cli('operator', 'token', '--days', '2', 'night', 'shift');
    expect(stdout).toMatch(/valid until \S+/);
    const row = await t.db
      .selectFrom('operatorTokens')
      .selectAll()
      .where('label', '=', 'night shift')
      .executeTakeFirstOrThrow();
    expect((Date.parse(row.expiresAt!) - Date.now()) / 86_400_000).toBeCloseTo(2, 1);
    expect((await cli('operator', 'tokens')).stdout).toMatch(
      new RegExp(`^${made.id}\\t\\S+\\texpired \\S+\\tshort$`, 'm'),
    );
  }, 120_000);

  it('answers 401 without a token, with a wrong one, or with a merchant session token', async () => {
    const m = await merchantFixture(t);
    for (const auth of [null, 'nope', `${token}x`, m.token]) {
      const res = await admin('merchant/list', {}, auth);
      expect(res.status).toBe(401);
      expect(res.body.message).toEqual(expect.any(String));
    }
  });
});

describe('merchants', () => {
  let m: MerchantFixture;
  beforeAll(async () => {
    m = await merchantFixture(t, { approved: false, name: 'Waiting Shop' });
  });

  it('lists, approves and suspends, each logged with the token and the time', async () => {
    let res = await admin('merchant/list');
    expect(res.status).toBe(200);
    expect(res.body.data.rows).toContainEqual(
      expect.objectContaining({ id: m.id, status: 'pending', name: 'Waiting Shop', isLive: false }),
    );
    res = await admin('merchant/approve', { mobile: m.mobile });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: m.id, status: 'approved' });
    expect(
      (await t.db.selectFrom('merchants').select('status').where('id', '=', m.id).executeTakeFirst())?.status,
    ).toBe('approved');
    res = await admin('merchant/suspend', { mobile: m.mobile });
    expect(res.body.data).toMatchObject({ id: m.id, status: 'suspended', isLive: false });
    const [entry] = await logged('admin/merchant/suspend');
    expect(entry).toMatchObject({ actor: `token:${tokenId}` });
    expect(JSON.parse(entry.detail)).toEqual({ mobile: m.mobile });
    expect(Date.now() - Date.parse(entry.createdAt)).toBeLessThan(60_000);
    // the merchant's session ended
    expect((await t.call('merchant/me', {}, { token: m.token })).status).toBe(401);
  });

  it('answers 404 for an unknown mobile and 422 without one', async () => {
    expect((await admin('merchant/approve', { mobile: '97400000000' })).status).toBe(404);
    const res = await admin('merchant/approve', {});
    expect(res.status).toBe(422);
    expect(res.body.errors.map((e: { field: string }) => e.field)).toContain('mobile');
  });
});

describe('packages and invoices', () => {
  it('adds a package and lists it; refuses a bad amount', async () => {
    const name = `Gold ${Date.now()}`;
    const res = await admin('package/add', { name, points: 500, amount: '49.90' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name, points: 500, amount: 49.9, isActive: true, validto: null });
    const list = await admin('package/list');
    expect(list.body.data.rows).toContainEqual(expect.objectContaining({ id: res.body.data.id, name }));
    const bad = await admin('package/add', { name: 'Bad', points: 5, amount: 'ten' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('amount');
    expect((await logged('admin/package/add')).length).toBe(1);
  });

  it('adds an invoice for a merchant by mobile', async () => {
    const m = await merchantFixture(t);
    const res = await admin('invoice/add', {
      merchant: m.mobile,
      name: 'Setup fee',
      nameAr: 'رسوم الإعداد',
      amount: '20',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: 'Setup fee', amount: 20, merchantId: m.id });
    const inv = await t.call('merchant/invoice/list', {}, { token: m.token });
    expect(inv.body.data.rows).toContainEqual(expect.objectContaining({ name: 'Setup fee', nameAr: 'رسوم الإعداد' }));
  });
});

describe('tickets', () => {
  it("replies on a merchant's ticket as the token's operator (adminId); 404 unknown, 409 once closed", async () => {
    const m = await merchantFixture(t);
    const ticket = (
      await t.call('merchant/ticket/create', { ticketType: 'general', ticketBody: 'Hi' }, { token: m.token })
    ).body.data;
    const res = await admin('ticket/reply', { ticketId: ticket.id, message: 'Hello from support' });
    expect(res.status).toBe(200);
    const operator = await t.services.operator.operatorIdOf(`token:${tokenId}`);
    expect(res.body.data).toMatchObject({
      ticketId: ticket.id,
      adminId: operator,
      Admin: { id: operator, name: 'Platform support' },
      messageBody: 'Hello from support',
    });
    const hist = await t.call('merchant/ticket/messageHistory/list', { ticketId: ticket.id }, { token: m.token });
    expect(hist.body.data.ticketsHistoryMessage.rows).toMatchObject([{ adminId: operator }]);
    expect((await admin('ticket/reply', { ticketId: 999999, message: 'x' })).status).toBe(404);
    await t.call('merchant/ticket/close', { id: ticket.id }, { token: m.token });
    expect((await admin('ticket/reply', { ticketId: ticket.id, message: 'late' })).status).toBe(409);
    expect((await admin('ticket/reply', { ticketId: ticket.id })).status).toBe(422);
  });
});

describe('settlements', () => {
  it('moves initial → pending → paid once each; 409 otherwise', async () => {
    const s = await orderShop(t, { priceCents: 1250 });
    const requestId = await pickedOrder(t, s, await buyer(t, 100), 'price');
    const [settlement] = await settlementsOf(t, requestId);
    expect((await admin('settlement/move', { id: settlement.id, status: 'paid' })).status).toBe(409);
    let res = await admin('settlement/move', { id: settlement.id, status: 'pending' });
    expect(res.body.data).toEqual({ id: settlement.id, from: 'initial', to: 'pending' });
    expect((await admin('settlement/move', { id: settlement.id, status: 'pending' })).status).toBe(409);
    res = await admin('settlement/move', { id: settlement.id, status: 'paid' });
    expect(res.status).toBe(200);
    expect((await settlementsOf(t, requestId))[0].status).toBe('paid');
    expect((await admin('settlement/move', { id: 999999, status: 'paid' })).status).toBe(404);
    expect((await admin('settlement/move', { id: settlement.id, status: 'done' })).status).toBe(422);
  });
});
