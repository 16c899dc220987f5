import type { StoreOf } from '../../core/deps';
import { hashToken, newToken } from '../../lib/tokens';
import type { LogEntry } from './operator-console.service';
import { OPERATOR_TOKEN_DAYS, OPERATOR_TOKEN_MAX_DAYS, type OperatorActor, OperatorError } from './operator-input';
import { withDone } from './operator-log';

/** The operator tokens for scripts (`operator token`, `tokens`, `revoke`): each change with its log entry. */
export function operatorTokens(store: StoreOf<'operator'>) {
  const repo = store.operator;
  return {
    /**
     * A new operator token for `/api/admin/...`: printed once, only its hash is kept. It acts as the
     * command line's operator, who makes it, and stops working after `days` (OPERATOR_TOKEN_DAYS,
     * 30 by default, 365 at most).
     */
    async createToken(label?: string, days: string | number = OPERATOR_TOKEN_DAYS, entry?: LogEntry) {
      const n = Number(days);
      if (!Number.isInteger(n) || n < 1 || n > OPERATOR_TOKEN_MAX_DAYS)
        throw new OperatorError(`--days must be a whole number from 1 to ${OPERATOR_TOKEN_MAX_DAYS}, not ${days}`);
      const token = newToken();
      const expiresAt = new Date(Date.now() + n * 24 * 3600 * 1000).toISOString();
      const operatorId = await repo.cliOperatorId();
      const row = await store.transaction(async (tx) => {
        const made = await tx.operator.insertToken(hashToken(token), label?.trim() || null, operatorId, expiresAt);
        if (entry) {
          const e = withDone(entry, { tokenId: made.id, expiresAt });
          await tx.operator.insertAction(e.actor, e.action, e.detail, e.operatorId, e.ip);
        }
        return made;
      });
      if (entry) entry.written = true;
      return { id: row.id, token, expiresAt };
    },

    /** Every operator token with its label and dates (`operator tokens`). */
    listTokens: () => repo.tokens(),

    /**
     * `operator revoke <id>`: the token stops opening `/api/admin/...` at once, on every server
     * (each request looks it up). Revoking a revoked token changes nothing, says so and logs nothing.
     */
    async revokeToken(idText: string, entry?: LogEntry) {
      const id = Number(idText);
      if (!Number.isSafeInteger(id) || id <= 0) throw new OperatorError(`A token id is a whole number, not ${idText}`);
      const changed = await store.transaction(async (tx) => {
        const n = await tx.operator.revokeToken(id);
        if (n && entry) {
          const e = withDone(entry, { tokenId: id });
          await tx.operator.insertAction(e.actor, e.action, e.detail, e.operatorId, e.ip);
        }
        return n;
      });
      if (entry) entry.written = true;
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
  };
}
