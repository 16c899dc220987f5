import type { InTransaction, StoreOf } from '../../core/deps';
import type { Repos } from '../../repositories/registry';
import type { LogEntry } from './operator-console.service';

/** The entry to write for a change: an entry `fromChange` takes `done`, what the change did, as its detail. */
export const withDone = (entry: LogEntry, done: Record<string, unknown>): LogEntry =>
  entry.fromChange ? { ...entry, detail: done } : entry;

/**
 * A transaction for another module's write (InTransaction) that also writes the operator log row
 * `entry` (when there is one, and when `logged` says of the write's answer that something changed):
 * a failed change leaves no log row, a failed log write undoes the change. Marks `entry.written`.
 * `done` says of the write's answer what the change did, for an entry `fromChange` (withDone).
 */
export function loggedTransaction<S extends keyof Repos, K extends S>(
  store: StoreOf<S | 'operator'>,
  entry: LogEntry | undefined,
  logged: (r: unknown) => boolean = () => true,
  done?: (r: never) => Record<string, unknown>,
): InTransaction<K> {
  return async (write) => {
    const out = await store.transaction(async (tx) => {
      const r = await write(tx);
      if (entry && logged(r)) {
        const e = done ? withDone(entry, done(r as never)) : entry;
        await tx.operator.insertAction(e.actor, e.action, e.detail, e.operatorId, e.ip);
      }
      return r;
    });
    if (entry) entry.written = true;
    return out;
  };
}
