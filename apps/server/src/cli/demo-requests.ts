/**
 * The requests part of the demo: customers with points (granted through the ledger) and offer and
 * redeem requests in every state, made and approved through the same services as the API.
 * Running it again adds nothing twice.
 */
import type { Deps } from '../deps';
import type { Caller } from '../http/context';
import { AppError } from '../http/errors';
import { LEDGER_REASONS, move } from '../modules/ledger/ledger.service';
import { offerRequestsService } from '../modules/offer-requests/offer-requests.service';
import { redeemsService } from '../modules/redeems/redeems.service';
import { DEMO } from './demo';

/** Points granted to each demo customer, in DEMO.customers order. */
const GRANTS = [1200, 400, 150];

/** Per merchant: [customer index, offer index, payWith, approve] and [customer index, amount, approve]. */
const PLAN: Record<
  string,
  { offers: [number, number, 'points' | 'price', boolean][]; redeems: [number, number, boolean][] }
> = {
  '97450000001': {
    offers: [
      [0, 0, 'points', true],
      [0, 1, 'price', false],
      [1, 0, 'price', true],
      [1, 0, 'points', false],
      [2, 1, 'price', false],
    ],
    redeems: [
      [0, 100, true],
      [1, 50, false],
    ],
  },
  '97450000002': {
    offers: [
      [0, 0, 'points', false],
      [2, 0, 'price', true],
    ],
    redeems: [[2, 30, true]],
  },
};

const callerOf = (type: 'merchant' | 'user', id: number, merchantId: number | null): Caller => ({
  sessionId: 0,
  type,
  role: type,
  id,
  merchantId,
  branchId: null,
  merchantStatus: type === 'merchant' ? 'approved' : null,
  mustChangePassword: false,
});

export async function seedRequests(deps: Deps, print: (line: string) => void): Promise<void> {
  const { db } = deps;
  const offerRequests = offerRequestsService(deps);
  const redeems = redeemsService(deps);

  const customers = [];
  for (const [i, c] of DEMO.customers.entries()) {
    const row = await db
      .selectFrom('customers')
      .select(['id', 'name'])
      .where('mobile', '=', c.mobile)
      .executeTakeFirst();
    if (!row) continue;
    customers[i] = row;
    const granted = await db.transaction().execute((trx) =>
      move(trx, {
        to: { type: 'user', id: row.id },
        amount: GRANTS[i] ?? 100,
        reason: LEDGER_REASONS.grant,
        reference: `grant:demo:${c.mobile}`,
      }),
    );
    if (granted === 'moved') print(`  ${row.name} received ${GRANTS[i] ?? 100} P`);
  }

  for (const m of DEMO.merchants) {
    const merchant = await db.selectFrom('merchants').select('id').where('mobile', '=', m.mobile).executeTakeFirst();
    const plan = PLAN[m.mobile];
    if (!merchant || !plan) continue;
    const already = await db
      .selectFrom('offerRequests')
      .select('id')
      .where('merchantId', '=', merchant.id)
      .executeTakeFirst();
    if (already) continue;
    const offers = await db
      .selectFrom('offers')
      .select(['id', 'title'])
      .where('merchantId', '=', merchant.id)
      .orderBy('id')
      .execute();
    const branches = await db.selectFrom('offerBranches').select(['offerId', 'branchId']).orderBy('branchId').execute();
    const staff = callerOf('merchant', merchant.id, merchant.id);
    const attempt = async (what: string, run: () => Promise<unknown>) => {
      try {
        await run();
        print(`  ${what}`);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        print(`  skipped ${what}: ${err.key}`);
      }
    };
    for (const [ci, oi, payWith, approve] of plan.offers) {
      const customer = customers[ci];
      const offer = offers[oi];
      const branchId = branches.find((b) => b.offerId === offer?.id)?.branchId;
      if (!customer || !offer || !branchId) continue;
      await attempt(
        `${customer.name} asked for "${offer.title}" with ${payWith}${approve ? ', approved' : ', pending'}`,
        async () => {
          const r = await offerRequests.create(callerOf('user', customer.id, null), {
            offerId: offer.id,
            branchId,
            payWith,
          });
          if (approve) await offerRequests.approve(staff, r.id);
        },
      );
    }
    const branch = await db
      .selectFrom('branches')
      .select('id')
      .where('merchantId', '=', merchant.id)
      .orderBy('id')
      .executeTakeFirst();
    for (const [ci, amount, approve] of plan.redeems) {
      const customer = customers[ci];
      if (!customer || !branch) continue;
      await attempt(
        `${customer.name} redeems ${amount} P at ${m.name}${approve ? ', approved' : ', not approved'}`,
        async () => {
          const r = await redeems.create(callerOf('user', customer.id, null), {
            merchantId: merchant.id,
            branchId: branch.id,
            amount,
          });
          if (approve) await redeems.approve(staff, { reqId: r.id, isApproved: true });
        },
      );
    }
  }
}
