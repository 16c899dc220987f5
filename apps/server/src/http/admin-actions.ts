/**
 * What each `/api/admin/...` call does, on its parsed body and its caller (http/admin.ts signs the
 * caller in, checks its role and writes the log). The answers are the contract's shapes.
 */
import type { OperatorPath, OperatorRole } from '@loyalty/contract';
import { invalidField, notFound } from '../core/errors';
import { centsToDollars } from '../lib/money';
import type { OperatorActor, OperatorService } from '../modules/operator/operator.service';
import type { OperatorAccountsService } from '../modules/operator/operator-accounts.service';
import type { LogEntry, OperatorConsoleService } from '../modules/operator/operator-console.service';
import type { SettlementsService } from '../modules/settlements/settlements.service';
import type { TagsService } from '../modules/tags/tags.service';
import type { TicketsService } from '../modules/tickets/tickets.service';

// biome-ignore lint/suspicious/noExplicitAny: each call's body is its own contract schema's output
type Body = Record<string, any>;

/** Who calls: a console session (sessionId) or an operator token (role admin). */
export interface AdminCaller {
  actor: OperatorActor;
  operatorId: number;
  role: OperatorRole;
  sessionId: number | null;
  entry: LogEntry;
}

export interface AdminServices {
  operator: OperatorService;
  operatorAccounts: OperatorAccountsService;
  operatorConsole: OperatorConsoleService;
  tickets: TicketsService;
  settlements: SettlementsService;
  tags: TagsService;
}

const merchantOut = (m: {
  id: number;
  name: string;
  mobile: string;
  status: string;
  isLive: number | boolean;
  balance: number;
}) => ({
  id: m.id,
  name: m.name,
  mobile: m.mobile,
  status: m.status,
  isLive: m.isLive === 1 || m.isLive === true,
  balance: m.balance,
});
const packageOut = (p: {
  id: number;
  name: string;
  points: number;
  amount: number;
  validto: string | null;
  isActive: number;
}) => ({
  id: p.id,
  name: p.name,
  points: p.points,
  amount: p.amount,
  validto: p.validto,
  isActive: p.isActive === 1,
});
const str = (v: unknown) => (v === undefined || v === null ? undefined : String(v));

type Action = (b: Body, c: AdminCaller) => Promise<unknown>;

export const adminActions = (s: AdminServices): Record<Exclude<OperatorPath, 'admin/login'>, Action> => {
  const { operator: op, operatorAccounts: accounts, operatorConsole: con } = s;
  return {
    'admin/logout': async (_b, c) => {
      if (c.sessionId !== null) await accounts.logout(c.sessionId, c.entry);
      return {};
    },
    'admin/me': async (_b, c) => accounts.me(c.operatorId),
    'admin/home': () => con.home(),
    'admin/merchant/list': async (b) => ({
      rows: (await con.merchants({ q: b.q, status: b.status })).map(merchantOut),
    }),
    'admin/merchant/show': async (b) => con.merchant(b.id),
    'admin/merchant/approve': async (b, c) => merchantOut(await op.approveMerchant(String(b.mobile), c.entry)),
    'admin/merchant/suspend': async (b, c) => merchantOut(await op.suspendMerchant(String(b.mobile), c.entry)),
    'admin/merchant/reinstate': async (b, c) => merchantOut(await con.reinstate(b.mobile, c.entry)),
    'admin/ticket/list': async (b) => ({ rows: await s.tickets.inbox(b.status) }),
    'admin/ticket/show': async (b) => {
      const t = await s.tickets.thread(b.ticketId);
      if (!t) throw notFound('ticketNotFound');
      return t;
    },
    'admin/ticket/reply': async (b, c) =>
      (await op.replyTicket(String(b.ticketId), String(b.message), c.actor, c.entry)).message,
    'admin/ticket/close': async (b, c) => {
      const t = await op.closeTicket(b.ticketId, c.entry);
      if (!t) throw notFound('ticketNotFound');
      return t;
    },
    'admin/package/list': async () => ({ rows: (await op.listPackages()).map(packageOut) }),
    'admin/package/add': async (b, c) =>
      packageOut(
        await op.addPackage(
          {
            name: str(b.name),
            nameAr: str(b.nameAr),
            points: str(b.points),
            amount: str(b.amount),
            description: str(b.description),
            descriptionAr: str(b.descriptionAr),
            validto: str(b.validto),
          },
          c.entry,
        ),
      ),
    'admin/package/edit': async (b, c) => {
      const { id, ...rest } = b;
      return packageOut(await con.editPackage(id, rest, c.entry));
    },
    'admin/package/deactivate': async (b, c) => packageOut(await con.deactivatePackage(b.id, c.entry)),
    'admin/invoice/add': async (b, c) => {
      const i = await op.addInvoice(
        {
          merchant: str(b.merchant),
          name: str(b.name),
          nameAr: str(b.nameAr),
          amount: str(b.amount),
          description: str(b.description),
          descriptionAr: str(b.descriptionAr),
        },
        c.entry,
      );
      return { id: i.id, name: i.name, amount: centsToDollars(i.amountCents), merchantId: i.merchantId };
    },
    'admin/settlement/list': async (b) => ({
      rows: await s.settlements.operatorList({ status: b.status, merchant: b.merchant }),
    }),
    'admin/settlement/move': async (b, c) => {
      // paying from the console needs the payment's reference (scripts with a token may leave it out)
      if (b.status === 'paid' && c.sessionId !== null && !b.reference) throw invalidField('reference', 'required');
      const r = await op.moveSettlement(String(b.id), String(b.status), b.reference, c.entry);
      return { id: r.id, from: r.from, to: r.to };
    },
    'admin/customer/list': async (b) => ({ rows: await con.customers(b.q) }),
    'admin/customer/show': async (b) => con.customer(b.id),
    'admin/customer/points': async (b, c) =>
      con.customerPoints({ id: b.id, points: b.points, reason: b.reason, requestId: b.requestId }, c.entry),
    'admin/operator/list': async () => ({ rows: await accounts.list() }),
    'admin/operator/add': async (b, c) =>
      accounts.add({ mobile: b.mobile, name: b.name, nameAr: b.nameAr, role: b.role, password: b.password }, c.entry),
    'admin/operator/disable': async (b, c) => accounts.disable(b.id, c.operatorId, c.entry),
    'admin/log/list': async (b) => con.log(b.page ?? 1),
    'admin/invoice/list': async (b) => ({ rows: await con.invoices({ merchant: b.merchant, status: b.status }) }),
    'admin/tag/list': async () => ({ rows: await s.tags.all() }),
    'admin/tag/add': async (b, c) => op.addTagLogged(b.name, c.entry),
    'admin/tag/edit': async (b, c) => op.renameTag(b.id, b.name, c.entry),
    'admin/tag/deactivate': async (b, c) => op.deactivateTag(b.id, c.entry),
  };
};
