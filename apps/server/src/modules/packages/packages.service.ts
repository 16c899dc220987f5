import { randomUUID } from 'node:crypto';
import { clock, LIMITS, type PackageRequest } from '@loyalty/contract';
import type { MerchantCaller } from '../../core/caller';
import type { ServiceDeps } from '../../core/deps';
import { conflict, notFound } from '../../core/errors';
import { isUniqueViolation } from '../../db/dialect';
import { pageOf } from '../../lib/paging';
import { audit } from '../../platform/audit/audit';
import { move } from '../../platform/ledger/ledger.service';
import { type ChargeResult, GatewayUnavailableError } from '../../platform/payments/payment-gateway';
import type { CardsService } from '../cards/cards.service';
import { toInvoice, toPackage, toPackageRequest } from './packages.mapper';
import type { AttemptRow, PackageRow } from './packages.repository';

/** The ledger reason of a package purchase; reference `package_request:<id>`. */
export const PACKAGE_PURCHASE_REASON = 'packagePurchase';
/** A worker holding a payment attempt longer than this is presumed gone; a retry takes over. */
const LOCK_TTL_MS = 2 * 60_000;
/** How long a doubled request waits for the first one to finish before answering "in progress". */
const WAIT_MS = 25_000;
/**
 * Stripe keeps an idempotency key 24 hours; an attempt older than this (with an hour's margin) is not
 * charged again with its key but looked up at the gateway (docs/domain.md, "Buying a package").
 */
export const RECONCILE_AFTER_MS = 23 * 3600_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Paging = { pageNum?: number; limit?: number };
type Bought = PackageRequest & { balance: number };

export interface BuyPackage {
  packageId: number;
  cardId: number;
  paymentType?: string;
  paymentId?: string;
  idempotencyKey?: string;
}

/**
 * Points packages, their purchase with a saved card, and invoices (SPEC §2, §3, §7; docs/domain.md, packages and the ledger).
 *
 * Buying (docs/domain.md, "Buying a package"): one payment attempt per (merchant, idempotency
 * key) is the lock — the request that inserts it charges the card (the gateway gets the attempt's
 * own idempotency key), the others wait for its outcome and answer the same. An attempt older than
 * the gateway keeps keys is looked up at the gateway instead of charged again. A declined charge
 * deletes the attempt and changes nothing; a successful one, in ONE transaction, marks the attempt
 * done, records the package request and its invoice and credits the points to the ledger.
 */
export function packagesService(
  { store, payments, log }: ServiceDeps<'activity' | 'ledger' | 'packages', 'payments' | 'log'>,
  cards: CardsService,
) {
  const repo = store.packages;

  async function purchase(merchantId: number, id: number): Promise<PackageRequest> {
    const row = await repo.purchase(merchantId, id);
    if (!row) throw notFound('purchaseNotFound');
    return toPackageRequest(row, clock.today());
  }

  const bought = async (merchantId: number, id: number): Promise<Bought> => ({
    ...(await purchase(merchantId, id)),
    balance: await repo.merchantBalance(merchantId),
  });

  /** Charges the attempt's card (this worker holds its lock) and records the purchase. */
  async function complete(
    caller: MerchantCaller,
    attempt: AttemptRow,
    lockId: string,
    pkg: PackageRow,
  ): Promise<Bought> {
    const card = await cards.chargeable(caller.merchantId, attempt.cardId).catch(async (err) => {
      await repo.release(attempt.id, lockId); // the card was deleted meanwhile: leave the attempt to a later retry
      throw err;
    });
    let result: ChargeResult;
    const reference = `package_purchase:${attempt.id}`;
    const charge = (idempotencyKey: string) =>
      payments.charge({
        token: card.token,
        amountCents: attempt.amountCents,
        currency: 'usd',
        idempotencyKey,
        reference,
        description: `${pkg.name}: ${attempt.points} points`,
      });
    try {
      if (Date.now() - Date.parse(attempt.createdAt) < RECONCILE_AFTER_MS) result = await charge(reference);
      else {
        // the gateway may have forgotten the key: what became of the charges made for this attempt?
        const found = await payments.findCharge({ token: card.token, reference, since: new Date(attempt.createdAt) });
        log.info(
          { attemptId: attempt.id, found: found?.status ?? 'none' },
          'package purchase: reconciled with the gateway',
        );
        // none was made: a fresh key, since the first one may still be known with another outcome
        result = found ?? (await charge(`${reference}:${Date.now()}`));
      }
    } catch (err) {
      // the outcome is unknown: keep the attempt so that a retry asks the gateway again with the same key
      await repo.release(attempt.id, lockId);
      if (err instanceof GatewayUnavailableError) {
        log.warn({ attemptId: attempt.id, err: err.message }, 'package purchase: payment outcome unknown');
        throw conflict('paymentFailed');
      }
      throw err;
    }
    if (result.status === 'declined') {
      await repo.deleteAttempt(attempt.id, lockId);
      log.info({ merchantId: caller.merchantId, reason: result.reason }, 'package purchase: card declined');
      throw conflict('cardDeclined');
    }
    const chargeId = result.chargeId;
    const record = () =>
      store.transaction(async (tx) => {
        if (!(await tx.packages.completeAttempt(attempt.id, lockId, chargeId))) return null; // taken over meanwhile
        const { id } = await tx.packages.insertPurchase({
          merchantId: caller.merchantId,
          packageId: attempt.packageId,
          paymentAttemptId: attempt.id,
          cardId: card.id,
          cardBrand: card.brand,
          cardLast4: card.last4,
          points: attempt.points,
          amountCents: attempt.amountCents,
          paymentType: attempt.paymentType,
          paymentId: attempt.paymentId,
          chargeId,
        });
        await tx.packages.insertInvoice({
          merchantId: caller.merchantId,
          packageRequestId: id,
          name: pkg.name,
          nameAr: pkg.nameAr,
          description: pkg.description,
          descriptionAr: pkg.descriptionAr,
          amountCents: attempt.amountCents,
          status: 'paid',
        });
        await move(tx, {
          to: { type: 'merchant', id: caller.merchantId },
          amount: attempt.points,
          reason: PACKAGE_PURCHASE_REASON,
          reference: `package_request:${id}`,
        });
        await audit(tx, caller, {
          action: 'package.purchase',
          entity: 'packageRequest',
          entityId: id,
          branchId: null,
          after: { package: pkg.name, points: attempt.points, amountCents: attempt.amountCents, card: card.last4 },
        });
        return id;
      });
    let purchaseId: number | null;
    try {
      purchaseId = await record();
    } catch (err) {
      // charged but not recorded (the database failed): the next request with this key takes the
      // attempt over at once, gets the same charge from the gateway and records it
      await repo.release(attempt.id, lockId).catch(() => undefined);
      log.error({ attemptId: attempt.id, chargeId, err }, 'package purchase: charged, not recorded yet');
      throw err;
    }
    if (purchaseId === null) return waitFor(caller, attempt.idempotencyKey, attempt);
    log.info({ merchantId: caller.merchantId, packageRequestId: purchaseId }, 'package bought');
    return bought(caller.merchantId, purchaseId);
  }

  /** Another request holds this key: answer its outcome, or take the attempt over when its worker is gone. */
  async function waitFor(
    caller: MerchantCaller,
    key: string,
    sent: Pick<AttemptRow, 'packageId' | 'cardId'>,
  ): Promise<Bought> {
    const deadline = Date.now() + WAIT_MS;
    for (;;) {
      const a = await repo.attempt(caller.merchantId, key);
      if (!a) throw conflict('cardDeclined'); // only a declined attempt is removed
      if (a.packageId !== sent.packageId || a.cardId !== sent.cardId) throw conflict('paymentKeyReused');
      if (a.status === 'succeeded') {
        const id = await repo.purchaseIdOfAttempt(a.id);
        if (id !== undefined) return bought(caller.merchantId, id);
      } else {
        const lockId = randomUUID();
        if (await repo.takeOver(a.id, lockId, new Date(Date.now() - LOCK_TTL_MS).toISOString())) {
          const pkg = await repo.activePackage(a.packageId);
          if (!pkg) throw notFound('packageNotFound');
          return complete(caller, { ...a, lockId }, lockId, pkg);
        }
      }
      if (Date.now() > deadline) throw conflict('paymentInProgress');
      await sleep(50);
    }
  }

  return {
    async list(v: Paging & { page?: number }) {
      const today = clock.today();
      const { rows, count } = await repo.forSale(today, pageOf({ limit: v.limit, pageNum: v.pageNum ?? v.page }));
      return { packageData: { rows: rows.map((p) => toPackage(p, today)), count } };
    },

    async details(id: number) {
      const pkg = await repo.activePackage(id);
      if (!pkg) throw notFound('packageNotFound');
      return toPackage(pkg, clock.today());
    },

    async buy(caller: MerchantCaller, v: BuyPackage) {
      const pkg = await repo.activePackage(v.packageId);
      if (!pkg) throw notFound('packageNotFound');
      if (pkg.validto !== null && pkg.validto < clock.today()) throw conflict('packageExpired');
      await cards.chargeable(caller.merchantId, v.cardId);
      // a double tap sends the same body within moments: without a key, that is the key
      const key =
        v.idempotencyKey ??
        `auto:${v.packageId}:${v.cardId}:${v.paymentId ?? ''}:${Math.floor(clock.now().getTime() / 60_000)}`;
      const sent = { packageId: v.packageId, cardId: v.cardId };
      // a retry of a purchase answers it (even one that filled the balance up to the cap)
      if (await repo.attempt(caller.merchantId, key)) return waitFor(caller, key, sent);
      // checked before any charge: the ledger would refuse the credit after the card was charged
      if ((await repo.merchantBalance(caller.merchantId)) + pkg.points > LIMITS.balanceMax)
        throw conflict('balanceLimit');
      const lockId = randomUUID();
      let attempt: AttemptRow;
      try {
        attempt = await repo.insertAttempt({
          merchantId: caller.merchantId,
          idempotencyKey: key,
          packageId: pkg.id,
          cardId: v.cardId,
          amountCents: pkg.amountCents,
          points: pkg.points,
          paymentType: v.paymentType ?? 'card',
          paymentId: v.paymentId ?? null,
          lockId,
        });
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
        return waitFor(caller, key, sent);
      }
      return complete(caller, attempt, lockId, pkg);
    },

    async purchases(caller: MerchantCaller, v: Paging) {
      const today = clock.today();
      const { rows, count } = await repo.purchases(caller.merchantId, pageOf(v));
      return { rows: rows.map((r) => toPackageRequest(r, today)), count };
    },

    purchase: (caller: MerchantCaller, id: number) => purchase(caller.merchantId, id),

    async invoices(caller: MerchantCaller, v: Paging) {
      const { rows, count } = await repo.invoices(caller.merchantId, pageOf(v));
      return { rows: rows.map(toInvoice), count };
    },

    async invoice(caller: MerchantCaller, id: number) {
      const row = await repo.invoice(caller.merchantId, id);
      if (!row) throw notFound('invoiceNotFound');
      return toInvoice(row);
    },
  };
}

export type PackagesService = ReturnType<typeof packagesService>;
