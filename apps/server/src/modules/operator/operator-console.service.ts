/**
 * What the operator console reads and changes beyond the command line's actions (issue 25): the
 * home, merchant details and reinstatement, the tickets inbox, package changes, the settlements
 * list, customers and their points, and the operator log. Every change writes its log entry in
 * its own transaction (`entry.written`): no change without its entry, no entry without its change.
 */
import { businessDate, clock, type MerchantStatus, normalizePhone, parseDate } from '@loyalty/contract';
import type { ServiceDeps } from '../../core/deps';
import { conflict, invalidField, notFound } from '../../core/errors';
import { centsToDollars } from '../../lib/money';
import { AlreadyMovedError, move } from '../../platform/ledger/ledger.service';
import { moveMerchantStatus } from '../profile/merchant-account';
import type { TicketsService } from '../tickets/tickets.service';

/** One operator action for the log: who (actor text and operator id), what, and from where. */
export interface LogEntry {
  actor: string;
  operatorId: number;
  ip: string | null;
  action: string;
  detail: unknown;
  /**
   * The detail is what the change did (the ids it found or made), filled in by the service that
   * writes the entry (the command line's entries); otherwise `detail` as given (the console's body).
   */
  fromChange?: boolean;
  /** Set once the entry is written (in the change's transaction). */
  written?: boolean;
}

const DAY_MS = 24 * 3600 * 1000;
/** The instant a business day (Qatar, UTC+3 all year) starts. */
const dayStart = (date: string) => new Date(`${date}T00:00:00+03:00`).toISOString();
const dayBefore = (date: string, n: number) =>
  businessDate(new Date(Date.parse(dayStart(date)) - n * DAY_MS + 12 * 3600e3));

export function operatorConsoleService(
  { store }: ServiceDeps<'operatorConsole' | 'ledger' | 'packages' | 'profile'>,
  { tickets }: { tickets: TicketsService },
) {
  const repo = store.operatorConsole;
  const stamp = (entry: LogEntry) => ({ ...entry, at: clock.nowIso() });

  return {
    async home() {
      const open = await tickets.inbox('open');
      const now = clock.now().getTime();
      const toPay = await repo.toPay();
      const today = clock.today();
      const days = [];
      for (let n = 6; n >= 0; n--) {
        const date = dayBefore(today, n);
        const a = await repo.activity(dayStart(date), dayStart(dayBefore(date, -1)));
        days.push({ date, requests: a.requests, sales: centsToDollars(a.cents) });
      }
      const last = days[days.length - 1];
      return {
        merchantsToReview: await repo.countMerchants('pending'),
        openTickets: {
          total: open.length,
          unanswered: open.filter((t) => !t.answered).length,
          olderThanDay: open.filter((t) => now - Date.parse(t.createdAt) > DAY_MS).length,
          olderThanWeek: open.filter((t) => now - Date.parse(t.createdAt) > 7 * DAY_MS).length,
        },
        settlementsToPay: { count: toPay.count, amount: centsToDollars(toPay.cents) },
        today: { requests: last.requests, sales: last.sales },
        days,
      };
    },

    merchants: (f: { q?: string; status?: MerchantStatus }) => repo.merchants(f),

    async merchant(id: number) {
      const merchant = await repo.merchantById(id);
      if (!merchant) throw notFound('merchantNotFound');
      return {
        merchant: { ...merchant, isLive: merchant.isLive === 1 },
        branches: await repo.branchesOf(id),
        staffCount: await repo.staffCount(id),
        ledger: await repo.ledgerOf('merchant', id),
      };
    },

    /** Suspended → approved, with the reason in the log (same transaction); 409 unless suspended. */
    async reinstate(mobile: string, entry: LogEntry) {
      const found = await repo.merchantByMobile(normalizePhone(mobile));
      if (!found) throw notFound('merchantNotFound');
      const merchantId = found.id;
      const moved = await store.transaction(async (tx) => {
        if (!(await moveMerchantStatus(tx, merchantId, 'suspended', 'approved', clock.nowIso()))) return false;
        await tx.operatorConsole.insertAction(stamp(entry));
        return true;
      });
      if (!moved) throw conflict('merchantNotSuspended');
      entry.written = true;
      const m = await repo.merchantById(merchantId);
      if (!m) throw notFound('merchantNotFound');
      return m;
    },

    async editPackage(
      id: number,
      v: {
        name?: string;
        nameAr?: string;
        points?: number;
        amount?: number;
        description?: string;
        descriptionAr?: string;
        validto?: string;
      },
      entry?: LogEntry,
    ) {
      if (!(await store.packages.packageById(id))) throw notFound('packageNotFound');
      if (v.points !== undefined && !Number.isInteger(v.points)) throw invalidField('points', 'mustBeWholeNumber');
      let validto: string | null | undefined;
      if (v.validto !== undefined) {
        const day = v.validto.trim() === '' ? null : parseDate(v.validto);
        if (day === undefined) throw invalidField('validto', 'invalidDate');
        if (day !== null && day < clock.today()) throw invalidField('validto', 'endDateInPast');
        validto = day;
      }
      await changePackage(id, entry, {
        ...(v.name !== undefined && { name: v.name }),
        ...(v.nameAr !== undefined && { nameAr: v.nameAr }),
        ...(v.points !== undefined && { points: v.points }),
        ...(v.amount !== undefined && { amountCents: Math.round(v.amount * 100) }),
        ...(v.description !== undefined && { description: v.description }),
        ...(v.descriptionAr !== undefined && { descriptionAr: v.descriptionAr }),
        ...(validto !== undefined && { validto }),
      });
      return packageOf(id);
    },

    async deactivatePackage(id: number, entry?: LogEntry) {
      if (!(await store.packages.packageById(id))) throw notFound('packageNotFound');
      await changePackage(id, entry, { isActive: 0 });
      return packageOf(id);
    },

    customers: (q?: string) => repo.customers(q),

    /** The invoices list: amounts in dollars. */
    invoices: async (f: { merchant?: string; status?: 'issued' | 'paid' }) =>
      (await repo.invoices(f)).map(({ amountCents, ...r }) => ({ ...r, amount: centsToDollars(amountCents) })),

    async customer(id: number) {
      const customer = await repo.customerById(id);
      if (!customer) throw notFound('customerNotFound');
      return { customer, ledger: await repo.ledgerOf('user', id) };
    },

    /**
     * Grants (points > 0) or takes back (points < 0; never below 0: 409 notEnoughPoints) a
     * customer's points through the ledger, reference `operator:<requestId>`: a retry with the same
     * requestId moves nothing more. The log entry is written with the movement.
     */
    async customerPoints(v: { id: number; points: number; reason: string; requestId: string }, entry: LogEntry) {
      if (!(await repo.customerById(v.id))) throw notFound('customerNotFound');
      const account = { type: 'user' as const, id: v.id };
      const reference = `operator:${v.requestId}`;
      try {
        await store.transaction(async (tx) => {
          const moved = await move(
            tx,
            v.points > 0
              ? { to: account, amount: v.points, reason: 'grant', reference }
              : { from: account, amount: -v.points, reason: 'takeBack', reference },
          );
          if (moved === 'moved') await tx.operatorConsole.insertAction(stamp(entry));
        });
      } catch (err) {
        if (!(err instanceof AlreadyMovedError)) throw err;
      }
      entry.written = true;
      return { balance: (await repo.customerById(v.id))?.balance ?? 0 };
    },

    log: (page = 1) => repo.log(page),

    /** Writes an entry outside a change's transaction (the HTTP layer, after the change). */
    record: (entry: LogEntry) => repo.insertAction(stamp(entry)),
  };

  /** A package's change and its log entry, in one transaction. */
  async function changePackage(
    id: number,
    entry: LogEntry | undefined,
    v: Parameters<typeof store.packages.updatePackage>[1],
  ) {
    await store.transaction(async (tx) => {
      await tx.packages.updatePackage(id, v);
      if (entry) await tx.operatorConsole.insertAction(stamp(entry));
    });
    if (entry) entry.written = true;
  }

  async function packageOf(id: number) {
    const p = await store.packages.packageById(id);
    if (!p) throw notFound('packageNotFound');
    return { ...p, amount: centsToDollars(p.amountCents) };
  }
}

export type OperatorConsoleService = ReturnType<typeof operatorConsoleService>;
