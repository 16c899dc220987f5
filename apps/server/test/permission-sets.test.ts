/**
 * Staff permission sets and the manager override (issue 27): sets' CRUD and tenant isolation, the
 * enforcement matrix generated from the contract's STAFF_CALL_PERMISSIONS (every staff call × every
 * permission), the override PIN (right, wrong, locked after 5), the audit row naming both people and
 * the redeem threshold.
 */
import {
  allEndpoints,
  DEFAULT_PERMISSIONS,
  messages,
  needKey,
  PERMISSIONS,
  type Permission,
  STAFF_CALL_PERMISSIONS,
} from '@loyalty/contract';
import { describe, expect, it } from 'vitest';
import { customerFixture } from './fixtures-requests';
import { type Fields, insertStaff, merchantFixture, type TestServer } from './harness';
import { useStaffWorld } from './staff-fixtures';

const w = useStaffWorld();

/** A call as a person would retry it: a 429 (the sign-in limiter's delay) waits its Retry-After. */
async function patiently(path: string, fields: Fields, token: string) {
  for (;;) {
    const res = await w.t.call(path, fields, { token });
    if (res.status !== 429) return res;
    await new Promise((r) => setTimeout(r, Number(res.headers.get('retry-after') ?? 1) * 1000));
  }
}

async function saveSet(t: TestServer, token: string, name: string, permissions: readonly string[], id?: number) {
  const res = await t.call(
    'merchant/permissionSet/save',
    { name, permissions: JSON.stringify(permissions), id },
    { token },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { id: number; name: string; permissions: Permission[]; staffCount: number };
}

/** A staff member at branch A with `setId` (undefined: the default set), signed in. */
async function staffWith(setId?: number) {
  const s = await insertStaff(w.t, w.m.id, { branchId: w.branchA });
  if (setId !== undefined) {
    const res = await w.t.call(
      'merchant/employees/update',
      { userId: s.id, permissionSetId: setId },
      { token: w.m.token },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.permissionSetId).toBe(setId);
  }
  const login = await w.t.call('merchant/login', { username: s.mobileNum, password: s.password });
  expect(login.status).toBe(200);
  return { id: s.id, token: login.body.data.token as string };
}

describe('permission sets', () => {
  it('are added, edited, listed and deleted; names unique per merchant; another merchant sees none', async () => {
    const { t, m } = w;
    const set = await saveSet(t, m.token, 'Cashier', ['approveRedeems', 'walkIns']);
    expect(set.permissions).toEqual(['approveRedeems', 'walkIns']);
    const edited = await saveSet(t, m.token, 'Cashier', ['approveRedeems'], set.id);
    expect(edited).toMatchObject({ id: set.id, permissions: ['approveRedeems'], staffCount: 0 });
    // repeated permissions[] fields work as well as a JSON array
    const lead = await t.call(
      'merchant/permissionSet/save',
      { name: 'Lead', permissions: ['reject', 'exports'] },
      { token: m.token },
    );
    expect(lead.body.data.permissions).toEqual(['reject', 'exports']);
    const dup = await t.call('merchant/permissionSet/save', { name: 'Cashier', permissions: '[]' }, { token: m.token });
    expect(dup.status).toBe(409);
    const bad = await t.call('merchant/permissionSet/save', { name: 'X', permissions: '["fly"]' }, { token: m.token });
    expect(bad.status).toBe(422);
    const list = await t.call('merchant/permissionSet/list', {}, { token: m.token });
    expect(list.body.data.rows.map((r: { name: string }) => r.name)).toEqual(['Cashier', 'Lead']);

    const other = await merchantFixture(t);
    expect((await t.call('merchant/permissionSet/list', {}, { token: other.token })).body.data.rows).toEqual([]);
    expect(
      (
        await t.call(
          'merchant/permissionSet/save',
          { id: set.id, name: 'Mine', permissions: '[]' },
          { token: other.token },
        )
      ).status,
    ).toBe(404);
    expect((await t.call('merchant/permissionSet/delete', { id: set.id }, { token: other.token })).status).toBe(404);
    const s = await insertStaff(t, w.m.id, { branchId: w.branchA });
    const foreign = await saveSet(t, other.token, 'Theirs', []);
    expect(
      (await t.call('merchant/employees/update', { userId: s.id, permissionSetId: foreign.id }, { token: m.token }))
        .status,
    ).toBe(404);

    // a set in use is not deleted; once nobody has it, it is
    await t.call('merchant/employees/update', { userId: s.id, permissionSetId: set.id }, { token: m.token });
    const inUse = await t.call('merchant/permissionSet/delete', { id: set.id }, { token: m.token });
    expect(inUse.status).toBe(409);
    expect(inUse.body.message).toBe(messages.permissionSetInUse.en);
    const back = await t.call(
      'merchant/employees/update',
      { userId: s.id, permissionSetId: 'default' },
      { token: m.token },
    );
    expect(back.body.data.permissionSetId).toBeNull();
    // the activity log names the sets as the merchant reads them (null: the standard set), not their ids
    const log = await t.call('merchant/activity/list', { action: 'employee.update' }, { token: m.token });
    const changes = log.body.data.rows
      .filter((r: { entityId: number }) => r.entityId === s.id)
      .map((r: { before: unknown; after: unknown }) => [r.before, r.after]);
    expect(changes).toEqual([
      [{ permissionSet: set.name }, { permissionSet: null }],
      [{ permissionSet: null }, { permissionSet: set.name }],
    ]);
    expect((await t.call('merchant/permissionSet/delete', { id: set.id }, { token: m.token })).status).toBe(200);
    const staffCall = await t.call('merchant/permissionSet/list', {}, { token: (await staffWith()).token });
    expect(staffCall.status).toBe(403);
  });
});

/** Staff calls sorted so that logging out comes last. */
const calls = (Object.entries(STAFF_CALL_PERMISSIONS) as [string, Permission | null][]).sort(
  ([a], [b]) => Number(a === 'merchant/logout') - Number(b === 'merchant/logout'),
);

describe('the permission matrix, generated from the contract', () => {
  it('names every call a staff member may make (and only those)', () => {
    const staffPaths = allEndpoints
      .filter((d) => d.roles !== 'public' && d.roles.includes('merchantUser'))
      .map((d) => d.path)
      .concat('user/signup')
      .sort();
    expect(Object.keys(STAFF_CALL_PERMISSIONS).sort()).toEqual(staffPaths);
  });

  it('refuses every call whose permission the set lacks with 403 naming it (en, ar); any other permission missing lets it through the gate', async () => {
    const { t, m } = w;
    const without = new Map<Permission, string>();
    for (const p of PERMISSIONS) {
      const set = await saveSet(
        t,
        m.token,
        `All but ${p}`,
        PERMISSIONS.filter((q) => q !== p),
      );
      without.set(p, (await staffWith(set.id)).token);
    }
    const none = (await staffWith((await saveSet(t, m.token, 'Nothing', [])).id)).token;
    for (const [path, need] of calls) {
      if (need === null) {
        const res = await t.call(path, {}, { token: none });
        expect(res.body?.needs, `${path} needs nothing`).toBeUndefined();
        expect(res.status, path).toBeLessThan(500);
        continue;
      }
      for (const p of PERMISSIONS) {
        const res = await t.call(path, {}, { token: without.get(p) });
        expect(res.status, `${path} without ${p}`).toBeLessThan(500);
        if (p === need) {
          expect(res.status, `${path} without ${p}`).toBe(403);
          expect(res.body).toMatchObject({ needs: need, message: messages[needKey(need)].en });
          const ar = await t.call(path, {}, { token: without.get(p), lang: 'ar' });
          expect(ar.body.message).toBe(messages[needKey(need)].ar);
        } else expect(res.body?.needs, `${path} without ${p}`).toBeUndefined();
      }
    }
  });

  it("a change of a signed-in staff member's set, or of the set itself, holds from their next call", async () => {
    const { t, m } = w;
    const [path] = calls.find(([, need]) => need === 'reject')!;
    const needs = async (token: string) => (await t.call(path, {}, { token })).body?.needs;
    const staff = await staffWith();
    expect(await needs(staff.token)).toBeUndefined();
    const set = await saveSet(t, m.token, 'No rejects', ['walkIns']);
    const moved = await t.call(
      'merchant/employees/update',
      { userId: staff.id, permissionSetId: set.id },
      { token: m.token },
    );
    expect(moved.status).toBe(200);
    expect(await needs(staff.token)).toBe('reject');
    await saveSet(t, m.token, 'No rejects', ['walkIns', 'reject'], set.id);
    expect(await needs(staff.token)).toBeUndefined();
    await saveSet(t, m.token, 'No rejects', [], set.id);
    expect(await needs(staff.token)).toBe('reject');
    await t.call('merchant/employees/update', { userId: staff.id, permissionSetId: 'default' }, { token: m.token });
    expect(await needs(staff.token)).toBeUndefined();
  });

  it("the default set (no set) keeps SPEC's rights: the permissions of the calls SPEC gives staff", async () => {
    const me = await w.t.call('merchantUser/me', {}, { token: (await staffWith()).token });
    expect(me.body.data.permissions).toEqual([...DEFAULT_PERMISSIONS]);
    expect(PERMISSIONS.filter((p) => !DEFAULT_PERMISSIONS.includes(p))).toEqual([
      'refunds',
      'assignCouriers',
      'editProducts',
      'reports',
    ]);
  });
});

describe('the manager override', () => {
  it('lets one refused action through with the PIN, names both in the audit; wrong PINs lock after 5', async () => {
    const { t, m } = w;
    const set = await saveSet(t, m.token, 'Clock-in only', []);
    const cashier = await staffWith(set.id);
    const pause = { branchId: w.branchA, minutes: 30, reason: 'Rush' };
    const resume = { branchId: w.branchA };
    expect((await t.call('merchantUser/branch/pause', pause, { token: cashier.token })).status).toBe(403);
    // no PIN yet
    const notSet = await patiently('merchantUser/branch/pause', { ...pause, overridePin: '123456' }, cashier.token);
    expect(notSet.body.message).toBe(messages.overridePinNotSet.en);
    // setting it takes the merchant's password and six digits
    expect(
      (await t.call('merchant/overridePin/set', { pin: '123456', password: 'wrong-pass-1' }, { token: m.token }))
        .status,
    ).toBe(422);
    expect(
      (await t.call('merchant/overridePin/set', { pin: '12345', password: m.password }, { token: m.token })).status,
    ).toBe(422);
    const setPin = await t.call(
      'merchant/overridePin/set',
      { pin: '123456', password: m.password },
      { token: m.token },
    );
    expect(setPin.body.data).toMatchObject({ pinSet: true, locked: false });
    const stored = await t.db
      .selectFrom('merchantOverrides')
      .select('pinHash')
      .where('merchantId', '=', m.id)
      .executeTakeFirstOrThrow();
    expect(stored.pinHash).toMatch(/^\$argon2id\$/);

    const ok = await patiently('merchantUser/branch/pause', { ...pause, overridePin: '123456' }, cashier.token);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const log = await t.call('merchant/activity/list', { action: 'branch.pause' }, { token: m.token });
    const entry = log.body.data.rows[0];
    expect(entry.actor).toMatchObject({ type: 'merchantUser', id: cashier.id });
    expect(entry.override).toMatchObject({ by: 'manager', id: m.id, name: m.name });
    // the next action without the PIN is refused again
    expect((await t.call('merchantUser/branch/resume', resume, { token: cashier.token })).status).toBe(403);

    for (let i = 1; i <= 4; i++) {
      const wrong = await patiently('merchantUser/branch/resume', { ...resume, overridePin: '000000' }, cashier.token);
      expect(wrong.status).toBe(403);
      expect(wrong.body.message).toBe(messages.overridePinWrong.en);
    }
    const fifth = await patiently('merchantUser/branch/resume', { ...resume, overridePin: '000000' }, cashier.token);
    expect(fifth.body.message).toBe(messages.overridePinLocked.en);
    // locked: even the right PIN is refused until the merchant sets it again
    const right = await patiently('merchantUser/branch/resume', { ...resume, overridePin: '123456' }, cashier.token);
    expect(right.body.message).toBe(messages.overridePinLocked.en);
    expect((await t.call('merchant/override/settings', {}, { token: m.token })).body.data.locked).toBe(true);
    await t.call('merchant/overridePin/set', { pin: '654321', password: m.password }, { token: m.token });
    const again = await patiently('merchantUser/branch/resume', { ...resume, overridePin: '654321' }, cashier.token);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
  });

  it("a redeem above the merchant's threshold needs the override even when the set allows redeems", async () => {
    const { t, m } = w;
    const th = await t.call(
      'merchant/override/thresholds',
      { redeemPointsAbove: 50, refunds: false },
      { token: m.token },
    );
    expect(th.body.data).toMatchObject({ redeemPointsAbove: 50, refunds: false });
    const staff = await staffWith();
    await t.call('merchant/goLive', { isLive: true }, { token: m.token });
    const c = await customerFixture(t, 1000);
    const redeem = async (amount: number) => {
      const res = await t.call('user/redeem', { merchantId: m.id, branchId: w.branchA, amount }, { token: c.token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data.id as number;
    };
    const small = await redeem(40);
    const large = await redeem(80);
    expect(
      (await t.call('merchantUser/req/redeem/approve', { reqId: small, isApproved: true }, { token: staff.token }))
        .status,
    ).toBe(200);
    const refused = await t.call(
      'merchantUser/req/redeem/approve',
      { reqId: large, isApproved: true },
      { token: staff.token },
    );
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(messages.overrideRequired.en);
    expect(refused.body.needs).toBe('manager');
    const pin = (await t.call('merchant/override/settings', {}, { token: m.token })).body.data;
    expect(pin.pinSet).toBe(true);
    const ok = await patiently(
      'merchantUser/req/redeem/approve',
      { reqId: large, isApproved: true, overridePin: '654321' },
      staff.token,
    );
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    // the merchant's own approval never needs it
    const own = await redeem(90);
    expect(
      (await t.call('merchant/req/redeem/approve', { reqId: own, isApproved: true }, { token: m.token })).status,
    ).toBe(200);
  });
});
