/**
 * The operator console's server side (issue 25): operator accounts from the command line and the
 * service, sign-in with password and TOTP under the sign-in limiter, 8 h / 30 min sessions, roles on
 * every /api/admin call, and the console's main actions with their operator log rows.
 */
import { clock, messages, operatorEndpoints } from '@loyalty/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminCommand } from './admin-command';
import { customerFixture } from './fixtures-requests';
import { merchantFixture, nextMobile, startTestServer, type TestServer } from './harness';
import {
  adminCall,
  advance,
  type ConsoleOperator,
  consoleOperator,
  freezeClock,
  login,
  OPERATOR_PASSWORD,
  secretOf,
} from './operator-console-fixtures';
import { buyer, orderShop, pickedOrder, settlementsOf } from './orders-fixtures';

let t: TestServer;
let admin: ConsoleOperator;
let support: ConsoleOperator;
let finance: ConsoleOperator;

beforeAll(async () => {
  t = await startTestServer();
  freezeClock();
  admin = await consoleOperator(t, 'admin', 'Aisha Admin');
  support = await consoleOperator(t, 'support', 'Sara Support');
  finance = await consoleOperator(t, 'finance', 'Fahad Finance');
});
beforeEach(() => freezeClock());
afterAll(async () => {
  clock.set();
  await t?.close();
});

const call = (path: string, body: Record<string, unknown>, who: { token: string }) =>
  adminCall(t, `admin/${path}`, body, who.token);
const logRows = (action: string) =>
  t.db.selectFrom('operatorActions').selectAll().where('action', '=', action).orderBy('id', 'desc').execute();

describe('operator accounts and sign-in', () => {
  it('npm run admin -- operator add prints the otpauth URI last; that operator signs in with password and code', async () => {
    const mobile = nextMobile();
    const { stdout } = await adminCommand(
      ['operator', 'add', mobile, '--role', 'support', '--password', OPERATOR_PASSWORD, '--name', 'Nour'],
      t.databaseEnv,
    );
    const uri = stdout.trim().split('\n').pop() ?? '';
    expect(uri).toMatch(
      new RegExp(
        `^otpauth://totp/Loyalty:${mobile}\\?secret=[A-Z2-7]{32}&issuer=Loyalty&algorithm=SHA1&digits=6&period=30$`,
      ),
    );
    const res = await login(t, mobile, secretOf(uri));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.operator).toMatchObject({ name: 'Nour', role: 'support', mobile, disabledAt: null });
    const me = await call('me', {}, res.body.data);
    expect(me.body.data).toMatchObject({ name: 'Nour', role: 'support' });
    const row = await t.db.selectFrom('operators').selectAll().where('mobile', '=', mobile).executeTakeFirstOrThrow();
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    // sealed at rest with the key kept in the database (no OPERATOR_SECRET_KEY), which the server shares
    expect(row.totpSecret).toMatch(/^v1\.[0-9a-f]{8}\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(row.totpSecret).not.toContain(secretOf(uri));
  }, 60_000);

  it('a wrong password, code or mobile answers the same 401; a used code is refused; wrong tries are counted (429)', async () => {
    const op = await consoleOperator(t, 'support');
    const wrong = messages.invalidCredentials.en;
    expect((await login(t, op.mobile, op.secret, { password: 'not-it-at-all' })).body).toEqual({ message: wrong });
    expect((await login(t, nextMobile(), op.secret)).body).toEqual({ message: wrong });
    // the code of this step, twice: the second is a replay
    const ok = await login(t, op.mobile, op.secret);
    expect(ok.status).toBe(200);
    const replay = await adminCall(t, 'admin/login', {
      username: op.mobile,
      password: OPERATOR_PASSWORD,
      otp: (await import('../src/lib/totp')).totpCode(op.secret, clock.now().getTime()),
    });
    expect(replay).toEqual({ status: 401, body: { message: wrong } });
    // wrong codes count like wrong passwords: the phone's free tries, then 429
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await login(t, op.mobile, op.secret, { otp: '000000' })).status);
    expect(statuses.slice(0, 4)).toEqual([401, 401, 401, 401]);
    expect(statuses).toContain(429);
  });

  it('a session ends after 30 minutes unused and after 8 hours however used; logout ends it', async () => {
    const op = await consoleOperator(t, 'finance');
    advance(29 * 60_000);
    expect((await call('me', {}, op)).status).toBe(200);
    advance(31 * 60_000);
    expect((await call('me', {}, op)).status).toBe(401);

    const busy = await consoleOperator(t, 'finance');
    for (let i = 0; i < 19; i++) {
      advance(25 * 60_000);
      expect((await call('me', {}, busy)).status).toBe(200);
    }
    advance(25 * 60_000);
    expect((await call('me', {}, busy)).status).toBe(401);

    const out = await consoleOperator(t, 'finance');
    expect((await call('logout', {}, out)).status).toBe(200);
    expect((await call('me', {}, out)).status).toBe(401);
  });

  it('an operator token (scripts) still works, as admin', async () => {
    const { token } = await t.services.operator.createToken('script');
    expect((await call('operator/list', {}, { token })).status).toBe(200);
    expect((await call('merchant/list', {}, { token })).status).toBe(200);
  });

  it('admin adds and disables operators; disabling ends the sessions', async () => {
    const mobile = nextMobile();
    const added = await call(
      'operator/add',
      { mobile, name: 'Huda', role: 'finance', password: OPERATOR_PASSWORD },
      admin,
    );
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.data.otpauthUri).toContain(`Loyalty:${mobile}`);
    const huda = await login(t, mobile, secretOf(added.body.data.otpauthUri));
    expect(huda.status).toBe(200);
    expect(
      (await call('operator/add', { mobile, name: 'Again', role: 'admin', password: OPERATOR_PASSWORD }, admin)).status,
    ).toBe(409);
    const list = await call('operator/list', {}, admin);
    expect(list.body.data.rows.map((r: { mobile: string }) => r.mobile)).toContain(mobile);
    const disabled = await call('operator/disable', { id: added.body.data.operator.id }, admin);
    expect(disabled.body.data.disabledAt).toEqual(expect.any(String));
    expect((await call('me', {}, huda.body.data)).status).toBe(401);
    expect((await login(t, mobile, secretOf(added.body.data.otpauthUri))).status).toBe(401);
    const [entry] = await logRows('admin/operator/add');
    expect(entry).toMatchObject({ operatorId: admin.id, ip: expect.any(String) });
    expect(entry.detail).not.toContain(OPERATOR_PASSWORD);
  });
});

describe('roles', () => {
  it('support gets 403 on a package change; finance gets 403 on a merchant approval', async () => {
    const forbidden = { message: messages.forbidden.en };
    expect(await call('package/add', { name: 'P', points: 10, amount: 5 }, support)).toEqual({
      status: 403,
      body: forbidden,
    });
    const m = await merchantFixture(t, { approved: false });
    expect(await call('merchant/approve', { mobile: m.mobile }, finance)).toEqual({ status: 403, body: forbidden });
    expect(await call('operator/list', {}, support)).toEqual({ status: 403, body: forbidden });
    expect(await call('log/list', {}, finance)).toEqual({ status: 403, body: forbidden });
  });

  it('every operator call: 403 exactly for the roles it does not list, 401 without a token', async () => {
    for (const [p, def] of Object.entries(operatorEndpoints)) {
      if (p === 'admin/login' || p === 'admin/logout') continue;
      const path = p.slice('admin/'.length);
      expect((await call(path, {}, { token: '' })).status, p).toBe(401);
      for (const op of [admin, support, finance]) {
        const role = op === admin ? 'admin' : op === support ? 'support' : 'finance';
        const status = (await call(path, {}, op)).status;
        if ((def.operatorRoles as readonly string[]).includes(role)) expect(status, `${p} ${role}`).not.toBe(403);
        else expect(status, `${p} ${role}`).toBe(403);
      }
    }
  });
});

describe('isolation between the app and the console', () => {
  it("an app session (merchant, customer) opens no operator call; an operator's session opens no app call", async () => {
    const m = await merchantFixture(t);
    const c = await customerFixture(t);
    for (const p of Object.keys(operatorEndpoints)) {
      if (p === 'admin/login') continue;
      for (const token of [m.token, c.token])
        expect((await call(p.slice('admin/'.length), {}, { token })).status, p).toBe(401);
    }
    for (const path of ['merchant/me', 'user/me', 'merchant/ticket/list'])
      expect((await t.call(path, {}, { token: admin.token })).status, path).toBe(401);
  });
});

describe('the console at work', () => {
  it('support approves a merchant, written to the log with its id and address', async () => {
    const m = await merchantFixture(t, { approved: false, name: 'Karak Corner' });
    const home = await call('home', {}, support);
    expect(home.body.data.merchantsToReview).toBeGreaterThanOrEqual(1);
    expect(home.body.data.days).toHaveLength(7);
    const found = await call('merchant/list', { q: 'karak', status: 'pending' }, support);
    expect(found.body.data.rows).toMatchObject([{ id: m.id, status: 'pending' }]);
    expect((await call('merchant/approve', { mobile: m.mobile }, support)).body.data.status).toBe('approved');
    const [entry] = await logRows('admin/merchant/approve');
    expect(entry).toMatchObject({ operatorId: support.id, actor: `operator:${support.id}`, ip: expect.any(String) });
    // suspend with a reason, reinstate once (409 the second time)
    await call('merchant/suspend', { mobile: m.mobile, reason: 'Complaints' }, support);
    const [suspended] = await logRows('admin/merchant/suspend');
    expect(suspended).toMatchObject({ operatorId: support.id });
    expect(JSON.parse(suspended.detail)).toEqual({ mobile: m.mobile, reason: 'Complaints' });
    expect((await call('merchant/reinstate', { mobile: m.mobile, reason: 'Resolved' }, support)).body.data.status).toBe(
      'approved',
    );
    expect((await call('merchant/reinstate', { mobile: m.mobile, reason: 'Again' }, support)).status).toBe(409);
    const shown = await call('merchant/show', { id: m.id }, support);
    expect(shown.body.data).toMatchObject({ merchant: { id: m.id, name: 'Karak Corner' }, staffCount: 0 });
    const log = await call('log/list', {}, admin);
    const reinstate = log.body.data.rows.find((r: { action: string }) => r.action === 'admin/merchant/reinstate');
    expect(reinstate).toMatchObject({ operatorName: 'Sara Support', operatorId: support.id });
    expect(JSON.parse(reinstate.detail)).toMatchObject({ reason: 'Resolved' });
  });

  it("support replies to a ticket: adminId is the operator's id, the merchant sees the operator's name", async () => {
    const m = await merchantFixture(t);
    const ticket = (
      await t.call(
        'merchant/ticket/create',
        { ticketType: 'general', ticketBody: 'Where is my payout?\nOrder 1234 was paid on Monday.' },
        { token: m.token },
      )
    ).body.data;
    let inbox = await call('ticket/list', { status: 'open' }, support);
    expect(inbox.body.data.rows.find((r: { id: number }) => r.id === ticket.id)).toMatchObject({
      answered: false,
      title: 'Where is my payout?',
    });
    const reply = await call('ticket/reply', { ticketId: ticket.id, message: 'On its way' }, support);
    expect(reply.body.data).toMatchObject({ adminId: support.id, Admin: { name: 'Sara Support' } });
    const hist = await t.call('merchant/ticket/messageHistory/list', { ticketId: ticket.id }, { token: m.token });
    expect(hist.body.data.ticketsHistoryMessage.rows).toMatchObject([
      { adminId: support.id, Admin: { id: support.id, name: 'Sara Support' } },
    ]);
    inbox = await call('ticket/list', {}, support);
    expect(inbox.body.data.rows.find((r: { id: number }) => r.id === ticket.id)).toMatchObject({ answered: true });
    const thread = await call('ticket/show', { ticketId: ticket.id }, support);
    expect(thread.body.data.messages).toHaveLength(1);
    // the merchant's opening message in full, beside its first line as the title
    expect(thread.body.data.ticket.title).toBe('Where is my payout?');
    // (a form post breaks the line with CRLF)
    expect(thread.body.data.ticket.body).toMatch(/^Where is my payout\?\r?\nOrder 1234 was paid on Monday\.$/);
    expect((await call('ticket/close', { ticketId: ticket.id }, support)).body.data).toEqual({
      id: ticket.id,
      status: 'closed',
    });
    expect((await call('ticket/close', { ticketId: ticket.id }, support)).body.data).toEqual({
      id: ticket.id,
      status: 'closed',
    });
  });

  it('finance pays a settlement with a reference (required from the console)', async () => {
    const s = await orderShop(t, { priceCents: 1250 });
    const requestId = await pickedOrder(t, s, await buyer(t, 100), 'price');
    const [settlement] = await settlementsOf(t, requestId);
    const home = (await call('home', {}, finance)).body.data;
    expect(home.settlementsToPay.count).toBeGreaterThanOrEqual(1);
    expect(home.settlementsToPay.amount).toBeGreaterThanOrEqual(12.5);
    expect(home.today.requests).toBeGreaterThanOrEqual(1);
    expect(home.today.sales).toBeGreaterThanOrEqual(12.5);
    expect(home.days.map((d: { date: string }) => d.date).at(-1)).toBe(clock.today());
    expect(home.days[6]).toEqual({ date: clock.today(), ...home.today });
    expect((await call('settlement/move', { id: settlement.id, status: 'pending' }, finance)).status).toBe(200);
    const missing = await call('settlement/move', { id: settlement.id, status: 'paid' }, finance);
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual([{ field: 'reference', message: messages.required.en }]);
    const paid = await call('settlement/move', { id: settlement.id, status: 'paid', reference: 'TRX-778' }, finance);
    expect(paid.body.data).toEqual({ id: settlement.id, from: 'pending', to: 'paid' });
    const list = await call('settlement/list', { status: 'paid', merchant: s.merchant.mobile }, finance);
    expect(list.body.data.rows).toMatchObject([
      { id: settlement.id, reference: 'TRX-778', amount: 12.5, paidAt: expect.any(String) },
    ]);
  });

  it('finance grants points twice with one requestId: moved once; taking back more than the balance is 409', async () => {
    const c = await customerFixture(t, 0, 'Mona Points');
    const requestId = crypto.randomUUID();
    const grant = { id: c.id, points: 40, reason: 'Apology for a late order', requestId };
    expect((await call('customer/points', grant, finance)).body.data).toEqual({ balance: 40 });
    expect((await call('customer/points', grant, finance)).body.data).toEqual({ balance: 40 });
    const back = await call(
      'customer/points',
      { id: c.id, points: -50, reason: 'Mistake', requestId: crypto.randomUUID() },
      finance,
    );
    expect(back.status).toBe(409);
    expect(
      (
        await call(
          'customer/points',
          { id: c.id, points: -15, reason: 'Mistake', requestId: crypto.randomUUID() },
          finance,
        )
      ).body.data,
    ).toEqual({ balance: 25 });
    const shown = await call('customer/show', { id: c.id }, support);
    expect(shown.body.data.customer.balance).toBe(25);
    expect(shown.body.data.ledger.map((l: { points: number }) => l.points)).toEqual([-15, 40]);
    expect((await call('customer/list', { q: 'Mona Points' }, support)).body.data.rows).toMatchObject([{ id: c.id }]);
    expect(await logRows('admin/customer/points')).toHaveLength(2);
    expect((await call('customer/points', grant, support)).status).toBe(403);
  });

  it('finance edits and deactivates a package', async () => {
    const added = await call('package/add', { name: 'Starter', points: 100, amount: 10 }, finance);
    const id = added.body.data.id;
    const edited = await call('package/edit', { id, name: 'Starter+', amount: 12.5, points: 150 }, finance);
    expect(edited.body.data).toMatchObject({ id, name: 'Starter+', amount: 12.5, points: 150, isActive: true });
    expect((await call('package/deactivate', { id }, finance)).body.data.isActive).toBe(false);
    expect((await call('package/deactivate', { id }, finance)).body.data.isActive).toBe(false);
    expect((await call('package/edit', { id: 999999, name: 'x' }, finance)).status).toBe(404);
  });
});
