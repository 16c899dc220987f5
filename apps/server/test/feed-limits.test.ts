/**
 * No session token in any URL, sessions that end when unused, and a bounded live feed
 * (docs/security.md, "Tokens", "Live feed"): the stream opens with the Authorization header or a
 * single-use ticket, never `?token=`; an idle session stops resolving; 3 streams per session, a
 * maximum per process, and a replay reads only the caller's merchant's recent events, by index.
 */
import { FEED_LIMITS } from '@loyalty/contract';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { replayQuery } from '../src/platform/events/events.repository';
import { FRESH_WINDOW } from '../src/platform/events/events.routes';
import { openFeed, streamTicket } from './feed-client';
import { merchantFixture, signUpCustomer, staffLogin, startTestServer, type TestServer } from './harness';
import { nginxMissing, startNginx } from './nginx';
import { addBranch } from './staff-fixtures';

let t: TestServer | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const ready = (m: { event: string }) => m.event === 'ready';
/** A new pending offer request's event row of a merchant, as written straight to the table. */
const eventRow = (merchantId: number, entityId: number) => ({
  merchantId,
  branchId: null,
  employeeId: null,
  kind: 'offerRequest' as const,
  entityId,
  action: 'created',
  status: 'pending',
  createdAt: new Date().toISOString(),
});
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('no session token in a URL', () => {
  it('a session token in the query answers 401, even a valid one, even with the header', async () => {
    t = await startTestServer();
    const m = await merchantFixture(t);
    const inQuery = await openFeed(t.url, m.token, { tokenInQuery: true });
    expect(inQuery.status).toBe(401);
    const both = await fetch(`${t.url}/api/merchant/events?token=${m.token}`, {
      headers: { authorization: `Bearer ${m.token}` },
    });
    expect(both.status).toBe(401);
    expect(await both.json()).toEqual({
      message: 'A session token is never accepted in a web address; get a stream ticket first',
    });
  });

  it('a stream ticket opens the feed once, within a minute, while its session lives', async () => {
    t = await startTestServer();
    const server = t;
    const m = await merchantFixture(server);
    const res = await server.call('merchant/events/ticket', {}, { token: m.token, bearer: true });
    expect(res.status).toBe(200);
    expect(res.body.data.ticket).not.toBe(m.token);
    expect(Date.parse(res.body.data.expiresAt) - Date.now()).toBeLessThanOrEqual(60_000);
    const ticket = res.body.data.ticket as string;
    const first = await openFeed(server.url, null, { ticket });
    expect(first.status).toBe(200);
    await first.waitFor(ready);
    first.close();
    expect((await openFeed(server.url, null, { ticket })).status).toBe(401);

    // expired
    const late = await streamTicket(server.url, m.token);
    await server.db
      .updateTable('streamTickets')
      .set({ expiresAt: new Date(Date.now() - 1).toISOString() })
      .execute();
    expect((await openFeed(server.url, null, { ticket: late })).status).toBe(401);
    // its session ended
    const orphan = await streamTicket(server.url, m.token);
    await server.call('merchant/logout', {}, { token: m.token });
    expect((await openFeed(server.url, null, { ticket: orphan })).status).toBe(401);
    // only the hash is kept
    const rows = await server.db.selectFrom('streamTickets').select('ticketHash').execute();
    expect(rows.map((r) => r.ticketHash)).not.toContain(orphan);
  });

  it('customers get no ticket', async () => {
    t = await startTestServer();
    const c = await signUpCustomer(t);
    expect((await t.call('merchant/events/ticket', {}, { token: c.token })).status).toBe(403);
  });
});

describe.skipIf(nginxMissing() !== undefined)("docs/deploy.md's nginx layout", () => {
  it('logs the live feed and an upload without a token or a ticket; large bodies only for uploads', async () => {
    t = await startTestServer();
    const server = t;
    const m = await merchantFixture(server);
    const proxy = await startNginx([Number(new URL(server.upstreams[0]).port)]);
    try {
      const ticket = await streamTicket(proxy.url, m.token);
      const feed = await openFeed(proxy.url, null, { ticket });
      expect(feed.status).toBe(200);
      await feed.waitFor(ready);
      feed.close();
      await fetch(`${proxy.url}/api/merchant/events?token=${m.token}`);
      await fetch(`${proxy.url}/api/merchant/offer/upload/images`, {
        method: 'POST',
        headers: { authorization: `Bearer ${m.token}` },
      });
      await new Promise((r) => setTimeout(r, 300));
      const log = proxy.accessLog();
      expect(log).toContain('GET /api/merchant/events ');
      expect(log).toContain('POST /api/merchant/events/ticket ');
      expect(log).not.toContain(ticket);
      expect(log).not.toContain(m.token);
      // a body over 1 MB is refused by nginx except on the upload calls
      const big = new FormData();
      big.append('username', 'x'.repeat(2 * 1024 * 1024));
      expect((await fetch(`${proxy.url}/api/merchant/login`, { method: 'POST', body: big })).status).toBe(413);
    } finally {
      await proxy.close();
    }
  });
});

describe('sessions end when unused', () => {
  it('an idle session stops working; one in use slides on, up to its absolute lifetime', async () => {
    t = await startTestServer({ sessionIdle: { ownerMs: 2_000, staffMs: 1_000 }, sessionTtlMs: 6_000 });
    const server = t;
    const m = await merchantFixture(server);
    const branch = await addBranch(server, m.token, 'Main');
    const staff = await staffLogin(server, m.id, branch);
    const busy = (await server.call('merchant/login', { username: m.mobile, password: m.password })).body.data.token;
    // the merchant's session is used every 400 ms for 2.4 s: longer than its idle time
    for (let i = 0; i < 6; i++) {
      await sleep(400);
      expect((await server.call('merchant/me', {}, { token: busy })).status).toBe(200);
    }
    // the staff member's shorter idle time has passed, and the merchant's idle one too
    expect((await server.call('merchantUser/me', {}, { token: staff.token })).status).toBe(401);
    expect((await server.call('merchant/me', {}, { token: m.token })).status).toBe(401);
    expect((await server.call('merchant/me', {}, { token: busy })).status).toBe(200);
    // the absolute lifetime ends even a session in use
    for (let i = 0; i < 11; i++) {
      await sleep(400);
      await server.call('merchant/me', {}, { token: busy });
    }
    expect((await server.call('merchant/me', {}, { token: busy })).status).toBe(401);
  });
});

describe('the live feed is bounded', () => {
  it(`at most ${FEED_LIMITS.streamsPerSession} streams per session; closing one frees its place`, async () => {
    t = await startTestServer();
    const m = await merchantFixture(t);
    const open = [];
    for (let i = 0; i < FEED_LIMITS.streamsPerSession; i++) {
      const s = await openFeed(t.url, m.token);
      expect(s.status).toBe(200);
      await s.waitFor(ready);
      open.push(s);
    }
    const extra = await openFeed(t.url, m.token, { viaTicket: true });
    expect(extra.status).toBe(429);
    // another session of the same merchant is not affected
    const other = (await t.call('merchant/login', { username: m.mobile, password: m.password })).body.data.token;
    const elsewhere = await openFeed(t.url, other);
    expect(elsewhere.status).toBe(200);
    open[0].close();
    await sleep(200);
    const again = await openFeed(t.url, m.token);
    expect(again.status).toBe(200);
    for (const s of [...open, elsewhere, again]) s.close();
  });

  it('a process serves a bounded number of streams (FEED_MAX_STREAMS)', async () => {
    t = await startTestServer({ feed: { maxStreams: 2 } });
    const [a, b, c] = [await merchantFixture(t), await merchantFixture(t), await merchantFixture(t)];
    const sa = await openFeed(t.url, a.token);
    const sb = await openFeed(t.url, b.token);
    await Promise.all([sa.waitFor(ready), sb.waitFor(ready)]);
    const sc = await openFeed(t.url, c.token);
    expect(sc.status).toBe(503);
    sa.close();
    sb.close();
  });

  it('a resumed stream never sends again what its client saw, even when the hub hears of it late', async () => {
    // the hub reads events another process wrote on its poll: 300 ms here
    t = await startTestServer({ feed: { pollMs: 300 } });
    const server = t;
    const b = await merchantFixture(server);
    const watcher = await openFeed(server.url, b.token); // the hub polls while anyone listens
    await watcher.waitFor(ready);
    const event = (entityId: number) => eventRow(b.id, entityId);
    // written behind the hub's back (as by the admin command), seen by a page before its reload
    const seenIds = (
      await server.db.insertInto('counterEvents').values([1, 2, 3].map(event)).returning('id').execute()
    ).map((r) => r.id);
    const resumed = await openFeed(server.url, b.token, { lastEventId: Math.max(...seenIds) });
    const hello = await resumed.waitFor(ready);
    expect(Number(hello.id)).toBe(Math.max(...seenIds));
    await server.db.insertInto('counterEvents').values(event(4)).execute();
    await resumed.waitFor((m) => m.event === 'message' && m.data.includes('"entityId":4'));
    expect(resumed.events().map((e) => e.entityId)).toEqual([4]);
    // an id past the table's end: nothing is held back after it
    const ahead = await openFeed(server.url, b.token, { lastEventId: 1_000_000 });
    await ahead.waitFor(ready);
    await server.db.insertInto('counterEvents').values(event(5)).execute();
    await ahead.waitFor((m) => m.event === 'message' && m.data.includes('"entityId":5'));
    watcher.close();
    resumed.close();
    ahead.close();
  });

  it("a replay reads the caller's merchant's events only, and only so far back; a first stream reloads after a change just before it", async () => {
    t = await startTestServer();
    const server = t;
    const [a, b] = [await merchantFixture(server), await merchantFixture(server)];
    const rows = [
      ...[1, 2, 3].map((i) => eventRow(b.id, i)),
      ...Array.from({ length: FEED_LIMITS.replayMax + 1 }, (_, i) => eventRow(a.id, i + 1)),
    ];
    for (let i = 0; i < rows.length; i += 100)
      await server.db
        .insertInto('counterEvents')
        .values(rows.slice(i, i + 100))
        .execute();

    // b missed 3 events among a's 501: replayed, nothing of a's
    const fromB = await openFeed(server.url, b.token, { lastEventId: 0 });
    await fromB.waitFor(ready);
    expect(fromB.events().map((e) => e.entityId)).toEqual([1, 2, 3]);
    // a missed more than a replay gives: told to reload, no replay
    const fromA = await openFeed(server.url, a.token, { lastEventId: 0 });
    const hello = await fromA.waitFor(ready);
    expect(fromA.events()).toEqual([]);
    expect(fromA.messages.map((msg) => msg.event)).toEqual(['reset', 'ready']);
    expect(Number(hello.id)).toBeGreaterThan(FEED_LIMITS.replayMax);
    fromA.close();
    fromB.close();

    // a stream with nowhere to resume from: told to reload when its scope changed just before it
    // opened (a page's lists may have been read before that change), not when the change is older
    const fresh = await openFeed(server.url, b.token);
    await fresh.waitFor(ready);
    expect(fresh.messages.map((msg) => msg.event)).toEqual(['reset', 'ready']);
    fresh.close();
    // a page loading for 5 s: a change 4 s ago counts, one 10 s ago does not (it is in the page's lists)
    const setAge = (ms: number) =>
      server.db
        .updateTable('counterEvents')
        .set({ createdAt: new Date(Date.now() - ms).toISOString() })
        .execute();
    await setAge(4_000);
    const loading = await openFeed(server.url, b.token, { pageAge: 5_000 });
    await loading.waitFor(ready);
    expect(loading.messages.map((msg) => msg.event)).toEqual(['reset', 'ready']);
    loading.close();
    await setAge(10_000);
    const loaded = await openFeed(server.url, b.token, { pageAge: 5_000 });
    await loaded.waitFor(ready);
    expect(loaded.messages.map((msg) => msg.event)).toEqual(['ready']);
    loaded.close();
    await setAge(FRESH_WINDOW.unsaidMs + FRESH_WINDOW.marginMs + 1_000);
    const quiet = await openFeed(server.url, b.token);
    await quiet.waitFor(ready);
    expect(quiet.messages.map((msg) => msg.event)).toEqual(['ready']);
    quiet.close();
    // another merchant's recent change is not a reason
    await server.db.insertInto('counterEvents').values(eventRow(a.id, 9_999)).execute();
    const stillQuiet = await openFeed(server.url, b.token);
    await stillQuiet.waitFor(ready);
    expect(stillQuiet.messages.map((msg) => msg.event)).toEqual(['ready']);
    stillQuiet.close();

    // the replay's query goes through the index on (merchant_id, id)
    const compiled = replayQuery(server.db, a.id, 0, FEED_LIMITS.replayMax + 1).compile();
    const text =
      server.kind === 'sqlite'
        ? JSON.stringify(
            (
              await server.db.executeQuery({
                ...compiled,
                sql: `EXPLAIN QUERY PLAN ${compiled.sql}`,
                query: compiled.query,
              })
            ).rows,
          )
        : await server.db.transaction().execute(async (tx) => {
            await sql`SET LOCAL enable_seqscan = off`.execute(tx);
            const r = await tx.executeQuery({ ...compiled, sql: `EXPLAIN ${compiled.sql}` });
            return JSON.stringify(r.rows);
          });
    expect(text).toContain('counter_events_merchant_idx');
  });
});
