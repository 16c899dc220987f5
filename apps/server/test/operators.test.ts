/**
 * The platform's operators (issue 23, point 5; migration 0025): the command line acts as a built-in
 * operator row whose id goes into a ticket reply's `adminId` (never 0, so a client that tests
 * `adminId` for truthiness sees the operator's reply as the operator's), operator tokens belong to an
 * operator, and the messages written before (adminId 0, or a token's id) become the built-in
 * operator's. The table already has what operator accounts (issue 25) need.
 */
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../src/db/dialect';
import { operators } from '../src/db/migrations/0025-operators';
import { operatorConsole } from '../src/db/migrations/0029-operator-console';
import { merchantFixture, startTestServer, type TestServer } from './harness';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => t?.close());

const openTicket = async (token: string) =>
  (await t.call('merchant/ticket/create', { ticketType: 'general', ticketBody: 'Where are my points?' }, { token }))
    .body.data.id as number;
const history = async (token: string, ticketId: number) =>
  (await t.call('merchant/ticket/messageHistory/list', { ticketId }, { token })).body.data.ticketsHistoryMessage.rows;

describe('the operators table', () => {
  it('holds the command line as a built-in operator, with the columns operator accounts need', async () => {
    const rows = await t.db.selectFrom('operators').selectAll().execute();
    expect(rows).toEqual([
      {
        id: expect.any(Number),
        name: 'Platform support',
        nameAr: 'دعم المنصة',
        role: 'admin',
        mobile: null,
        passwordHash: null,
        totpSecret: null,
        totpLastStep: null,
        builtin: 'cli',
        createdAt: expect.any(String),
        disabledAt: null,
      },
    ]);
    expect(await t.services.operator.operatorIdOf('cli')).toBe(rows[0].id);
  });

  it('refuses a role outside admin, support and finance, and a mobile twice', async () => {
    const person = { name: 'Aisha', role: 'support' as const, mobile: '97455000999', createdAt: nowIso() };
    await t.db.insertInto('operators').values(person).execute();
    await expect(t.db.insertInto('operators').values(person).execute()).rejects.toThrow();
    await expect(
      t.db
        .insertInto('operators')
        .values({ ...person, mobile: null, role: 'owner' as never })
        .execute(),
    ).rejects.toThrow();
    await t.db.deleteFrom('operators').where('mobile', '=', person.mobile).execute();
  });

  it('finds the built-in operator the same way when asked at once', async () => {
    const ids = await Promise.all(Array.from({ length: 10 }, () => t.services.operator.operatorIdOf('cli')));
    expect(new Set(ids).size).toBe(1);
    expect(await t.db.selectFrom('operators').select('id').where('builtin', '=', 'cli').execute()).toHaveLength(1);
  });
});

describe("the operator's replies", () => {
  it('from the command line carry the built-in operator id and name, not 0', async () => {
    const m = await merchantFixture(t);
    const ticketId = await openTicket(m.token);
    const { message } = await t.services.operator.replyTicket(String(ticketId), 'We are looking into it', 'cli');
    const support = await t.services.operator.operatorIdOf('cli');
    expect(support).toBeGreaterThan(0);
    expect(message).toMatchObject({ adminId: support, Admin: { id: support, name: 'Platform support' } });
    const [row] = await history(m.token, ticketId);
    expect(row).toMatchObject({ adminId: support, Admin: { name: 'Platform support', nameAr: 'دعم المنصة' } });
    expect(Boolean(row.adminId)).toBe(true);
  });

  it("through an operator token carry the token's operator", async () => {
    const m = await merchantFixture(t);
    const ticketId = await openTicket(m.token);
    const { id: tokenId } = await t.services.operator.createToken('desk');
    const row = await t.db.selectFrom('operatorTokens').selectAll().where('id', '=', tokenId).executeTakeFirstOrThrow();
    expect(row.operatorId).toBe(await t.services.operator.operatorIdOf('cli'));
    const { message } = await t.services.operator.replyTicket(String(ticketId), 'Fixed', `token:${tokenId}`);
    expect(message.adminId).toBe(row.operatorId);
    // the merchant's own messages stay without an operator
    const mine = await t.call(
      'merchant/userTicket/message/reply',
      { ticketId, messageBody: 'Thanks' },
      { token: m.token },
    );
    expect(mine.body.data).toMatchObject({ adminId: null, Admin: null });
  });
});

describe('migration 0025 over older rows', () => {
  it("makes the command line's (0) and the tokens' replies the built-in operator's; the merchant's stay null", async () => {
    const m = await merchantFixture(t);
    const ticketId = await openTicket(m.token);
    const { id: tokenId } = await t.services.operator.createToken('old token');
    const db = t.db as unknown as Kysely<unknown>;
    // the later migration that refers to operators comes off first, and goes back after
    await operatorConsole(t.kind).down(db);
    await operators(t.kind).down(db);
    // as the previous version wrote them: 0 for the command line, the token's id through a token
    const now = nowIso();
    for (const adminId of [0, tokenId, null])
      await t.db
        .insertInto('ticketMessages')
        .values({ ticketId, messageBody: `by ${adminId}`, adminId, createdAt: now })
        .execute();
    await operators(t.kind).up(db);
    await operatorConsole(t.kind).up(db);
    const support = await t.services.operator.operatorIdOf('cli');
    expect((await history(m.token, ticketId)).map((r: { adminId: number | null }) => r.adminId)).toEqual([
      support,
      support,
      null,
    ]);
    const tokens = await t.db.selectFrom('operatorTokens').select('operatorId').execute();
    expect(tokens.every((r) => r.operatorId === support)).toBe(true);
  });
});
