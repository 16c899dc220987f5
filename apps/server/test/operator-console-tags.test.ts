/**
 * The console's tags (issue 25): finance (and admin) list, add, rename and take tags out of use,
 * each change with its operator log row; merchants are no longer offered a tag out of use; support
 * gets 403 on every tag call.
 */
import { clock } from '@loyalty/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { merchantFixture, startTestServer, type TestServer } from './harness';
import { adminCall, type ConsoleOperator, consoleOperator, freezeClock } from './operator-console-fixtures';

let t: TestServer;
let finance: ConsoleOperator;
let support: ConsoleOperator;

beforeAll(async () => {
  t = await startTestServer();
  freezeClock();
  finance = await consoleOperator(t, 'finance', 'Fahad Finance');
  support = await consoleOperator(t, 'support', 'Sara Support');
});
beforeEach(() => freezeClock());
afterAll(async () => {
  clock.set();
  await t?.close();
});

const call = (path: string, body: Record<string, unknown>, who: ConsoleOperator) =>
  adminCall(t, `admin/${path}`, body, who.token);
const logOf = (action: string) =>
  t.db
    .selectFrom('operatorActions')
    .select(['operatorId', 'detail'])
    .where('action', '=', `admin/${action}`)
    .orderBy('id', 'desc')
    .execute();

describe('tags in the console', () => {
  it('finance adds, renames and deactivates a tag; merchants stop seeing it; each change is logged', async () => {
    const added = await call('tag/add', { name: 'Coffee' }, finance);
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.data).toMatchObject({ name: 'Coffee', isActive: true, createdAt: expect.any(String) });
    const id = added.body.data.id;
    expect((await logOf('tag/add'))[0]).toMatchObject({ operatorId: finance.id });

    const taken = await call('tag/add', { name: 'Coffee' }, finance);
    expect(taken.status).toBe(409);
    expect(taken.body.errors).toEqual([{ field: 'name', message: expect.any(String) }]);
    expect((await call('tag/add', { name: '  ' }, finance)).status).toBe(422);

    const renamed = await call('tag/edit', { id, name: 'Specialty coffee' }, finance);
    expect(renamed.body.data).toMatchObject({ id, name: 'Specialty coffee', isActive: true });
    expect((await call('tag/edit', { id: 999999, name: 'Nobody' }, finance)).status).toBe(404);

    const m = await merchantFixture(t);
    const offered = async () =>
      ((await t.call('merchant/tag/list', {}, { token: m.token })).body.data.rows as { id: number }[]).map((r) => r.id);
    expect(await offered()).toContain(id);

    const off = await call('tag/deactivate', { id }, finance);
    expect(off.body.data).toMatchObject({ id, isActive: false });
    // again: the same answer, nothing more to log
    expect((await call('tag/deactivate', { id }, finance)).body.data).toMatchObject({ id, isActive: false });
    expect(await logOf('tag/deactivate')).toHaveLength(1);
    expect(await offered()).not.toContain(id);

    const list = await call('tag/list', {}, finance);
    expect(list.body.data.rows).toContainEqual(
      expect.objectContaining({ id, name: 'Specialty coffee', isActive: false }),
    );
    const row = await t.db.selectFrom('tags').select(['name', 'isActive']).where('id', '=', id).executeTakeFirst();
    expect(row).toEqual({ name: 'Specialty coffee', isActive: 0 });
  });

  it('support gets 403 on every tag call, and nothing changes', async () => {
    const { id } = (await call('tag/add', { name: 'Bakery' }, finance)).body.data;
    for (const [path, body] of [
      ['tag/list', {}],
      ['tag/add', { name: 'Sneaky' }],
      ['tag/edit', { id, name: 'Sneaky' }],
      ['tag/deactivate', { id }],
    ] as const)
      expect((await call(path, body, support)).status, path).toBe(403);
    const row = await t.db.selectFrom('tags').select(['name', 'isActive']).where('id', '=', id).executeTakeFirst();
    expect(row).toEqual({ name: 'Bakery', isActive: 1 });
  });
});
