import type { MerchantStatus } from '@loyalty/contract';
import { clock, normalizePhone, parseDate } from '@loyalty/contract';
import type { ServiceDeps } from '../../core/deps';
import { centsToDollars } from '../../lib/money';
import { LEDGER_REASONS, move } from '../../platform/ledger/ledger.service';
import type { SigningKeys } from '../../platform/secrets/signing-keys';
import { markCustomerVerified } from '../customer/customer-account';
import { setMerchantStatus } from '../profile/merchant-account';
import type { SettlementsService } from '../settlements/settlements.service';
import type { TagsService } from '../tags/tags.service';
import type { TicketsService } from '../tickets/tickets.service';
import type { LogEntry } from './operator-console.service';
import {
  type NewPackage,
  type OperatorActor,
  OperatorError,
  optionalText,
  parseDollars,
  requiredText,
  SETTLEMENT_STEP,
} from './operator-input';
import { loggedTransaction, withDone } from './operator-log';
import { operatorTokens } from './operator-tokens';

export { OPERATOR_TOKEN_DAYS, OPERATOR_TOKEN_MAX_DAYS, type OperatorActor, OperatorError } from './operator-input';

/** The owners of the rows the operator changes: their functions run in its transactions. */
type Owners = 'accounts' | 'customers' | 'profile' | 'settlements' | 'tags' | 'tickets';
type OperatorKeys = 'ledger' | 'operator' | 'packages' | 'secrets' | Owners;

export function operatorService(
  { store }: ServiceDeps<OperatorKeys>,
  {
    settlements,
    tags,
    tickets,
    qrKeys,
  }: { settlements: SettlementsService; tags: TagsService; tickets?: TicketsService; qrKeys?: SigningKeys },
) {
  const repo = store.operator;

  async function merchantByMobile(mobile: string) {
    const m = await repo.merchantByMobile(normalizePhone(mobile));
    if (!m) throw new OperatorError(`No merchant with mobile ${mobile}`, 404);
    return m;
  }

  /**
   * The operator an actor is (`operators.id`, the adminId of its ticket replies): the command line's
   * built-in operator, or the operator a token belongs to (the command line's, for a token from before).
   */
  async function operatorIdOf(actor: OperatorActor): Promise<number> {
    if (actor === 'cli') return repo.cliOperatorId();
    if (actor.startsWith('operator:')) return Number(actor.slice(9));
    return (await repo.tokenOperatorId(Number(actor.slice(6)))) ?? repo.cliOperatorId();
  }

  /** The log entry, written in the change's transaction `tx`, with what the change did (`done`, withDone). */
  async function logIn(tx: Pick<typeof store, 'operator'>, entry: LogEntry | undefined, done: Record<string, unknown>) {
    if (!entry) return;
    const e = withDone(entry, done);
    await tx.operator.insertAction(e.actor, e.action, e.detail, e.operatorId, e.ip);
  }

  const withLog = <K extends OperatorKeys>(
    entry: LogEntry | undefined,
    logged?: (r: unknown) => boolean,
    done?: (r: never) => Record<string, unknown>,
  ) => loggedTransaction<OperatorKeys, K>(store, entry, logged, done);

  async function changeMerchantStatus(mobile: string, status: MerchantStatus, entry?: LogEntry) {
    const m = await merchantByMobile(mobile);
    await store.transaction(async (tx) => {
      await setMerchantStatus(tx, m.id, status);
      await logIn(tx, entry, { merchantId: m.id, mobile: m.mobile });
    });
    if (entry) entry.written = true;
    return { ...m, status };
  }

  return {
    recentActions: (limit = 50) => repo.actions(limit),

    operatorIdOf,

    ...operatorTokens(store),

    /** `ticket reply <ticketId> <message>`: the operator's answer on a merchant's open ticket. */
    async replyTicket(idText: string, message: string, actor: OperatorActor, entry?: LogEntry) {
      if (!tickets) throw new OperatorError('Tickets are not available here');
      const id = Number(idText);
      if (!Number.isSafeInteger(id) || id <= 0) throw new OperatorError(`A ticket id is a whole number, not ${idText}`);
      const body = requiredText(message, 'The message', 2000);
      let out: Awaited<ReturnType<TicketsService['operatorReply']>>;
      try {
        out = await tickets.operatorReply(
          id,
          body,
          await operatorIdOf(actor),
          withLog<'tickets'>(entry, Boolean, (msg: { id: number }) => ({ ticketId: id, messageId: msg.id })),
        );
      } catch (err) {
        if ((err as { status?: number }).status === 409)
          throw new OperatorError(`Ticket ${id} is closed; it takes no more replies.`, 409);
        throw err;
      }
      if (!out) throw new OperatorError(`No ticket with id ${id}`, 404);
      return out;
    },

    /** Closes a ticket (idempotent); the log row only when this call closed it, in its transaction. */
    async closeTicket(id: number, entry?: LogEntry) {
      if (!tickets) throw new OperatorError('Tickets are not available here');
      const out = await tickets.operatorClose(
        id,
        withLog<'tickets'>(entry, (closed) => closed === true),
      );
      if (out && entry) entry.written = true;
      return out;
    },

    listMerchants: () => repo.listMerchants(),

    approveMerchant: (mobile: string, entry?: LogEntry) => changeMerchantStatus(mobile, 'approved', entry),

    /** Suspends a merchant and ends every session of the merchant and its staff. */
    async suspendMerchant(mobile: string, entry?: LogEntry) {
      const m = await merchantByMobile(mobile);
      await store.transaction(async (tx) => {
        await setMerchantStatus(tx, m.id, 'suspended', 0);
        await tx.accounts.revokeSessionsOf('merchant', m.id);
        for (const id of await tx.operator.staffIdsOf(m.id)) await tx.accounts.revokeSessionsOf('merchantUser', id);
        await logIn(tx, entry, { merchantId: m.id, mobile: m.mobile }); // the console's: with the reason
      });
      if (entry) entry.written = true;
      return { ...m, status: 'suspended' as const, isLive: 0 };
    },

    /** The console's tag changes, each with its log row in the tag's transaction. */
    addTagLogged: (name: string, entry: LogEntry) => tags.operatorAdd(name, withLog<'tags'>(entry)),
    renameTag: (id: number, name: string, entry: LogEntry) => tags.rename(id, name, withLog<'tags'>(entry)),
    deactivateTag: (id: number, entry: LogEntry) =>
      tags.deactivate(
        id,
        withLog<'tags'>(entry, (changed) => changed === true),
      ),

    /** `tag add`: a tag of a name that exists already is no change (and no log row). */
    async addTag(name: string, entry?: LogEntry) {
      const clean = name.trim();
      if (!clean) throw new OperatorError('A tag needs a name');
      if (clean.length > 50) throw new OperatorError('A tag name has at most 50 characters');
      const existing = await tags.byName(clean);
      if (existing) return { tag: existing, created: false };
      const done = (t: { id: number }) => ({ tagId: t.id, name: clean, created: true });
      return { tag: await tags.operatorAdd(clean, withLog<'tags'>(entry, undefined, done)), created: true };
    },

    /** Adds a points package merchants can buy (`package add`). */
    async addPackage(v: NewPackage, entry?: LogEntry) {
      const name = requiredText(v.name, 'The name (--name)');
      const points = Number(v.points);
      if (!Number.isSafeInteger(points) || points <= 0 || points > 1e9)
        throw new OperatorError(
          `Points (--points) must be a whole number from 1 to 1000000000, not ${v.points ?? 'nothing'}`,
        );
      const amountCents = parseDollars(v.amount ?? '', 'The amount (--amount)');
      let validto: string | null = null;
      if (v.validto !== undefined) {
        const day = /^\d{4}-\d{2}-\d{2}$/.test(v.validto) ? parseDate(v.validto) : undefined;
        if (!day) throw new OperatorError(`--validto must be a date YYYY-MM-DD, not ${v.validto}`);
        if (day < clock.today()) throw new OperatorError(`--validto ${day} has already passed`);
        validto = day;
      }
      const done = (p: { id: number; name: string; points: number; amountCents: number }) => ({
        packageId: p.id,
        name: p.name,
        points: p.points,
        amountCents: p.amountCents,
      });
      const pkg = await withLog<'packages'>(
        entry,
        undefined,
        done,
      )((tx) =>
        tx.packages.insertPackage({
          name,
          nameAr: optionalText(v.nameAr, 'The Arabic name (--name-ar)', 100),
          description: optionalText(v.description, 'The description (--description)'),
          descriptionAr: optionalText(v.descriptionAr, 'The Arabic description (--description-ar)'),
          amountCents,
          points,
          validto,
        }),
      );
      return { ...pkg, amount: centsToDollars(pkg.amountCents) };
    },

    listPackages: async () =>
      (await store.packages.allPackages()).map((p) => ({ ...p, amount: centsToDollars(p.amountCents) })),

    /** Records an invoice for a merchant (`invoice add`): a bill settled outside the app, status issued. */
    async addInvoice(
      v: {
        merchant?: string;
        name?: string;
        nameAr?: string;
        amount?: string;
        description?: string;
        descriptionAr?: string;
      },
      entry?: LogEntry,
    ) {
      const m = await merchantByMobile(requiredText(v.merchant, 'The merchant (--merchant <mobile>)'));
      const done = (i: { id: number; amountCents: number }) => ({
        invoiceId: i.id,
        merchant: m.mobile,
        amountCents: i.amountCents,
      });
      const invoice = await withLog<'packages'>(
        entry,
        undefined,
        done,
      )((tx) =>
        tx.packages.insertInvoice({
          merchantId: m.id,
          packageRequestId: null,
          name: requiredText(v.name, 'The name (--name)'),
          nameAr: optionalText(v.nameAr, 'The Arabic name (--name-ar)', 100),
          description: optionalText(v.description, 'The description (--description)'),
          descriptionAr: optionalText(v.descriptionAr, 'The Arabic description (--description-ar)'),
          amountCents: parseDollars(v.amount ?? '', 'The amount (--amount)'),
          status: 'issued',
        }),
      );
      return { ...invoice, amount: centsToDollars(invoice.amountCents), merchant: { name: m.name, mobile: m.mobile } };
    },

    /**
     * `customer verify <mobile>`: the operator vouches for a customer's number (seen in person, or
     * confirmed another way): the account no longer waits for its texted code.
     */
    async verifyCustomer(mobile: string, entry?: LogEntry) {
      const customer = await repo.customerByMobile(normalizePhone(mobile));
      if (!customer) throw new OperatorError(`No customer with mobile ${mobile}`, 404);
      await store.transaction(async (tx) => {
        await markCustomerVerified(tx, customer.id);
        await logIn(tx, entry, { customerId: customer.id });
      });
      if (entry) entry.written = true;
      return customer;
    },

    async grantCustomerPoints(mobile: string, points: string | number, entry?: LogEntry) {
      const amount = Number(points);
      if (!Number.isSafeInteger(amount) || amount <= 0 || amount > 1e9)
        throw new OperatorError(`Points must be a whole number from 1 to 1000000000, not ${points}`);
      const customer = await repo.customerByMobile(normalizePhone(mobile));
      if (!customer) throw new OperatorError(`No customer with mobile ${mobile}`, 404);
      const reference = `grant:${crypto.randomUUID()}`;
      await store.transaction(async (tx) => {
        await move(tx, { to: { type: 'user', id: customer.id }, amount, reason: LEDGER_REASONS.grant, reference });
        await logIn(tx, entry, { customerId: customer.id, points: amount, reference });
      });
      if (entry) entry.written = true;
      const balance = (await repo.customerByMobile(customer.mobile))?.balance ?? 0;
      return { id: customer.id, name: customer.name, mobile: customer.mobile, granted: amount, balance, reference };
    },

    /** `secrets rotate qr`: a new QR signing key, written with its log entry in one transaction. */
    async rotateQrKey(entry?: LogEntry) {
      if (!qrKeys) throw new OperatorError('QR keys are not available here');
      const done = (r: { kid: string; retired: string[] }) => ({ purpose: 'qr', kid: r.kid, retired: r.retired });
      return qrKeys.rotate(withLog<'secrets'>(entry, undefined, done));
    },

    /** `settlement move <id> <pending|paid>`: initial → pending → paid, one step at a time, once. */
    async moveSettlement(idText: string, target: string, reference?: string, entry?: LogEntry) {
      const id = Number(idText);
      if (!Number.isSafeInteger(id) || id <= 0)
        throw new OperatorError(`A settlement id is a whole number, not ${idText}`);
      if (target !== 'pending' && target !== 'paid')
        throw new OperatorError(`A settlement moves to pending or paid, not ${target}`);
      const s = await settlements.forOperator(id);
      if (!s) throw new OperatorError(`No settlement with id ${id}`, 404);
      const from = SETTLEMENT_STEP[target];
      const done = () => ({ settlementId: id, from, to: target });
      if (!(await settlements.move(id, from, target, reference, withLog<'settlements'>(entry, Boolean, done)))) {
        const now = (await settlements.forOperator(id))?.status ?? s.status;
        throw new OperatorError(
          `Settlement ${id} is ${now}; only ${from} can move to ${target} (initial → pending → paid).`,
          409,
        );
      }
      return { id, from, to: target, amount: centsToDollars(s.amountCents), merchantName: s.merchantName };
    },
  };
}

export type OperatorService = ReturnType<typeof operatorService>;
