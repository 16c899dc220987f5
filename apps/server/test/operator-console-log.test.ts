/**
 * Every operator action's log row is written in the same transaction as its change (issue 25, "the
 * operator log in the same transaction as the change"): when the log cannot be written the change
 * is undone, and a change that is refused leaves no log row; when both succeed both are there.
 */
import { clock } from '@loyalty/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminCommand } from './admin-command';
import { customerFixture } from './fixtures-requests';
import { merchantFixture, nextMobile, startTestServer, type TestServer } from './harness';
import {
  adminCall,
  type ConsoleOperator,
  consoleOperator,
  freezeClock,
  OPERATOR_PASSWORD,
} from './operator-console-fixtures';
import { buyer, orderShop, pickedOrder, settlementsOf } from './orders-fixtures';

let t: TestServer;
let admin: ConsoleOperator;

beforeAll(async () => {
  t = await startTestServer();
  freezeClock();
  admin = await consoleOperator(t, 'admin', 'Aisha Admin');
});
beforeEach(() => freezeClock());
afterAll(async () => {
  clock.set();
  await t?.close();
});

const call = (path: string, body: Record<string, unknown>) => adminCall(t, `admin/${path}`, body, admin.token);
const logCount = async (action: string) =>
  (await t.db.selectFrom('operatorActions').select('id').where('action', '=', `admin/${action}`).execute()).length;

/** Runs `fn` while the operator log cannot be written (its table renamed away), then puts it back. */
async function withoutLog(fn: () => Promise<void>) {
  await t.db.schema.alterTable('operatorActions').renameTo('operatorActionsAway').execute();
  try {
    await fn();
  } finally {
    await t.db.schema.alterTable('operatorActionsAway').renameTo('operatorActions').execute();
  }
}

async function openTicket() {
  const m = await merchantFixture(t);
  const res = await t.call(
    'merchant/ticket/create',
    { ticketType: 'general', ticketBody: 'Where is my payout?' },
    { token: m.token },
  );
  return res.body.data.id as number;
}

describe('the operator log and the change, in one transaction', () => {
  it('when the log cannot be written, no change is kept (package, invoice, ticket, settlement, operator)', async () => {
    const m = await merchantFixture(t);
    const pkg = (await call('package/add', { name: 'Gold', points: '500', amount: '25' })).body.data;
    const ticketId = await openTicket();
    const s = await orderShop(t, { priceCents: 700 });
    const [settlement] = await settlementsOf(t, await pickedOrder(t, s, await buyer(t, 100), 'price'));
    const mobile = nextMobile('9745');
    const invoices = async () =>
      (await t.db.selectFrom('invoices').select('id').where('merchantId', '=', m.id).execute()).length;

    await withoutLog(async () => {
      expect((await call('package/add', { name: 'Lost', points: '1', amount: '1' })).status).toBe(500);
      expect((await call('package/edit', { id: pkg.id, name: 'Platinum' })).status).toBe(500);
      expect((await call('package/deactivate', { id: pkg.id })).status).toBe(500);
      expect((await call('invoice/add', { merchant: m.mobile, name: 'Setup', amount: '10' })).status).toBe(500);
      expect((await call('ticket/reply', { ticketId, message: 'Lost reply' })).status).toBe(500);
      expect((await call('ticket/close', { ticketId })).status).toBe(500);
      expect((await call('settlement/move', { id: settlement.id, status: 'pending' })).status).toBe(500);
      const add = { mobile, name: 'Nobody', role: 'support', password: OPERATOR_PASSWORD };
      expect((await call('operator/add', add)).status).toBe(500);
    });

    const packages = await t.db.selectFrom('packages').select(['name', 'isActive']).execute();
    expect(packages.map((p) => p.name)).not.toContain('Lost');
    expect(packages.find((p) => p.name === 'Gold')).toMatchObject({ isActive: 1 });
    expect(packages.map((p) => p.name)).not.toContain('Platinum');
    expect(await invoices()).toBe(0);
    const messages = await t.db.selectFrom('ticketMessages').select('id').where('ticketId', '=', ticketId).execute();
    expect(messages).toHaveLength(0);
    const ticket = await t.db.selectFrom('tickets').select('status').where('id', '=', ticketId).executeTakeFirst();
    expect(ticket?.status).toBe('open');
    const sRow = await t.db
      .selectFrom('settlements')
      .select('status')
      .where('id', '=', settlement.id)
      .executeTakeFirst();
    expect(sRow?.status).toBe('initial');
    expect(await t.db.selectFrom('operators').select('id').where('mobile', '=', mobile).executeTakeFirst()).toBe(
      undefined,
    );

    // with the log back, each change and its row are there together
    const before = {
      reply: await logCount('ticket/reply'),
      close: await logCount('ticket/close'),
      move: await logCount('settlement/move'),
      invoice: await logCount('invoice/add'),
      edit: await logCount('package/edit'),
    };
    expect((await call('ticket/reply', { ticketId, message: 'Sorted' })).status).toBe(200);
    expect((await call('ticket/close', { ticketId })).status).toBe(200);
    expect((await call('settlement/move', { id: settlement.id, status: 'pending' })).status).toBe(200);
    expect((await call('invoice/add', { merchant: m.mobile, name: 'Setup', amount: '10' })).status).toBe(200);
    expect((await call('package/edit', { id: pkg.id, name: 'Platinum' })).status).toBe(200);
    expect(await invoices()).toBe(1);
    expect({
      reply: await logCount('ticket/reply'),
      close: await logCount('ticket/close'),
      move: await logCount('settlement/move'),
      invoice: await logCount('invoice/add'),
      edit: await logCount('package/edit'),
    }).toEqual({
      reply: before.reply + 1,
      close: before.close + 1,
      move: before.move + 1,
      invoice: before.invoice + 1,
      edit: before.edit + 1,
    });
  });

  it('a refused change writes no log row (a settlement moved out of turn, a reply on a closed ticket)', async () => {
    const s = await orderShop(t, { priceCents: 900 });
    const [settlement] = await settlementsOf(t, await pickedOrder(t, s, await buyer(t, 100), 'price'));
    const ticketId = await openTicket();
    expect((await call('ticket/close', { ticketId })).status).toBe(200);
    const moves = await logCount('settlement/move');
    const replies = await logCount('ticket/reply');
    const closes = await logCount('ticket/close');
    expect((await call('settlement/move', { id: settlement.id, status: 'paid', reference: 'X' })).status).toBe(409);
    expect((await call('ticket/reply', { ticketId, message: 'Too late' })).status).toBe(409);
    // closing a closed ticket answers the same and changes nothing: nothing to log
    expect((await call('ticket/close', { ticketId })).status).toBe(200);
    expect(await logCount('settlement/move')).toBe(moves);
    expect(await logCount('ticket/reply')).toBe(replies);
    expect(await logCount('ticket/close')).toBe(closes);
  });
});

describe('the command line: its log row in the change transaction, with its operator id', () => {
  /** `npm run admin -- …` on the test database: its exit code (0 or the failure's). */
  const cli = (...args: string[]) =>
    adminCommand(args, t.databaseEnv).then(
      () => 0,
      (err: { code?: number }) => err.code ?? -1,
    );

  it('a CLI change whose log write fails leaves no change; a normal one leaves its row with the CLI operator id', async () => {
    const live = await merchantFixture(t);
    const waiting = await merchantFixture(t, { approved: false });
    const c = await customerFixture(t);
    const unverified = { mobile: nextMobile('9746'), name: 'Noor Unverified' };
    const signup = await t.call('user/signup', { ...unverified, password: 'noor-pass-12', userCurrncy: 'USD' });
    expect(signup.status).toBe(200);
    const ticketId = await openTicket();
    const s = await orderShop(t, { priceCents: 800 });
    const [settlement] = await settlementsOf(t, await pickedOrder(t, s, await buyer(t, 100), 'price'));
    const doomed = await t.services.operator.createToken('cli lost phone');
    const tag = `CLI tag ${nextMobile('9747')}`;
    const operatorMobile = nextMobile('9745');
    const qrKeys = () =>
      t.db.selectFrom('signingKeys').select(['kid', 'retiredAt']).where('purpose', '=', 'qr').orderBy('kid').execute();
    await t.services.qrKeys.current();
    const keysBefore = await qrKeys();
    const commands: string[][] = [
      ['merchant', 'approve', waiting.mobile],
      ['merchant', 'suspend', live.mobile],
      ['tag', 'add', tag],
      ['customer', 'verify', unverified.mobile],
      ['customer', 'grant', c.mobile, '40'],
      ['package', 'add', '--name', 'CLI Gold', '--points', '300', '--amount', '12.5'],
      ['invoice', 'add', '--merchant', live.mobile, '--name', 'CLI setup', '--amount', '10'],
      ['settlement', 'move', String(settlement.id), 'pending'],
      ['ticket', 'reply', String(ticketId), 'From', 'the', 'command', 'line'],
      ['operator', 'token', 'cli night shift'],
      ['operator', 'revoke', String(doomed.id)],
      ['operator', 'add', operatorMobile, '--role', 'support', '--password', OPERATOR_PASSWORD],
      ['secrets', 'rotate', 'qr'],
    ];
    const state = async () => ({
      waiting: (await t.db.selectFrom('merchants').select('status').where('id', '=', waiting.id).executeTakeFirst())
        ?.status,
      live: (await t.db.selectFrom('merchants').select('status').where('id', '=', live.id).executeTakeFirst())?.status,
      tag: (await t.db.selectFrom('tags').select('id').where('name', '=', tag).execute()).length,
      verified: Boolean(
        (
          await t.db
            .selectFrom('customers')
            .select('verifiedAt')
            .where('mobile', '=', unverified.mobile)
            .executeTakeFirst()
        )?.verifiedAt,
      ),
      balance: (await t.db.selectFrom('customers').select('balance').where('id', '=', c.id).executeTakeFirst())
        ?.balance,
      packages: (await t.db.selectFrom('packages').select('id').where('name', '=', 'CLI Gold').execute()).length,
      invoices: (await t.db.selectFrom('invoices').select('id').where('merchantId', '=', live.id).execute()).length,
      settlement: (
        await t.db.selectFrom('settlements').select('status').where('id', '=', settlement.id).executeTakeFirst()
      )?.status,
      replies: (await t.db.selectFrom('ticketMessages').select('id').where('ticketId', '=', ticketId).execute()).length,
      tokens: (await t.db.selectFrom('operatorTokens').select('id').where('label', '=', 'cli night shift').execute())
        .length,
      revoked: Boolean(
        (await t.db.selectFrom('operatorTokens').select('revokedAt').where('id', '=', doomed.id).executeTakeFirst())
          ?.revokedAt,
      ),
      operators: (await t.db.selectFrom('operators').select('id').where('mobile', '=', operatorMobile).execute())
        .length,
      qrKeys: await qrKeys(),
    });
    const before = await state();
    expect(before).toMatchObject({ waiting: 'pending', live: 'approved', verified: false, balance: 0 });

    await withoutLog(async () => {
      for (const args of commands) expect({ args, code: await cli(...args) }).toEqual({ args, code: 1 });
    });
    expect(await state()).toEqual(before);

    const lastId = async () =>
      (await t.db.selectFrom('operatorActions').select('id').orderBy('id', 'desc').executeTakeFirst())?.id ?? 0;
    const from = await lastId();
    for (const args of commands) expect({ args, code: await cli(...args) }).toEqual({ args, code: 0 });
    // reading commands write nothing
    for (const args of [
      ['merchant', 'list'],
      ['operator', 'log'],
      ['package', 'list'],
    ])
      expect(await cli(...args)).toBe(0);
    expect(await state()).toEqual({
      waiting: 'approved',
      live: 'suspended',
      tag: 1,
      verified: true,
      balance: 40,
      packages: 1,
      invoices: 1,
      settlement: 'pending',
      replies: 1,
      tokens: 1,
      revoked: true,
      operators: 1,
      qrKeys: expect.any(Array),
    });
    expect((await qrKeys()).length).toBeGreaterThan(keysBefore.length);

    const rows = await t.db.selectFrom('operatorActions').selectAll().where('id', '>', from).orderBy('id').execute();
    expect(rows.map((r) => r.action)).toEqual(commands.map(([group, action]) => `${group} ${action}`));
    const cliId = await t.services.operator.operatorIdOf('cli');
    for (const r of rows) expect(r).toMatchObject({ actor: 'cli', operatorId: cliId, ip: null });
    const detail = (action: string) => JSON.parse(rows.find((r) => r.action === action)?.detail ?? '{}');
    expect(detail('merchant approve')).toEqual({ merchantId: waiting.id, mobile: waiting.mobile });
    expect(detail('customer grant')).toMatchObject({ customerId: c.id, points: 40 });
    expect(detail('settlement move')).toEqual({ settlementId: settlement.id, from: 'initial', to: 'pending' });
    expect(detail('operator revoke')).toEqual({ tokenId: doomed.id });
    const reply = await t.db
      .selectFrom('ticketMessages')
      .select('id')
      .where('ticketId', '=', ticketId)
      .executeTakeFirst();
    expect(detail('ticket reply')).toEqual({ ticketId, messageId: reply?.id });

    // the console's log screen lists them with the command line's operator
    const page = (await call('log/list', {})).body.data as { rows: { id: number; operatorId: number | null }[] };
    const approved = rows.find((r) => r.action === 'merchant approve');
    expect(page.rows.find((r) => r.id === approved?.id)).toMatchObject({
      operatorId: cliId,
      action: 'merchant approve',
      ip: null,
    });
  }, 300_000);
});
