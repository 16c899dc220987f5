import type { MerchantStatus } from '@loyalty/contract';
import { clock, normalizePhone, parseDate } from '@loyalty/contract';
import type { Deps } from '../../deps';
import { centsToDollars } from '../../lib/money';
import { hashToken, newToken } from '../../lib/tokens';
import { LEDGER_REASONS, move } from '../ledger/ledger.service';
import type { TicketsService } from '../tickets/tickets.service';

/** A refused operator action: a clear message, and the HTTP status `/api/admin/...` answers with. */
export class OperatorError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 404 | 409 = 400,
  ) {
    super(message);
  }
}

/** A settlement moves only initial → pending → paid (docs/domain.md). */
const SETTLEMENT_STEP = { pending: 'initial', paid: 'pending' } as const;

/** Dollars as the operator types them ("12", "12.5", "12.50"): positive, two decimals at most; answers cents. */
function parseDollars(value: string, what: string): number {
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(value.trim()))
    throw new OperatorError(`${what} must be an amount in dollars such as 25 or 25.50, not ${value}`);
  const cents = Math.round(Number(value) * 100);
  if (cents <= 0) throw new OperatorError(`${what} must be more than 0`);
  return cents;
}

function requiredText(value: string | undefined, what: string, max = 100): string {
  const clean = (value ?? '').trim();
  if (!clean) throw new OperatorError(`${what} is required`);
  if (clean.length > max) throw new OperatorError(`${what} has at most ${max} characters`);
  return clean;
}

const optionalText = (value: string | undefined, what: string, max = 500) =>
  value === undefined || value.trim() === '' ? null : requiredText(value, what, max);

export interface NewPackage {
  name?: string;
  nameAr?: string;
  points?: string;
  amount?: string;
  description?: string;
  descriptionAr?: string;
  validto?: string;
}

/** What the platform operator does: the `npm run admin` commands and their tests share this. */
/** Who did an operator action, as the log records it: the command line, or an operator token. */
export type OperatorActor = 'cli' | `token:${number}`;

/** The adminId stored on an operator's ticket message: the token's id, 0 for the command line. */
export const adminIdOf = (actor: OperatorActor): number => (actor === 'cli' ? 0 : Number(actor.slice(6)));

export function operatorService({ store }: Pick<Deps, 'store'>, tickets?: TicketsService) {
  const repo = store.operator;

  async function merchantByMobile(mobile: string) {
    const m = await repo.merchantByMobile(normalizePhone(mobile));
    if (!m) throw new OperatorError(`No merchant with mobile ${mobile}`, 404);
    return m;
  }

  async function setMerchantStatus(mobile: string, status: MerchantStatus) {
    const m = await merchantByMobile(mobile);
    await repo.setMerchantStatus(m.id, status);
    return { ...m, status };
  }

  return {
    /** Appends an action to the operator log (docs/domain.md, "Operator"): every CLI and HTTP action. */
    record: (actor: OperatorActor, action: string, detail: unknown) => repo.insertAction(actor, action, detail),

    recentActions: (limit = 50) => repo.actions(limit),

    /** A new operator token for `/api/admin/...`: printed once, only its hash is kept. */
    async createToken(label?: string) {
      const token = newToken();
      const row = await repo.insertToken(hashToken(token), label?.trim() || null);
      return { id: row.id, token };
    },

    /** Every operator token with its label and dates (`operator tokens`). */
    listTokens: () => repo.tokens(),

    /**
     * `operator revoke <id>`: the token stops opening `/api/admin/...` at once, on every server
     * (each request looks it up). Revoking a revoked token changes nothing and says so.
     */
    async revokeToken(idText: string) {
      const id = Number(idText);
      if (!Number.isSafeInteger(id) || id <= 0) throw new OperatorError(`A token id is a whole number, not ${idText}`);
      const changed = await repo.revokeToken(id);
      const row = await repo.tokenById(id);
      if (!row) throw new OperatorError(`No operator token with id ${id}`, 404);
      return { ...row, alreadyRevoked: changed === 0 };
    },

    /** The actor of a valid operator token, or undefined. */
    async actorOfToken(token: string): Promise<OperatorActor | undefined> {
      if (!token) return undefined;
      const row = await repo.tokenByHash(hashToken(token));
      return row ? `token:${row.id}` : undefined;
    },

    /** `ticket reply <ticketId> <message>`: the operator's answer on a merchant's open ticket. */
    async replyTicket(idText: string, message: string, actor: OperatorActor) {
      if (!tickets) throw new OperatorError('Tickets are not available here');
      const id = Number(idText);
      if (!Number.isSafeInteger(id) || id <= 0) throw new OperatorError(`A ticket id is a whole number, not ${idText}`);
      const body = requiredText(message, 'The message', 2000);
      let out: Awaited<ReturnType<TicketsService['operatorReply']>>;
      try {
        out = await tickets.operatorReply(id, body, adminIdOf(actor));
      } catch (err) {
        if ((err as { status?: number }).status === 409)
          throw new OperatorError(`Ticket ${id} is closed; it takes no more replies.`, 409);
        throw err;
      }
      if (!out) throw new OperatorError(`No ticket with id ${id}`, 404);
      return out;
    },

    listMerchants: () => repo.listMerchants(),

    approveMerchant: (mobile: string) => setMerchantStatus(mobile, 'approved'),

    /** Suspends a merchant and ends every session of the merchant and its staff. */
    async suspendMerchant(mobile: string) {
      const m = await merchantByMobile(mobile);
      await store.transaction(async (tx) => {
        await tx.operator.setMerchantStatus(m.id, 'suspended', 0);
        await tx.accounts.revokeSessionsOf('merchant', m.id);
        for (const id of await tx.operator.staffIdsOf(m.id)) await tx.accounts.revokeSessionsOf('merchantUser', id);
      });
      return { ...m, status: 'suspended' as const, isLive: 0 };
    },

    async addTag(name: string) {
      const clean = name.trim();
      if (!clean) throw new OperatorError('A tag needs a name');
      if (clean.length > 50) throw new OperatorError('A tag name has at most 50 characters');
      const existing = await repo.tagByName(clean);
      if (existing) return { tag: existing, created: false };
      return { tag: await repo.insertTag(clean), created: true };
    },

    /** Adds a points package merchants can buy (`package add`). */
    async addPackage(v: NewPackage) {
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
      const pkg = await store.packages.insertPackage({
        name,
        nameAr: optionalText(v.nameAr, 'The Arabic name (--name-ar)', 100),
        description: optionalText(v.description, 'The description (--description)'),
        descriptionAr: optionalText(v.descriptionAr, 'The Arabic description (--description-ar)'),
        amountCents,
        points,
        validto,
      });
      return { ...pkg, amount: centsToDollars(pkg.amountCents) };
    },

    listPackages: async () =>
      (await store.packages.allPackages()).map((p) => ({ ...p, amount: centsToDollars(p.amountCents) })),

    /** Records an invoice for a merchant (`invoice add`): a bill settled outside the app, status issued. */
    async addInvoice(v: { merchant?: string; name?: string; amount?: string; description?: string }) {
      const m = await merchantByMobile(requiredText(v.merchant, 'The merchant (--merchant <mobile>)'));
      const invoice = await store.packages.insertInvoice({
        merchantId: m.id,
        packageRequestId: null,
        name: requiredText(v.name, 'The name (--name)'),
        description: optionalText(v.description, 'The description (--description)'),
        amountCents: parseDollars(v.amount ?? '', 'The amount (--amount)'),
        status: 'issued',
      });
      return { ...invoice, amount: centsToDollars(invoice.amountCents), merchant: { name: m.name, mobile: m.mobile } };
    },

    /** Grants a customer points: the balance and its ledger row (reason grant) in one transaction. */
    async grantCustomerPoints(mobile: string, points: string | number) {
      const amount = Number(points);
      if (!Number.isSafeInteger(amount) || amount <= 0 || amount > 1e9)
        throw new OperatorError(`Points must be a whole number from 1 to 1000000000, not ${points}`);
      const customer = await repo.customerByMobile(normalizePhone(mobile));
      if (!customer) throw new OperatorError(`No customer with mobile ${mobile}`, 404);
      const reference = `grant:${crypto.randomUUID()}`;
      await store.transaction((tx) =>
        move(tx, { to: { type: 'user', id: customer.id }, amount, reason: LEDGER_REASONS.grant, reference }),
      );
      const balance = (await repo.customerByMobile(customer.mobile))?.balance ?? 0;
      return { id: customer.id, name: customer.name, mobile: customer.mobile, granted: amount, balance, reference };
    },

    /** `settlement move <id> <pending|paid>`: initial → pending → paid, one step at a time, once. */
    async moveSettlement(idText: string, target: string) {
      const id = Number(idText);
      if (!Number.isSafeInteger(id) || id <= 0)
        throw new OperatorError(`A settlement id is a whole number, not ${idText}`);
      if (target !== 'pending' && target !== 'paid')
        throw new OperatorError(`A settlement moves to pending or paid, not ${target}`);
      const s = await repo.settlement(id);
      if (!s) throw new OperatorError(`No settlement with id ${id}`, 404);
      const from = SETTLEMENT_STEP[target];
      if (!(await repo.moveSettlement(id, from, target))) {
        const now = (await repo.settlement(id))?.status ?? s.status;
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
