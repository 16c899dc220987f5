/**
 * CSV exports (docs/domain.md, "Exports"): streamed UTF-8 with a BOM, formula-injection safe, the
 * list's filters and scope (staff: their branch), roles like the lists, and a big export read back
 * row by row while the server's memory stays bounded.
 */
import v8 from 'node:v8';
import vm from 'node:vm';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { nowIso } from '../src/db/dialect';
import { downloadCsv, parseCsv } from './csv-reader';
import { customerFixture, requestOffer, shopFixture, staffFixture, withRequestsServer } from './fixtures-requests';
import type { TestServer } from './harness';

let t: TestServer;
withRequestsServer((server) => {
  t = server;
});

const download = (path: string, token: string | undefined, query: Record<string, string> = {}, lang = 'en') =>
  downloadCsv(t, path, token, query, lang);

describe('CSV exports', () => {
  it('exports offer requests with a BOM, Arabic intact, formulas neutralised and the list filters applied', async () => {
    const shop = await shopFixture(t);
    const arabic = await customerFixture(t, 500, 'مريم الكواري');
    const evil = await customerFixture(t, 500, 'Evil Name');
    await t.db
      .updateTable('customers')
      .set({ name: '=HYPERLINK("http://x","a, b")' })
      .where('id', '=', evil.id)
      .execute();
    const r1 = await requestOffer(t, shop, arabic);
    const r2 = await requestOffer(t, shop, evil);
    const r3 = await requestOffer(t, shop, arabic);
    expect((await t.call('merchant/req/approve', { reqId: r3.id }, { token: shop.merchant.token })).status).toBe(200);

    const all = await download('merchant/export/offer-requests.csv', shop.merchant.token);
    expect(all.status).toBe(200);
    expect(all.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(all.headers.get('content-disposition')).toContain('attachment; filename="offer-requests.csv"');
    expect([...all.bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parseCsv(all.text.slice(1));
    expect(rows[0]).toEqual([
      'Request',
      'Code',
      'Status',
      'Offer',
      'Customer',
      'Mobile',
      'Branch',
      'Paid with',
      'Price',
      'Points',
      'Requested at',
      'Approved at',
    ]);
    expect(rows.slice(1).map((r) => Number(r[0]))).toEqual([r3.id, r2.id, r1.id]);
    const byId = new Map(rows.slice(1).map((r) => [Number(r[0]), r]));
    expect(byId.get(r1.id)?.[4]).toBe('مريم الكواري');
    expect(byId.get(r2.id)?.[4]).toBe('\'=HYPERLINK("http://x","a, b")');
    expect(all.text).toContain('"\'=HYPERLINK(""http://x"",""a, b"")"');
    expect(byId.get(r3.id)?.[2]).toBe('done');
    expect(byId.get(r1.id)?.slice(8, 10)).toEqual(['12.5', '40']);

    const pending = parseCsv(
      (await download('merchant/export/offer-requests.csv', shop.merchant.token, { status: 'pending' })).text.slice(1),
    );
    expect(pending.slice(1).map((r) => Number(r[0]))).toEqual([r2.id, r1.id]);
    const byMobile = parseCsv(
      (await download('merchant/export/offer-requests.csv', shop.merchant.token, { mobile: arabic.mobile })).text.slice(
        1,
      ),
    );
    expect(byMobile.slice(1).map((r) => Number(r[0]))).toEqual([r3.id, r1.id]);

    const ar = parseCsv(
      (await download('merchant/export/offer-requests.csv', shop.merchant.token, {}, 'ar')).text.slice(1),
    );
    expect(ar[0].slice(0, 3)).toEqual(['الطلب', 'الرمز', 'الحالة']);
    expect(ar[1][3]).toBe('قهوتان بسعر واحدة');

    const bad = await download('merchant/export/offer-requests.csv', shop.merchant.token, { status: 'lost' });
    expect(bad.status).toBe(422);
  });

  it('gives staff their branch only, refuses merchant-only exports to staff and callers without a token', async () => {
    const shop = await shopFixture(t);
    const c = await customerFixture(t, 500);
    const here = await requestOffer(t, shop, c);
    await t.db.insertInto('offerBranches').values({ offerId: shop.offer.id, branchId: shop.otherBranch.id }).execute();
    const there = await requestOffer(t, shop, c, 'points', shop.otherBranch.id);
    const staff = parseCsv((await download('merchantUser/export/offer-requests.csv', shop.staff.token)).text.slice(1));
    expect(staff.slice(1).map((r) => Number(r[0]))).toEqual([here.id]);
    const owner = parseCsv((await download('merchant/export/offer-requests.csv', shop.merchant.token)).text.slice(1));
    expect(owner.slice(1).map((r) => Number(r[0]))).toEqual([there.id, here.id]);
    const noBranch = await staffFixture(t, shop.merchant.id, null);
    const none = parseCsv((await download('merchantUser/export/offer-requests.csv', noBranch.token)).text.slice(1));
    expect(none).toHaveLength(1);

    const red = await t.call(
      'user/redeem',
      { merchantId: shop.merchant.id, branchId: shop.otherBranch.id, amount: 3 },
      { token: c.token },
    );
    expect(red.status).toBe(200);
    const redeems = parseCsv((await download('merchantUser/export/redeems.csv', shop.otherStaff.token)).text.slice(1));
    expect(redeems.slice(1).map((r) => [Number(r[0]), r[1], r[2]])).toEqual([[red.body.data.id, 'false', '3']]);

    for (const path of [
      'merchant/export/offer-requests.csv',
      'merchant/export/product-requests.csv',
      'merchant/export/settlements.csv',
      'merchant/export/invoices.csv',
      'merchant/export/points-history.csv',
      'merchant/export/activity.csv',
    ])
      expect((await download(path, shop.staff.token)).status, path).toBe(403);
    expect((await download('merchant/export/invoices.csv', undefined)).status).toBe(401);
    expect((await download('merchantUser/export/redeems.csv', c.token)).status).toBe(403);
    const rival = await shopFixture(t);
    const foreign = parseCsv(
      (await download('merchant/export/offer-requests.csv', rival.merchant.token)).text.slice(1),
    );
    expect(foreign).toHaveLength(1);
  });

  it('exports points history, invoices, settlements and product requests with their filters', async () => {
    const shop = await shopFixture(t);
    const c = await customerFixture(t, 500);
    const r = await requestOffer(t, shop, c);
    await t.call('merchant/req/approve', { reqId: r.id }, { token: shop.merchant.token });
    const history = parseCsv((await download('merchant/export/points-history.csv', shop.merchant.token)).text.slice(1));
    expect(history[0]).toEqual(['Entry', 'Date', 'Points', 'Balance after', 'Reason', 'Reference']);
    expect(history[1].slice(2)).toEqual(['40', '40', expect.any(String), `offer_request:${r.id}`]);

    const now = nowIso();
    await t.db
      .insertInto('invoices')
      .values([
        {
          merchantId: shop.merchant.id,
          packageRequestId: null,
          name: '+cmd|calc',
          description: 'فاتورة',
          amountCents: 1999,
          status: 'issued',
          createdAt: now,
        },
        {
          merchantId: shop.merchant.id,
          packageRequestId: null,
          name: '@SUM(A1)',
          description: '\tTab',
          amountCents: 500,
          status: 'issued',
          createdAt: now,
        },
      ])
      .execute();
    const inv = parseCsv((await download('merchant/export/invoices.csv', shop.merchant.token)).text.slice(1));
    expect(inv.slice(1).map((x) => [x[1], x[2], x[3]])).toEqual([
      ["'@SUM(A1)", "'\tTab", '5'],
      ["'+cmd|calc", 'فاتورة', '19.99'],
    ]);

    const product = await t.db.selectFrom('products').select('id').limit(0).execute();
    expect(product).toEqual([]);
    const settlements = await download('merchant/export/settlements.csv', shop.merchant.token, { status: 'paid' });
    expect(settlements.status).toBe(200);
    expect(parseCsv(settlements.text.slice(1))).toHaveLength(1);
    const products = await download('merchant/export/product-requests.csv', shop.merchant.token, {
      type: 'pickup',
      isCanceled: 'false',
    });
    expect(products.status).toBe(200);
    expect(parseCsv(products.text.slice(1))[0][0]).toBe('Order');
  });

  it('exports the activity log (audit trail) with its filters, in Arabic too, and nothing of another merchant', async () => {
    const shop = await shopFixture(t);
    const c = await customerFixture(t, 500);
    const approved = await requestOffer(t, shop, c);
    const rejected = await requestOffer(t, shop, c);
    expect((await t.call('merchant/req/approve', { reqId: approved.id }, { token: shop.merchant.token })).status).toBe(
      200,
    );
    expect(
      (
        await t.call(
          'merchantUser/req/reject',
          { reqId: rejected.id, reason: '=HYPERLINK("x")' },
          { token: shop.staff.token },
        )
      ).status,
    ).toBe(200);
    const all = parseCsv((await download('merchant/export/activity.csv', shop.merchant.token)).text.slice(1));
    expect(all[0]).toEqual([
      'Entry',
      'When',
      'Who',
      'Role',
      'Branch',
      'Action',
      'Entity',
      'Entity id',
      'Before',
      'After',
      'Device',
      'Manager override',
    ]);
    // (the fixture's own setup, e.g. going live, is logged too)
    const actions = all
      .slice(1)
      .filter((r) => r[5].startsWith('offerRequest.'))
      .map((r) => [r[5], Number(r[7])]);
    expect(actions).toEqual([
      ['offerRequest.reject', rejected.id],
      ['offerRequest.approve', approved.id],
    ]);
    // the reason is inside a JSON cell: it cannot start a formula
    expect(all.slice(1).every((r) => !/^[=+\-@]/.test(r[9] ?? ''))).toBe(true);

    const onlyRejects = parseCsv(
      (
        await download('merchant/export/activity.csv', shop.merchant.token, { action: 'offerRequest.reject' })
      ).text.slice(1),
    );
    expect(onlyRejects.slice(1).map((r) => [r[5], Number(r[7])])).toEqual([['offerRequest.reject', rejected.id]]);

    const ar = await download('merchant/export/activity.csv', shop.merchant.token, {}, 'ar');
    expect(ar.text.startsWith('\uFEFFالقيد,')).toBe(true);
    const bad = await download('merchant/export/activity.csv', shop.merchant.token, { from: 'yesterday' });
    expect(bad.status).toBe(422);

    const rival = await shopFixture(t);
    const theirs = parseCsv((await download('merchant/export/activity.csv', rival.merchant.token)).text.slice(1));
    expect(theirs.slice(1).filter((r) => r[5].startsWith('offerRequest.'))).toEqual([]);
  });

  it('streams 200k rows page by page in bounded memory', { timeout: 240_000 }, async () => {
    const shop = await shopFixture(t);
    const total = 200_000;
    const now = nowIso();
    // one INSERT ... SELECT over a counter (both engines), so filling takes seconds, not minutes
    await sql`
      INSERT INTO invoices (merchant_id, package_request_id, name, description, amount_cents, status, created_at)
      WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${sql.lit(total)})
      SELECT ${sql.lit(shop.merchant.id)}, NULL, 'Invoice ' || i || ' — فاتورة',
        CASE WHEN i % 7 = 0 THEN '=cmd' ELSE 'Monthly points package purchase for the branch' END,
        i, 'issued', ${now}
      FROM n`.execute(t.db);
    const count = await t.db
      .selectFrom('invoices')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('merchantId', '=', shop.merchant.id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(total);
    // a freshly filled table has no planner statistics yet (autovacuum would gather them in a while)
    if (t.kind === 'postgres') await sql`ANALYZE invoices`.execute(t.db);
    // What the stream keeps alive, not what the collector has yet to free: every 100 ms a full
    // collection, then the live heap (RSS alone depends on how lazily the engine collects: Node 24
    // let it grow 124 MB under load for the same stream that Node 20 kept well under 120)
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as () => void;
    gc();
    const before = process.memoryUsage().heapUsed;
    const rssBefore = process.memoryUsage().rss;
    let peak = before;
    let rssPeak = rssBefore;
    const timer = setInterval(() => {
      rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
      gc();
      peak = Math.max(peak, process.memoryUsage().heapUsed);
    }, 100);
    const res = await fetch(`${t.url}/api/merchant/export/invoices.csv`, {
      headers: { authorization: `Bearer ${shop.merchant.token}` },
    });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let lines = 0;
    let bytes = 0;
    let chunks = 0;
    let last = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks++;
      bytes += value.length;
      const text = last + decoder.decode(value, { stream: true });
      const parts = text.split('\r\n');
      last = parts.pop() ?? '';
      lines += parts.length;
    }
    clearInterval(timer);
    expect(lines).toBe(total + 1);
    expect(chunks).toBeGreaterThan(10);
    const grewMb = (peak - before) / 1024 / 1024;
    const rssGrewMb = (rssPeak - rssBefore) / 1024 / 1024;
    // the whole file is ~24 MB of text (twice that as a JavaScript string, being partly Arabic) and
    // 200k row objects; one page of 1000 rows is a few hundred KB
    const what = `live heap grew ${grewMb.toFixed(1)} MB, rss ${rssGrewMb.toFixed(1)} MB, for ${(bytes / 1e6).toFixed(1)} MB of CSV`;
    expect(grewMb, what).toBeLessThan(24);
    expect(rssGrewMb, what).toBeLessThan(200);
  });
});
