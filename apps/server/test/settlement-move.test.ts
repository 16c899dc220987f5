/** The operator's `settlement move <id> <pending|paid>`: initial → pending → paid, nothing else. */
import { describe, expect, it } from 'vitest';
import { adminCommand } from './admin-command';
import type { TestServer } from './harness';
import { buyer, orderShop, pickedOrder, settlementsOf, withRequestsServer } from './orders-fixtures';

let t: TestServer;
withRequestsServer((server) => {
  t = server;
});

const settlementOf = async () => {
  const s = await orderShop(t, { priceCents: 1250 });
  const id = await pickedOrder(t, s, await buyer(t, 100), 'price');
  const [settlement] = await settlementsOf(t, id);
  return { shop: s, requestId: id, id: settlement.id };
};
const statusOf = async (requestId: number) => (await settlementsOf(t, requestId))[0].status;

describe('settlement move', () => {
  it('moves initial → pending → paid, one step at a time', async () => {
    const s = await settlementOf();
    expect(await t.op.moveSettlement(String(s.id), 'pending')).toMatchObject({
      id: s.id,
      from: 'initial',
      to: 'pending',
      amount: 12.5,
      merchantName: s.shop.merchant.name,
    });
    expect(await statusOf(s.requestId)).toBe('pending');
    await t.op.moveSettlement(String(s.id), 'paid');
    expect(await statusOf(s.requestId)).toBe('paid');
  });

  it('refuses skipping, going back, repeating, unknown ids and targets with a clear message', async () => {
    const s = await settlementOf();
    await expect(t.op.moveSettlement(String(s.id), 'paid')).rejects.toThrow(
      `Settlement ${s.id} is initial; only pending can move to paid (initial → pending → paid).`,
    );
    await t.op.moveSettlement(String(s.id), 'pending');
    await expect(t.op.moveSettlement(String(s.id), 'pending')).rejects.toThrow(`Settlement ${s.id} is pending`);
    await expect(t.op.moveSettlement(String(s.id), 'initial')).rejects.toThrow(
      'A settlement moves to pending or paid, not initial',
    );
    await expect(t.op.moveSettlement('999999', 'pending')).rejects.toThrow('No settlement with id 999999');
    await expect(t.op.moveSettlement('abc', 'pending')).rejects.toThrow('A settlement id is a whole number, not abc');
    expect(await statusOf(s.requestId)).toBe('pending');
  });

  it('50 moves at once move it once', async () => {
    const s = await settlementOf();
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, () => t.op.moveSettlement(String(s.id), 'pending')),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await statusOf(s.requestId)).toBe('pending');
  });

  it.skipIf(process.env.TEST_DB === 'postgres')(
    'works from the command line: npm run admin -- settlement move',
    async () => {
      const s = await settlementOf();
      const run = (args: string[]) => adminCommand(args, { DATA_DIR: t.deps.dataDir, DATABASE_URL: '' });
      const out = await run(['settlement', 'move', String(s.id), 'pending']);
      expect(out.stdout).toContain(
        `Moved settlement ${s.id} of ${s.shop.merchant.name} ($12.50) from initial to pending.`,
      );
      await expect(run(['settlement', 'move', String(s.id), 'pending'])).rejects.toMatchObject({
        code: 1,
        stderr: expect.stringContaining(`Settlement ${s.id} is pending`),
      });
      await expect(run(['settlement', 'move', String(s.id)])).rejects.toMatchObject({ code: 1 });
      expect(await statusOf(s.requestId)).toBe('pending');
    },
    60_000,
  );
});
