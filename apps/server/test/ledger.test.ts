import { describe, expect, it } from 'vitest';
import { AppError } from '../src/core/errors';
import { OperatorError } from '../src/modules/operator/operator.service';
import { AlreadyMovedError, move } from '../src/platform/ledger/ledger.service';
import { buildRepositories } from '../src/repositories/registry';
import { adminCommand } from './admin-command';
import {
  balanceOf,
  customerFixture,
  expectLedgerInvariant,
  liveMerchant,
  withRequestsServer,
} from './fixtures-requests';
import type { TestServer } from './harness';

let t: TestServer;
withRequestsServer((server) => {
  t = server;
});

const entriesOf = (type: 'merchant' | 'user', id: number) =>
  t.db
    .selectFrom('ledgerEntries')
    .selectAll()
    .where('accountType', '=', type)
    .where('accountId', '=', id)
    .orderBy('id')
    .execute();

describe('operator grant', () => {
  it('grants a customer points with a ledger row, and user/me shows them', async () => {
    const c = await customerFixture(t);
    const g = await t.op.grantCustomerPoints(`+${c.mobile}`, '150');
    expect(g).toMatchObject({ id: c.id, granted: 150, balance: 150 });
    await t.op.grantCustomerPoints(c.mobile, 25);
    const rows = await entriesOf('user', c.id);
    expect(rows.map((r) => [r.delta, r.balanceAfter, r.reason])).toEqual([
      [150, 150, 'grant'],
      [25, 175, 'grant'],
    ]);
    expect(rows[0].reference).toMatch(/^grant:[0-9a-f-]{36}$/);
    const me = await t.call('user/me', {}, { token: c.token });
    expect(me.body.data.balance).toBe(175);
  });

  it('refuses bad points and unknown customers without writing anything', async () => {
    const c = await customerFixture(t);
    for (const bad of ['0', '-5', 'ten', '1.5', '', '2000000000']) {
      await expect(t.op.grantCustomerPoints(c.mobile, bad)).rejects.toBeInstanceOf(OperatorError);
    }
    await expect(t.op.grantCustomerPoints('97400000000', 5)).rejects.toThrow('No customer with mobile 97400000000');
    expect(await entriesOf('user', c.id)).toEqual([]);
  });

  it('works from the command line, on the same database and schema: npm run admin -- customer grant', async () => {
    const c = await customerFixture(t);
    const run = (args: string[]) => adminCommand(args, t.databaseEnv);
    const out = await run(['customer', 'grant', c.mobile, '40']);
    expect(out.stdout).toContain(`Granted 40 P to customer ${c.name} (${c.mobile}); balance now 40 P.`);
    expect(await balanceOf(t, 'user', c.id)).toBe(40);
    await expect(run(['customer', 'grant', c.mobile, 'lots'])).rejects.toMatchObject({ code: 1 });
    expect(await balanceOf(t, 'user', c.id)).toBe(40);
  }, 60_000);
});

describe('ledger move', () => {
  it('moves points between two accounts with one row each and the balances after', async () => {
    const c = await customerFixture(t, 100);
    const m = await liveMerchant(t);
    const result = await t.deps.store.transaction((tx) =>
      move(tx, {
        from: { type: 'user', id: c.id },
        to: { type: 'merchant', id: m.id },
        amount: 30,
        reason: 'test',
        reference: 'x:1',
      }),
    );
    expect(result).toBe('moved');
    expect(await balanceOf(t, 'user', c.id)).toBe(70);
    expect(await balanceOf(t, 'merchant', m.id)).toBe(30);
    expect((await entriesOf('merchant', m.id)).map((r) => [r.delta, r.balanceAfter, r.reference])).toEqual([
      [30, 30, 'x:1'],
    ]);
    const me = await t.call('merchant/me', {}, { token: m.token });
    expect(me.body.data.balance).toBe(30);
  });

  it('moves a (reason, reference) once: the second time answers alreadyMoved and changes nothing', async () => {
    const c = await customerFixture(t, 100);
    const m = await liveMerchant(t);
    const once = () =>
      t.deps.store.transaction((tx) =>
        move(tx, {
          from: { type: 'user', id: c.id },
          to: { type: 'merchant', id: m.id },
          amount: 10,
          reason: 'test',
          reference: 'once',
        }),
      );
    expect(await once()).toBe('moved');
    expect(await once()).toBe('alreadyMoved');
    expect(await balanceOf(t, 'user', c.id)).toBe(90);
  });

  it('never takes a balance below zero: 409 and the transaction rolls back', async () => {
    const c = await customerFixture(t, 20);
    const m = await liveMerchant(t);
    const err = await t.db
      .transaction()
      .execute(async (trx) => {
        await trx
          .updateTable('customers')
          .set({ name: 'changed in the same transaction' })
          .where('id', '=', c.id)
          .execute();
        await move(buildRepositories(trx), {
          from: { type: 'user', id: c.id },
          to: { type: 'merchant', id: m.id },
          amount: 21,
          reason: 'test',
          reference: 'too-much',
        });
      })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ status: 409, key: 'notEnoughPoints' });
    const row = await t.db
      .selectFrom('customers')
      .select(['name', 'balance'])
      .where('id', '=', c.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ name: c.name, balance: 20 });
    const merchantDebit = await t.db
      .transaction()
      .execute((trx) =>
        move(buildRepositories(trx), {
          from: { type: 'merchant', id: m.id },
          amount: 1,
          reason: 'test',
          reference: 'm',
        }),
      )
      .catch((e: unknown) => e);
    expect(merchantDebit).toMatchObject({ status: 409, key: 'merchantNotEnoughPoints' });
    // the database refuses a negative balance even when the code would not
    await expect(t.db.updateTable('customers').set({ balance: -1 }).where('id', '=', c.id).execute()).rejects.toThrow();
  });

  it('the invariant check notices a balance changed without its ledger row', async () => {
    const c = await customerFixture(t, 10);
    await t.db.updateTable('customers').set({ balance: 15 }).where('id', '=', c.id).execute();
    await expect(expectLedgerInvariant(t)).rejects.toThrow(`user ${c.id} balance`);
    await t.db.updateTable('customers').set({ balance: 10 }).where('id', '=', c.id).execute();
  });

  it('refuses amounts that are not positive whole numbers', async () => {
    const c = await customerFixture(t);
    for (const amount of [0, -3, 1.5]) {
      await expect(
        t.db.transaction().execute((trx) =>
          move(buildRepositories(trx), {
            to: { type: 'user', id: c.id },
            amount,
            reason: 'test',
            reference: `bad:${amount}`,
          }),
        ),
      ).rejects.toThrow('positive whole number');
    }
  });

  it('20 concurrent moves with the same reference move once', async () => {
    const c = await customerFixture(t, 100);
    const m = await liveMerchant(t);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.db
          .transaction()
          .execute((trx) =>
            move(buildRepositories(trx), {
              from: { type: 'user', id: c.id },
              to: { type: 'merchant', id: m.id },
              amount: 7,
              reason: 'test',
              reference: 'race',
            }),
          )
          .catch((e: unknown) => (e instanceof AlreadyMovedError ? 'alreadyMoved' : Promise.reject(e))),
      ),
    );
    expect(results.filter((r) => r === 'moved')).toHaveLength(1);
    expect(await balanceOf(t, 'user', c.id)).toBe(93);
    expect(await balanceOf(t, 'merchant', m.id)).toBe(7);
  });
});
