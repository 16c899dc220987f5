/**
 * The demo (`npm run admin -- demo`) names each person one way everywhere (issue 23, point 16): a
 * staff member or courier reads the same in the employee lists, their own profile, the audit trail
 * and the deliveries assigned to them, and as the demo printed them. Its pickups can be marked
 * picked (SPEC §4: products without delivery) and its branches carry Arabic names.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, DEMO_PASSWORD, runDemo } from '../src/cli/demo/demo.service';
import { startTestServer, type TestServer } from './harness';

let t: TestServer;
const printed: string[] = [];
beforeAll(async () => {
  t = await startTestServer();
  await runDemo(t.deps, { offerRequests: t.services.offerRequests, redeems: t.services.redeems }, (line) =>
    printed.push(line),
  );
}, 120_000);
afterAll(async () => t?.close());

const fullName = (u: { fName: string; mName: string; lName: string }) =>
  [u.fName, u.mName, u.lName].filter(Boolean).join(' ');
const login = async (mobile: string) =>
  (await t.call('merchant/login', { username: mobile, password: DEMO_PASSWORD })).body.data.token as string;

describe('the demo', () => {
  it('ran every step (nothing skipped)', () => {
    expect(printed.filter((l) => l.includes('skipped'))).toEqual([]);
    expect(printed.at(-1)).toBe('Demo ready.');
  });

  it.each(DEMO.merchants.map((m) => [m.name, m.mobile]))(
    'names each person of %s one way everywhere',
    async (_, mobile) => {
      const token = await login(mobile);
      const staff = (await t.call('merchant/user/list', { limit: 100 }, { token })).body.data.rows as {
        id: number;
        name: string;
        merchantUser: { fName: string; mName: string; lName: string; mobileNum: string };
      }[];
      expect(staff.length).toBeGreaterThan(0);
      const audit = (await t.call('merchant/activity/list', { limit: 1000 }, { token })).body.data.rows as {
        actor: { type: string; id: number; name: string };
      }[];
      const orders = (await t.call('merchant/product/req/list', { limit: 1000 }, { token })).body.data.productRequests
        .rows as { DeliveryEmployee: { id: number; fName: string; mName: string; lName: string } | null }[];
      for (const person of staff) {
        const names = new Set<string>([person.name, fullName(person.merchantUser)]);
        const me = await t.call('merchantUser/me', {}, { token: await login(person.merchantUser.mobileNum) });
        names.add(me.body.data.name);
        for (const a of audit) if (a.actor.type === 'merchantUser' && a.actor.id === person.id) names.add(a.actor.name);
        for (const o of orders) if (o.DeliveryEmployee?.id === person.id) names.add(fullName(o.DeliveryEmployee));
        expect([...names], `employee ${person.id}`).toEqual([person.name]);
        expect(printed.some((l) => l.includes(` ${person.name} at `))).toBe(true);
      }
      // the first merchant's couriers delivered: the audit trail has them under their names
      if (mobile === DEMO.merchants[0].mobile) expect(audit.some((a) => a.actor.type === 'merchantUser')).toBe(true);
    },
  );

  it('accepted every order it took past its first step, so the accept-in-time sweep leaves those alone', async () => {
    const token = await login(DEMO.merchants[0].mobile);
    const orders = (await t.call('merchant/product/req/list', { limit: 1000 }, { token })).body.data.productRequests
      .rows as {
      id: number;
      status: string;
      DeliveryEmployee: unknown;
      acceptedAt: string | null;
      acceptBy: string | null;
    }[];
    const moved = orders.filter((o) => o.status !== 'canceled' && (o.status !== 'pending' || o.DeliveryEmployee));
    expect(moved.length).toBeGreaterThan(0);
    expect(moved.filter((o) => o.acceptedAt === null).map((o) => o.id)).toEqual([]);
    // the new ones wait for a person, with their deadline
    expect(orders.some((o) => o.status === 'pending' && !o.DeliveryEmployee && o.acceptBy !== null)).toBe(true);
  });

  it("gives each branch an Arabic name, and its pending pickups a product without delivery (SPEC §4's Picked)", async () => {
    const token = await login(DEMO.merchants[0].mobile);
    const branches = (await t.call('merchant/branch/list', {}, { token })).body.data.rows as { branchNameAr: string }[];
    expect(branches.every((b) => b.branchNameAr)).toBe(true);
    const pickups = (
      await t.call('merchant/product/req/list', { type: 'pickup', status: 'pending', limit: 100 }, { token })
    ).body.data.productRequests.rows as { Product: { deliveryAvailability: boolean } }[];
    expect(pickups.length).toBeGreaterThan(0);
    expect(pickups.every((r) => !r.Product.deliveryAvailability)).toBe(true);
  });
});
