/**
 * Sessions (docs/security.md, "Tokens"): a random token, only its SHA-256 stored, an absolute
 * lifetime (30 days) and an idle time after which an unused session no longer resolves (sliding:
 * each use moves it on; 7 days for merchants and customers, 12 hours for staff and couriers). The
 * live feed is opened with a short-lived single-use ticket instead of the token, which never
 * travels in a URL.
 */
import type { StaffRole } from '@loyalty/contract';
import type { Caller } from '../../core/caller';
import type { ServiceDeps, SessionIdle } from '../../core/deps';
import type { SessionSubjectType, SubjectType } from '../../db/schema';
import { hashToken, newToken } from '../../lib/tokens';
import type { Repos } from '../../repositories/registry';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const SESSION_IDLE: SessionIdle = { ownerMs: 7 * 24 * HOUR, staffMs: 12 * HOUR };
/** The absolute lifetime of a session, however much it is used. */
export const SESSION_TTL_MS = 30 * 24 * HOUR;
/** How long a live-feed ticket may wait to be used (once). */
export const STREAM_TICKET_TTL_MS = MINUTE;

type SessionRow = NonNullable<Awaited<ReturnType<Repos['accounts']['liveSessionCaller']>>>;

/** The caller of a live session row, or null when its account is gone or may not act. */
function callerOf(s: SessionRow): Caller | null {
  const base = { sessionId: s.sessionId, id: s.subjectId, mustChangePassword: false };
  switch (s.subjectType) {
    case 'merchant':
      if (s.merchantId === null || s.merchantStatus === null) return null;
      return {
        ...base,
        type: 'merchant',
        role: 'merchant',
        merchantId: s.merchantId,
        branchId: null,
        merchantStatus: s.merchantStatus,
      };
    case 'merchantUser':
      if (s.staffIsActive !== 1 || s.merchantId === null || s.merchantStatus === null) return null;
      return {
        ...base,
        type: 'merchantUser',
        role: s.staffRule as StaffRole,
        merchantId: s.merchantId,
        branchId: s.staffBranchId,
        merchantStatus: s.merchantStatus,
        staffPermissions: s.staffPermissions,
      };
    case 'user':
      if (s.customerId === null) return null;
      return {
        ...base,
        type: 'user',
        role: 'user',
        merchantId: null,
        branchId: null,
        merchantStatus: null,
        mustChangePassword: s.mustChangePassword === 1,
      };
    default:
      return null;
  }
}

export function sessionKeeper(deps: ServiceDeps<'accounts', 'sessionTtlMs' | 'sessionIdle'>) {
  const repo = deps.store.accounts;
  const idleFor = (type: SessionSubjectType) =>
    type === 'merchantUser' ? deps.sessionIdle.staffMs : deps.sessionIdle.ownerMs;
  let lastPrune = 0;

  /** The caller of a session row that is not idle; `use` records this request as a use. */
  async function live(s: SessionRow | undefined, use: boolean): Promise<Caller | null> {
    if (!s) return null;
    const idle = idleFor(s.subjectType);
    const now = Date.now();
    const since = now - Date.parse(s.lastSeenAt ?? s.createdAt);
    if (since > idle) return null;
    // one write a minute at most (sooner for short idle times)
    const step = Math.min(MINUTE, idle / 4);
    if (use && since > step) await repo.touchSession(s.sessionId, new Date(now - step).toISOString());
    return callerOf(s);
  }

  return {
    async start(subjectType: SubjectType, subjectId: number, deviceId?: string) {
      const token = newToken();
      const expiresAt = new Date(Date.now() + deps.sessionTtlMs).toISOString();
      const id = await repo.insertSession({ tokenHash: hashToken(token), subjectType, subjectId, expiresAt, deviceId });
      return { id, token, expiresAt };
    },

    /** Resolves a token to its caller (a use of the session), or null: unknown, expired, idle, revoked, account gone. */
    resolveCaller: async (token: string): Promise<Caller | null> =>
      live(await repo.liveSessionCaller(hashToken(token)), true),

    /** Whether a session still stands, without counting as a use (an open live feed is not activity). */
    stillLive: async (sessionId: number): Promise<Caller | null> =>
      live(await repo.liveSessionCallerById(sessionId), false),

    /** A single-use ticket that opens the live feed for this session within a minute. */
    async streamTicket(caller: Caller) {
      const now = Date.now();
      if (now - lastPrune > 10 * MINUTE) {
        lastPrune = now;
        await repo.pruneStreamTickets(new Date(now - HOUR).toISOString());
      }
      const ticket = newToken();
      const expiresAt = new Date(now + STREAM_TICKET_TTL_MS).toISOString();
      await repo.insertStreamTicket({ ticketHash: hashToken(ticket), sessionId: caller.sessionId, expiresAt });
      return { ticket, expiresAt };
    },

    /** The caller of a ticket, using it up; null when it is unknown, expired, used or its session ended. */
    async redeemTicket(ticket: string): Promise<Caller | null> {
      const sessionId = await repo.useStreamTicket(hashToken(ticket));
      return sessionId === undefined ? null : live(await repo.liveSessionCallerById(sessionId), false);
    },
  };
}

export type SessionKeeper = ReturnType<typeof sessionKeeper>;
