/**
 * The points ledger (docs/domain.md): the ONLY way a merchant's or a customer's balance changes.
 * Every change is a conditional balance update and its append-only ledger row, in the caller's
 * transaction; no balance goes below zero; a (account, reason, reference) moves at most once.
 * docs/domain.md lists every movement, its reason and its reference.
 */

import { conflict } from '../../core/errors';
import { isUniqueViolation } from '../../db/dialect';
import type { Repos } from '../../repositories/registry';
import type { Account, Leg } from './ledger.repository';

export type { Account, AccountType, Leg } from './ledger.repository';

/** Why points moved; the reference names the thing that moved them. */
export const LEDGER_REASONS = {
  /** The operator grants a customer points (`customer grant`); reference `grant:<uuid>`. */
  grant: 'grant',
  /** An approved offer request paid with points; reference `offer_request:<id>`. */
  offerRequest: 'offerRequest',
  /** An approved redeem request; reference `redeem_request:<id>`. */
  redeem: 'redeem',
} as const;
export type LedgerReason = (typeof LEDGER_REASONS)[keyof typeof LEDGER_REASONS] | (string & {});

export interface Move {
  /** The account debited; none for a grant. */
  from?: Account;
  /** The account credited; none for a pure debit. */
  to?: Account;
  /** Points, a positive whole number. */
  amount: number;
  reason: LedgerReason;
  reference: string;
  /**
   * The caller's own conditional change in the same transaction (pending → done) already lets only
   * one transaction through per reference, so the look-up of an earlier movement is skipped: one
   * round trip less on the approvals' hot path (bench/README.md, "Approvals"). The unique key on
   * (account, reason, reference) still refuses a second movement (AlreadyMovedError).
   */
  guardedByChange?: boolean;
}

/**
 * Another transaction already wrote this movement (its ledger row exists). The caller's
 * transaction must roll back; the movement itself happened exactly once.
 */
export class AlreadyMovedError extends Error {
  constructor(readonly reference: string) {
    super(`ledger movement ${reference} already made`);
    this.name = 'AlreadyMovedError';
  }
}

const keyOf = (a: Account) => `${a.type}:${String(a.id).padStart(12, '0')}`;

/**
 * The legs of `m` in the one lock order of every move, so no two moves deadlock: customers before
 * merchants. A merchant's row is the one every approval of that merchant waits for, so it is locked
 * last, held only while its ledger row is written and the transaction commits (bench/README.md,
 * "Approvals"). Refuses a move that is not one (an amount that is not a positive whole number, no
 * account, the same account twice).
 */
export function legsOf(m: Move): Leg[] {
  if (!Number.isSafeInteger(m.amount) || m.amount <= 0)
    throw new Error(`ledger amount must be a positive whole number: ${m.amount}`);
  if (!m.from && !m.to) throw new Error('a ledger move needs an account');
  if (m.from && m.to && keyOf(m.from) === keyOf(m.to)) throw new Error('a ledger move needs two different accounts');
  return [
    ...(m.from ? [{ account: m.from, delta: -m.amount }] : []),
    ...(m.to ? [{ account: m.to, delta: m.amount }] : []),
  ].sort((a, b) => keyOf(b.account).localeCompare(keyOf(a.account)));
}

/**
 * A leg that could not move: 409 `balanceLimit` for a credit over LIMITS.balanceMax, 409
 * `notEnoughPoints` (customer) or `merchantNotEnoughPoints` (merchant) for a debit below zero; an
 * account that does not exist is a bug of the caller's, not a refusal.
 */
export async function refusalOf(repos: Pick<Repos, 'ledger'>, leg: Leg): Promise<Error> {
  if (!(await repos.ledger.accountExists(leg.account)))
    return new Error(`no ${leg.account.type} account ${leg.account.id}`);
  if (leg.delta > 0) return conflict('balanceLimit');
  return conflict(leg.account.type === 'user' ? 'notEnoughPoints' : 'merchantNotEnoughPoints');
}

/**
 * Moves points inside the transaction `tx` (the repositories bound to it). Answers 'alreadyMoved' (and changes nothing) when this
 * (account, reason, reference) has moved before; throws 409 `notEnoughPoints` (customer) or
 * `merchantNotEnoughPoints` (merchant) when the debited balance is too small, 409 `balanceLimit`
 * when the credited one would go over LIMITS.balanceMax, and
 * AlreadyMovedError when a concurrent transaction wrote the same movement first.
 */
export async function move(tx: Pick<Repos, 'ledger'>, m: Move): Promise<'moved' | 'alreadyMoved'> {
  const repo = tx.ledger;
  const legs = legsOf(m);
  if (!m.guardedByChange && (await repo.hasEntry(legs[0].account, m.reason, m.reference))) return 'alreadyMoved';
  let balances: (number | null)[];
  try {
    // both legs in one statement on PostgreSQL (ledger.repository.ts)
    balances = await repo.applyAndRecord(legs, m.reason, m.reference);
  } catch (err) {
    if (isUniqueViolation(err)) throw new AlreadyMovedError(m.reference);
    throw err;
  }
  const failed = balances.indexOf(null);
  if (failed >= 0) throw await refusalOf(tx, legs[failed]);
  return 'moved';
}

export const ledgerService = { move };
