/**
 * The requests part of the demo: customers with points (granted through the ledger) and offer and
 * redeem requests in every state, made and approved through the same services as the API.
 * Running it again adds nothing twice.
 */
import type { CustomerCaller, MerchantCaller } from '../../core/caller';
import type { Deps } from '../../core/deps';
import { AppError } from '../../core/errors';
import type { OfferRequestsService } from '../../modules/offer-requests/offer-requests.service';
import type { RedeemsService } from '../../modules/redeems/redeems.service';
import { LEDGER_REASONS, move } from '../../platform/ledger/ledger.service';
import { DEMO } from './demo-data';

/** The services the demo drives, so requests are made and approved by the real rules. */
export interface DemoServices {
  offerRequests: OfferRequestsService;
  redeems: RedeemsService;
}

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

const ownerOf = (merchantId: number): MerchantCaller => ({
  sessionId: 0,
  role: 'merchant',
  id: merchantId,
  type: 'merchant',
  actor: { type: 'merchant', id: merchantId },
  isOwner: true,
  merchantId,
  branchId: undefined,
});
const customerOf = (id: number): CustomerCaller => ({ sessionId: 0, id, type: 'user', actor: { type: 'user', id } });

export async function seedRequests(
  deps: Deps,
  { offerRequests, redeems }: DemoServices,
  print: (line: string) => void,
): Promise<void> {
  const { store } = deps;
  const repo = store.demo;

  const customers = [];
  for (const [i, c] of DEMO.customers.entries()) {
    const row = await repo.customer(c.mobile);
    if (!row) continue;
    customers[i] = row;
    const granted = await store.transaction((tx) =>
      move(tx, {
        to: { type: 'user', id: row.id },
        amount: GRANTS[i] ?? 100,
        reason: LEDGER_REASONS.grant,
        reference: `grant:demo:${c.mobile}`,
      }),
    );
    if (granted === 'moved') print(`  ${row.name} received ${GRANTS[i] ?? 100} P`);
  }

  for (const m of DEMO.merchants) {
    const merchantId = await repo.merchantId(m.mobile);
    const plan = PLAN[m.mobile];
    if (merchantId === undefined || !plan) continue;
    if (await repo.hasOfferRequests(merchantId)) continue;
    const offers = await repo.offersOf(merchantId);
    const branches = await repo.offerBranches();
    const staff = ownerOf(merchantId);
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
          const r = await offerRequests.create(customerOf(customer.id), {
            offerId: offer.id,
            branchId,
            payWith,
          });
          if (approve) await offerRequests.approve(staff, r.id);
        },
      );
    }
    const [branchId] = await repo.branchIdsOf(merchantId);
    for (const [ci, amount, approve] of plan.redeems) {
      const customer = customers[ci];
      if (!customer || branchId === undefined) continue;
      await attempt(
        `${customer.name} redeems ${amount} P at ${m.name}${approve ? ', approved' : ', not approved'}`,
        async () => {
          const r = await redeems.create(customerOf(customer.id), {
            merchantId,
            branchId,
            amount,
          });
          if (approve) await redeems.approve(staff, { reqId: r.id, isApproved: true });
        },
      );
    }
  }
}
