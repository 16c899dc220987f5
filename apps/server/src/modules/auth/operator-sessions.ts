/**
 * Auth writes the sessions table (one writer per table: docs/decisions/0022), the console sessions of
 * operators (subject type `operator`) included. The operator module starts, touches and ends them
 * through these, with its transaction's repositories when it runs one.
 */
import type { Repos } from '../../repositories/registry';

type Sessions = Pick<Repos, 'accounts'>;

/** Stores a new console session of an operator; its id. */
export const startOperatorSession = (tx: Sessions, tokenHash: string, operatorId: number, expiresAt: string) =>
  tx.accounts.insertOperatorSession(tokenHash, operatorId, expiresAt);

/** Records a use of a console session at `at`. */
export const touchOperatorSession = (tx: Sessions, id: number, at: string) => tx.accounts.touchOperatorSession(id, at);

/** Ends one console session (unless it already ended). */
export const endOperatorSession = (tx: Sessions, id: number) => tx.accounts.revokeOperatorSession(id);

/** Ends every live console session of an operator. */
export const endOperatorSessions = (tx: Sessions, operatorId: number) => tx.accounts.revokeOperatorSessions(operatorId);
