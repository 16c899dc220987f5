/** The command line's arguments (`--key value` flags) and its operator log entries. */

import { OperatorError, type OperatorService } from '../modules/operator/operator.service';
import type { LogEntry } from '../modules/operator/operator-console.service';
import { USAGE } from './admin-usage';

/** `--key value` pairs; a flag without a value, or an unknown one, is refused. */
export function flags(args: string[], known: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < args.length; i += 2) {
    const key = args[i];
    const value = args[i + 1];
    if (!key.startsWith('--') || !known.includes(key.slice(2)))
      throw new OperatorError(`Unknown option ${key}; expected ${known.map((k) => `--${k}`).join(', ')}.\n\n${USAGE}`);
    if (value === undefined || value.startsWith('--')) throw new OperatorError(`${key} needs a value.\n\n${USAGE}`);
    out[key.slice(2)] = value;
  }
  return out;
}

/**
 * The log entry of a change made on the command line: who (its built-in operator) and when
 * (docs/domain.md, "Operator"), written in the change's transaction; its detail is what the change
 * did, filled in by the service (`fromChange`).
 */
export const cliEntry = async (op: OperatorService, action: string): Promise<LogEntry> => ({
  actor: 'cli',
  operatorId: await op.operatorIdOf('cli'),
  ip: null,
  action,
  detail: {},
  fromChange: true,
});
