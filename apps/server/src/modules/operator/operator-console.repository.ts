import type { MerchantStatus } from '@loyalty/contract';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { owedCents } from '../../db/settlement-owed';

const LEDGER_LIMIT = 50;
const LOG_PAGE = 20;
/** `%text%` for a LIKE that takes the text literally. */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const likeCi = (column: string, text: string) =>
  sql<boolean>`lower(${sql.ref(column)}) LIKE lower(${contains(text)}) ESCAPE '\\'`;

/** The console's reads across the platform: home counts, merchant and customer details, the log. */
export const operatorConsoleRepository = (db: Kysely<Database>) => ({
  merchants: (f: { q?: string; status?: MerchantStatus }) => {
    let q = db.selectFrom('merchants').select(['id', 'name', 'mobile', 'status', 'isLive', 'balance', 'createdAt']);
    if (f.status) q = q.where('status', '=', f.status);
    const text = f.q;
    if (text) q = q.where((eb) => eb.or([likeCi('name', text), likeCi('mobile', text)]));
    return q.orderBy('id').execute();
  },

  merchantById: (id: number) =>
    db
      .selectFrom('merchants')
      .select(['id', 'name', 'mobile', 'status', 'isLive', 'balance', 'createdAt'])
      .where('id', '=', id)
      .executeTakeFirst(),

  merchantByMobile: (mobile: string) =>
    db
      .selectFrom('merchants')
      .select(['id', 'name', 'mobile', 'status', 'isLive', 'balance', 'createdAt'])
      .where('mobile', '=', mobile)
      .executeTakeFirst(),

  branchesOf: (merchantId: number) =>
    db
      .selectFrom('branches')
      .select(['id', 'branchName as name', 'branchNameAr as nameAr'])
      .where('merchantId', '=', merchantId)
      .orderBy('id')
      .execute(),

  staffCount: async (merchantId: number) =>
    Number(
      (
        await db
          .selectFrom('merchantUsers')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('merchantId', '=', merchantId)
          .executeTakeFirst()
      )?.n ?? 0,
    ),

  /** The last ledger lines of an account, newest first. */
  ledgerOf: (accountType: 'merchant' | 'user', accountId: number) =>
    db
      .selectFrom('ledgerEntries')
      .select(['id', 'delta as points', 'reason', 'createdAt'])
      .where('accountType', '=', accountType)
      .where('accountId', '=', accountId)
      .orderBy('id', 'desc')
      .limit(LEDGER_LIMIT)
      .execute(),

  customers: (text: string | undefined) => {
    let q = db.selectFrom('customers').select(['id', 'name', 'mobile', 'balance']);
    if (text) q = q.where((eb) => eb.or([likeCi('name', text), likeCi('mobile', text)]));
    return q.orderBy('id', 'desc').limit(50).execute();
  },

  customerById: (id: number) =>
    db
      .selectFrom('customers')
      .select(['id', 'name', 'mobile', 'balance', 'createdAt'])
      .where('id', '=', id)
      .executeTakeFirst(),

  countMerchants: async (status: MerchantStatus) =>
    Number(
      (
        await db
          .selectFrom('merchants')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('status', '=', status)
          .executeTakeFirst()
      )?.n ?? 0,
    ),

  /** Settlements not paid yet: how many and what they owe, cents. */
  async toPay() {
    const row = await db
      .selectFrom('settlements as s')
      .select((eb) => [eb.fn.countAll().as('n'), sql<number>`coalesce(sum(${owedCents('s')}), 0)`.as('cents')])
      .where('s.status', 'in', ['initial', 'pending'])
      .executeTakeFirst();
    return { count: Number(row?.n ?? 0), cents: Number(row?.cents ?? 0) };
  },

  /** Requests (offer and product) made and sales (settlement lines, cents) in [from, to). */
  async activity(from: string, to: string) {
    const count = async (table: 'offerRequests' | 'productRequests') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .where('createdAt', '>=', from)
            .where('createdAt', '<', to)
            .executeTakeFirst()
        )?.n ?? 0,
      );
    const sales = await db
      .selectFrom('settlementDetails')
      .select(sql<number>`coalesce(sum(amount_cents), 0)`.as('cents'))
      .where('createdAt', '>=', from)
      .where('createdAt', '<', to)
      .executeTakeFirst();
    return {
      requests: (await count('offerRequests')) + (await count('productRequests')),
      cents: Number(sales?.cents ?? 0),
    };
  },

  /** Invoices of every merchant (of a status, of merchants whose name or mobile contains `merchant`), newest first. */
  invoices: (f: { merchant?: string; status?: 'issued' | 'paid' }) => {
    let q = db
      .selectFrom('invoices as i')
      .innerJoin('merchants as m', 'm.id', 'i.merchantId')
      .select([
        'i.id',
        'i.merchantId',
        'm.name as merchantName',
        'm.mobile as merchantMobile',
        'i.name',
        'i.nameAr',
        'i.amountCents',
        'i.status',
        'i.createdAt',
      ]);
    if (f.status) q = q.where('i.status', '=', f.status);
    const text = f.merchant;
    if (text) q = q.where((eb) => eb.or([likeCi('m.name', text), likeCi('m.mobile', text)]));
    return q.orderBy('i.id', 'desc').limit(500).execute();
  },

  /** Appends one operator action to the log; `db` may be the transaction of the change. */
  insertAction: (v: {
    actor: string;
    action: string;
    detail: unknown;
    operatorId: number;
    ip: string | null;
    at: string;
  }) =>
    db
      .insertInto('operatorActions')
      .values({
        actor: v.actor,
        action: v.action,
        detail: JSON.stringify(v.detail ?? {}),
        operatorId: v.operatorId,
        ip: v.ip,
        createdAt: v.at,
      })
      .execute(),

  /** A page of the log, newest first, with each operator's name; and how many rows in all. */
  async log(page: number) {
    const rows = await db
      .selectFrom('operatorActions as a')
      .leftJoin('operators as o', 'o.id', 'a.operatorId')
      .select(['a.id', 'a.operatorId', 'o.name as operatorName', 'a.action', 'a.detail', 'a.ip', 'a.createdAt'])
      .orderBy('a.id', 'desc')
      .limit(LOG_PAGE)
      .offset((page - 1) * LOG_PAGE)
      .execute();
    const total = await db
      .selectFrom('operatorActions')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    return { rows, total: Number(total?.n ?? 0) };
  },
});

export type OperatorConsoleRepository = ReturnType<typeof operatorConsoleRepository>;
