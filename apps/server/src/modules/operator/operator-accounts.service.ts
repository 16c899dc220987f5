/**
 * Operator accounts (issue 25; docs/security.md, "Operator accounts"): people with a role, an
 * argon2id password and an authenticator (TOTP) secret, who sign in to the console with all three.
 * Sign-ins are counted by the same limiter as the app's (a wrong part of any kind counts, and all
 * answer the same 401); a session lasts 8 hours at most and ends after 30 minutes unused.
 */
import { clock, type OperatorRole } from '@loyalty/contract';
import type { ServiceDeps } from '../../core/deps';
import { AppError, conflict, notFound } from '../../core/errors';
import { isUniqueViolation } from '../../db/dialect';
import { hashToken, newToken } from '../../lib/tokens';
import { newTotpSecret, otpauthUri, verifyTotp } from '../../lib/totp';
import type { Sealer } from '../../platform/secrets/sealing';
import {
  endOperatorSession,
  endOperatorSessions,
  startOperatorSession,
  touchOperatorSession,
} from '../auth/operator-sessions';
import type { LogEntry } from './operator-console.service';
import { withDone } from './operator-log';

const MINUTE = 60_000;
const BASE32 = /^[A-Z2-7]+=*$/;
export const OPERATOR_SESSION_TTL_MS = 8 * 60 * MINUTE;
export const OPERATOR_SESSION_IDLE_MS = 30 * MINUTE;

export interface NewOperator {
  mobile: string;
  name: string;
  nameAr?: string | null;
  role: OperatorRole;
  password: string;
}

/** The operator of a console session. */
export interface OperatorSession {
  sessionId: number;
  operator: { id: number; name: string; nameAr: string | null; role: OperatorRole; mobile: string | null };
}

export function operatorAccountsService(
  deps: ServiceDeps<'accounts' | 'operatorAccounts' | 'operatorConsole', 'passwords' | 'signInLimiter'>,
  /** Seals the TOTP secrets at rest (platform/secrets/sealing.ts). */
  sealer: Sealer,
) {
  const { store, passwords, signInLimiter } = deps;
  const repo = store.operatorAccounts;
  const wrong = () => new AppError(401, 'invalidCredentials');
  const stamp = (entry: LogEntry) => ({ ...entry, at: clock.nowIso() });

  return {
    /** A new account and the URI its authenticator app scans (shown once). */
    async add(v: NewOperator, entry?: LogEntry) {
      const passwordHash = await passwords.hashNew(v.password);
      const totpSecret = newTotpSecret();
      const sealed = await sealer.seal(totpSecret);
      try {
        const operator = await store.transaction(async (tx) => {
          const row = await tx.operatorAccounts.insert({
            name: v.name.trim(),
            nameAr: v.nameAr?.trim() || null,
            role: v.role,
            mobile: v.mobile,
            passwordHash,
            totpSecret: sealed,
          });
          const done = { operatorId: row.id, mobile: row.mobile, role: row.role };
          if (entry) await tx.operatorConsole.insertAction(stamp(withDone(entry, done)));
          return row;
        });
        if (entry) entry.written = true;
        return { operator, otpauthUri: otpauthUri(v.mobile, totpSecret) };
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict('operatorMobileTaken');
        throw err;
      }
    },

    /** Signs in with mobile, password and a code of the authenticator: a session token. */
    async login(
      v: { username: string; password: string; otp: string },
      address: string,
      entry?: Omit<LogEntry, 'actor' | 'operatorId'>,
    ) {
      const ticket = await signInLimiter.begin('operator', v.username, address);
      let ok = false;
      let row: Awaited<ReturnType<typeof repo.credentialsOf>>;
      try {
        row = await repo.credentialsOf(v.username);
        ok = await passwords.verify(v.password, row?.passwordHash ?? undefined, 'signIn');
      } catch (err) {
        await ticket.cancelled();
        throw err;
      }
      // a secret that does not open (another key, changed bytes) is one more wrong part: the same 401
      let opened: Awaited<ReturnType<Sealer['open']>>;
      if (ok && row && !row.disabledAt && row.totpSecret) {
        opened = await sealer.open(row.totpSecret);
        const secret = opened && BASE32.test(opened.plain) ? opened.plain : undefined;
        const step = secret ? verifyTotp(secret, v.otp, clock.now().getTime(), row.totpLastStep) : null;
        ok = step !== null && (await repo.useStep(row.id, step));
      } else ok = false;
      if (!ok || !row) {
        await ticket.failed();
        throw wrong();
      }
      await ticket.succeeded();
      const token = newToken();
      const expiresAt = new Date(clock.now().getTime() + OPERATOR_SESSION_TTL_MS).toISOString();
      // a secret sealed by the previous key, or stored before sealing, is sealed with the current one
      const resealed = opened?.stale ? await sealer.seal(opened.plain) : undefined;
      await store.transaction(async (tx) => {
        await startOperatorSession(tx, hashToken(token), row.id, expiresAt);
        if (resealed && row.totpSecret) await tx.operatorAccounts.replaceSecret(row.id, row.totpSecret, resealed);
        if (entry)
          await tx.operatorConsole.insertAction(stamp({ ...entry, actor: `operator:${row.id}`, operatorId: row.id }));
      });
      const { passwordHash: _p, totpSecret: _s, totpLastStep: _l, ...operator } = row;
      return { token, operator };
    },

    /** The operator of a live console session (a use of it), or undefined: unknown, ended, idle, disabled. */
    async resolve(token: string): Promise<OperatorSession | undefined> {
      if (!token) return undefined;
      const s = await repo.session(hashToken(token));
      if (!s) return undefined;
      const now = clock.now().getTime();
      const since = now - Date.parse(s.lastSeenAt ?? s.sessionCreatedAt);
      if (since > OPERATOR_SESSION_IDLE_MS) return undefined;
      if (since > MINUTE) await touchOperatorSession(store, s.sessionId, new Date(now).toISOString());
      return {
        sessionId: s.sessionId,
        operator: { id: s.id, name: s.name, nameAr: s.nameAr, role: s.role, mobile: s.mobile },
      };
    },

    /** Ends a console session, with its log entry in the same transaction. */
    async logout(sessionId: number, entry?: LogEntry) {
      await store.transaction(async (tx) => {
        await endOperatorSession(tx, sessionId);
        if (entry) await tx.operatorConsole.insertAction(stamp(entry));
      });
      if (entry) entry.written = true;
    },

    async me(id: number) {
      const row = await repo.byId(id);
      if (!row) throw notFound('operatorNotFound');
      return row;
    },

    list: () => repo.list(),

    /** Disables an account and ends its sessions (and logs it, in that transaction); not oneself. Idempotent. */
    async disable(id: number, by: number, entry?: LogEntry) {
      if (id === by) throw conflict('cannotDisableSelf');
      const row = await repo.byId(id);
      if (!row || row.mobile === null) throw notFound('operatorNotFound');
      await store.transaction(async (tx) => {
        await tx.operatorAccounts.disable(id);
        await endOperatorSessions(tx, id);
        if (entry) await tx.operatorConsole.insertAction(stamp(entry));
      });
      if (entry) entry.written = true;
      return (await repo.byId(id)) ?? row;
    },
  };
}

export type OperatorAccountsService = ReturnType<typeof operatorAccountsService>;
