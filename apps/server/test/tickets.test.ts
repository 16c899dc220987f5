/** Support tickets (SPEC §2-§4, §7): every call and rule, the operator's reply, close once. */
import { messages } from '@loyalty/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCommand } from './admin-command';
import { addBranch, addOffer, addProduct, addTags } from './catalogue-fixtures';
import { type MerchantFixture, merchantFixture, staffLogin, startTestServer, type TestServer } from './harness';

let t: TestServer;
let a: MerchantFixture;
let b: MerchantFixture;
let offerA: number;
let productA: number;
let offerB: number;
let productB: number;

beforeAll(async () => {
  t = await startTestServer();
  a = await merchantFixture(t, { name: 'Qahwa House' });
  b = await merchantFixture(t, { name: 'Other Shop' });
  const tags = await addTags(t, 1);
  offerA = await addOffer(t, a, [await addBranch(t, a)], tags);
  productA = await addProduct(t, a);
  offerB = await addOffer(t, b, [await addBranch(t, b)], tags);
  productB = await addProduct(t, b);
});
afterAll(async () => t?.close());

const call = (
  m: MerchantFixture,
  p: string,
  fields: Record<string, string | number | undefined> = {},
  lang: 'en' | 'ar' = 'en',
) => t.call(`merchant/${p}`, fields, { token: m.token, lang });

async function create(m: MerchantFixture, fields: Record<string, string | number> = {}) {
  const res = await call(m, 'ticket/create', {
    portalType: 'user',
    ticketType: 'general',
    ticketBody: 'Help me',
    ...fields,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { id: number; [k: string]: unknown };
}

describe('create', () => {
  it('opens a general ticket with the merchant name and no subject', async () => {
    const ticket = await create(a, { ticketBody: 'My points do not show' });
    expect(ticket).toMatchObject({
      ticketType: 'general',
      ticketTypeId: null,
      ticketBody: 'My points do not show',
      status: 'open',
      isClosed: false,
      portalType: 'user',
      closedAt: null,
      User: { name: 'Qahwa House' },
      subject: null,
    });
    const row = await t.db.selectFrom('tickets').selectAll().where('id', '=', ticket.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ merchantId: a.id, status: 'open', ticketType: 'general' });
  });

  it("opens one about the merchant's own offer or product, named", async () => {
    expect(await create(a, { ticketType: 'offer', ticketTypeId: offerA })).toMatchObject({
      ticketTypeId: offerA,
      subject: { id: offerA, name: 'Two coffees', nameAr: 'قهوتان' },
    });
    expect(await create(a, { ticketType: 'product', ticketTypeId: productA })).toMatchObject({
      ticketTypeId: productA,
      subject: { id: productA, name: 'Cardamom latte', nameAr: 'لاتيه بالهيل' },
    });
  });

  it('ignores a ticketTypeId on a general ticket', async () => {
    expect(await create(a, { ticketType: 'general', ticketTypeId: offerA })).toMatchObject({ ticketTypeId: null });
  });

  it("answers 404 for another merchant's offer or product, like a missing one", async () => {
    for (const [ticketType, ticketTypeId, key] of [
      ['offer', offerB, 'offerNotFound'],
      ['offer', 999999, 'offerNotFound'],
      ['product', productB, 'productNotFound'],
      ['product', 999999, 'productNotFound'],
      ['offer', productA + 100000, 'offerNotFound'],
    ] as const) {
      const res = await call(a, 'ticket/create', { ticketType, ticketTypeId, ticketBody: 'x' });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(messages[key].en);
    }
  });

  it('requires the body, the type, and the offer or product choice for those types (en + ar)', async () => {
    for (const lang of ['en', 'ar'] as const) {
      let res = await call(a, 'ticket/create', { ticketType: 'general', ticketBody: '' }, lang);
      expect(res.status).toBe(422);
      expect(res.body.errors).toContainEqual({ field: 'ticketBody', message: messages.required[lang] });
      res = await call(a, 'ticket/create', { ticketType: 'offer', ticketBody: 'x' }, lang);
      expect(res.status).toBe(422);
      expect(res.body.errors).toContainEqual({ field: 'ticketTypeId', message: messages.chooseOffer[lang] });
      res = await call(a, 'ticket/create', { ticketType: 'product', ticketBody: 'x' }, lang);
      expect(res.body.errors).toContainEqual({ field: 'ticketTypeId', message: messages.chooseProduct[lang] });
      res = await call(a, 'ticket/create', { ticketType: 'complaint', ticketBody: 'x' }, lang);
      expect(res.status).toBe(422);
      expect(res.body.errors.map((e: { field: string }) => e.field)).toContain('ticketType');
    }
  });

  it('is for the merchant only: staff are refused (403)', async () => {
    const staff = await staffLogin(t, a.id, null);
    const res = await t.call(
      'merchant/ticket/create',
      { ticketType: 'general', ticketBody: 'x' },
      { token: staff.token },
    );
    expect(res.status).toBe(403);
  });
});

describe('list and details', () => {
  it("lists the merchant's own tickets, newest first, paged", async () => {
    const m = await merchantFixture(t);
    const ids = [];
    for (const body of ['one', 'two', 'three']) ids.push((await create(m, { ticketBody: body })).id);
    const res = await call(m, 'ticket/list', { limit: 2, pageNum: 1 });
    expect(res.status).toBe(200);
    expect(res.body.data.count).toBe(3);
    expect(res.body.data.rows.map((r: { id: number }) => r.id)).toEqual([ids[2], ids[1]]);
    const page2 = await call(m, 'ticket/list', { limit: 2, pageNum: 2 });
    expect(page2.body.data.rows.map((r: { id: number }) => r.id)).toEqual([ids[0]]);
    const other = await call(b, 'ticket/list');
    expect(other.body.data.rows.map((r: { id: number }) => r.id)).not.toContain(ids[0]);
  });

  it("answers details of its own ticket, 404 for another merchant's or a missing one", async () => {
    const ticket = await create(a, { ticketBody: 'details please' });
    const res = await call(a, 'ticket/details', { id: ticket.id });
    expect(res.body.data).toMatchObject({ id: ticket.id, ticketBody: 'details please' });
    for (const [m, id] of [
      [b, ticket.id],
      [a, 999999],
    ] as const) {
      const r = await call(m, 'ticket/details', { id });
      expect(r.status).toBe(404);
      expect(r.body.message).toBe(messages.ticketNotFound.en);
    }
  });
});

describe('messages', () => {
  it('replies, the operator answers (adminId set), history oldest first in data.ticketsHistoryMessage.rows', async () => {
    const ticket = await create(a);
    const hooked: [number, number][] = [];
    const reply = await call(a, 'userTicket/message/reply', { ticketId: ticket.id, messageBody: 'Any news?' });
    expect(reply.status).toBe(200);
    expect(reply.body.data).toMatchObject({ ticketId: ticket.id, messageBody: 'Any news?', adminId: null });
    const support = await t.services.operator.operatorIdOf('cli');
    const op = await t.services.tickets.operatorReply(ticket.id, 'We are on it', support);
    expect(op?.message).toMatchObject({
      adminId: support,
      Admin: { id: support, name: 'Platform support', nameAr: 'دعم المنصة' },
      messageBody: 'We are on it',
    });
    hooked.push([a.id, ticket.id]);
    const hist = await call(a, 'ticket/messageHistory/list', { ticketId: ticket.id });
    expect(hist.status).toBe(200);
    expect(hist.body.data.ticketsHistoryMessage.count).toBe(2);
    expect(
      hist.body.data.ticketsHistoryMessage.rows.map((r: { messageBody: string; adminId: number | null }) => [
        r.messageBody,
        r.adminId,
      ]),
    ).toEqual([
      ['Any news?', null],
      ['We are on it', support],
    ]);
  });

  it('requires a reply body (422) and refuses foreign tickets (404)', async () => {
    const ticket = await create(a);
    let res = await call(a, 'userTicket/message/reply', { ticketId: ticket.id, messageBody: '' });
    expect(res.status).toBe(422);
    res = await call(b, 'userTicket/message/reply', { ticketId: ticket.id, messageBody: 'hi' });
    expect(res.status).toBe(404);
    res = await call(b, 'ticket/messageHistory/list', { ticketId: ticket.id });
    expect(res.status).toBe(404);
    expect(await t.db.selectFrom('ticketMessages').selectAll().where('ticketId', '=', ticket.id).execute()).toEqual([]);
  });

  it("deletes only the merchant's own messages: the operator's 403, another merchant's 404", async () => {
    const ticket = await create(a);
    const mine = (await call(a, 'userTicket/message/reply', { ticketId: ticket.id, messageBody: 'oops' })).body.data;
    const theirs = (
      await t.services.tickets.operatorReply(ticket.id, 'hello', await t.services.operator.operatorIdOf('cli'))
    )?.message;
    let res = await call(b, 'ticket/message/delete', { messageId: mine.id });
    expect(res.status).toBe(404);
    res = await call(a, 'ticket/message/delete', { messageId: theirs?.id });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(messages.ownMessagesOnly.en);
    res = await call(a, 'ticket/message/delete', { messageId: mine.id });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ success: true });
    res = await call(a, 'ticket/message/delete', { messageId: mine.id });
    expect(res.status).toBe(404);
    const left = await t.db.selectFrom('ticketMessages').select('id').where('ticketId', '=', ticket.id).execute();
    expect(left.map((r) => r.id)).toEqual([theirs?.id]);
  });

  it('calls the onOperatorReply hook with the merchant and the ticket', async () => {
    const { ticketsService } = await import('../src/modules/tickets/tickets.service');
    const calls: [number, number][] = [];
    const svc = ticketsService(t.deps, { onOperatorReply: (m, id) => void calls.push([m, id]) });
    const ticket = await create(a);
    await svc.operatorReply(ticket.id, 'hook', 0);
    expect(calls).toEqual([[a.id, ticket.id]]);
    expect(await svc.operatorReply(999999, 'nobody', 0)).toBeUndefined();
  });
});

describe('close', () => {
  it('closes once; afterwards replies, operator replies and deletions answer 409', async () => {
    const ticket = await create(a);
    const mine = (await call(a, 'userTicket/message/reply', { ticketId: ticket.id, messageBody: 'keep' })).body.data;
    let res = await call(b, 'ticket/close', { id: ticket.id });
    expect(res.status).toBe(404);
    res = await call(a, 'ticket/close', { id: ticket.id });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'closed', isClosed: true });
    expect(res.body.data.closedAt).toEqual(expect.any(String));
    res = await call(a, 'ticket/close', { id: ticket.id }, 'ar');
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(messages.ticketAlreadyClosed.ar);
    res = await call(a, 'userTicket/message/reply', { ticketId: ticket.id, messageBody: 'late' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(messages.ticketClosed.en);
    res = await call(a, 'ticket/message/delete', { messageId: mine.id });
    expect(res.status).toBe(409);
    await expect(t.services.tickets.operatorReply(ticket.id, 'late', 0)).rejects.toMatchObject({ status: 409 });
    const rows = await t.db
      .selectFrom('ticketMessages')
      .select('messageBody')
      .where('ticketId', '=', ticket.id)
      .execute();
    expect(rows).toEqual([{ messageBody: 'keep' }]);
  });

  it('closes once under concurrent calls', async () => {
    const ticket = await create(a);
    const results = await Promise.all(Array.from({ length: 10 }, () => call(a, 'ticket/close', { id: ticket.id })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(9);
  });
});

describe('the operator from the command line', () => {
  it('npm run admin -- ticket reply <ticketId> <message>', async () => {
    const ticket = await create(a);
    const run = (args: string[]) => adminCommand(args, t.databaseEnv);
    const out = await run(['ticket', 'reply', String(ticket.id), 'We', 'fixed', 'it']);
    expect(out.stdout).toContain(`Replied on ticket ${ticket.id} of Qahwa House.`);
    const hist = await call(a, 'ticket/messageHistory/list', { ticketId: ticket.id });
    // the command line writes as its built-in operator: a real id, never 0 (issue 23, point 5)
    const support = await t.services.operator.operatorIdOf('cli');
    expect(support).toBeGreaterThan(0);
    expect(hist.body.data.ticketsHistoryMessage.rows).toMatchObject([
      { messageBody: 'We fixed it', adminId: support, Admin: { id: support, name: 'Platform support' } },
    ]);
    await expect(run(['ticket', 'reply', '999999', 'x'])).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('No ticket with id 999999'),
    });
    await expect(run(['ticket', 'reply', String(ticket.id)])).rejects.toMatchObject({ code: 1 });
    const actions = await t.db.selectFrom('operatorActions').selectAll().where('action', '=', 'ticket reply').execute();
    expect(actions.some((r) => r.actor === 'cli' && JSON.parse(r.detail).ticketId === ticket.id)).toBe(true);
  }, 60_000);
});
