/**
 * Stopping cleanly on SIGTERM, SIGINT or SIGHUP, however the server was started (README, "Stopping"):
 * after a short drain (`drainMs`), stop accepting connections, let in-flight requests finish within
 * a bound, close the database, exit 0. The drain lets the server read every request a client sent
 * before the signal: closing the listener also closes the keep-alive connections that look idle,
 * and one whose request is still in the socket's buffer looks idle too (its client would see the
 * connection reset for a request it sent before the signal). When the bound passes, open connections are cut and the exit goes on. A second signal
 * exits at once (code 1).
 *
 * One Ctrl-C reaches the server more than once: the terminal signals every process of the
 * foreground group, and npm and scripts/start.mjs forward what they receive. Repeats of a signal
 * within `repeatWindowMs` of the first are that same request and are ignored.
 */

export const SHUTDOWN_SIGNALS = ['SIGTERM', 'SIGINT', 'SIGHUP'] as const;
export type ShutdownSignal = (typeof SHUTDOWN_SIGNALS)[number];

export interface ShutdownOptions {
  /** Stops the server (waiting for in-flight requests) and closes the database. */
  close: () => Promise<void>;
  /** Cuts the connections still open when the bound has passed. */
  forceClose: () => void;
  /**
   * Closes keep-alive connections that have gone idle, called every 250 ms while closing: a
   * connection whose request was in flight when the close began would otherwise stay open (and
   * hold the close up) until its keep-alive timeout once answered.
   */
  closeIdle?: () => void;
  log: { info(msg: string): void; warn(msg: string): void; error(obj: unknown, msg: string): void };
  /** How long the server keeps serving as usual after the signal before it closes (300 ms). */
  drainMs?: number;
  /** How long in-flight requests get to finish (10 s, counted from the signal). */
  timeoutMs?: number;
  /** How long after cutting connections the close may still take before the process exits anyway (2 s). */
  graceAfterForceMs?: number;
  repeatWindowMs?: number;
  exit?: (code: number) => void;
  /** Where the signals come from (the process; a test passes an emitter). */
  signals?: { on(signal: ShutdownSignal, listener: () => void): unknown };
  now?: () => number;
}

/** Installs the handlers; returns the function they call, for tests. */
export function stopOnSignals(opts: ShutdownOptions): (signal: ShutdownSignal) => void {
  const exit = opts.exit ?? ((code: number) => process.exit(code));
  const now = opts.now ?? Date.now;
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const graceAfterForceMs = opts.graceAfterForceMs ?? 2_000;
  const repeatWindowMs = opts.repeatWindowMs ?? 1_000;
  const drainMs = opts.drainMs ?? 300;
  let firstAt: number | undefined;
  let exited = false;
  const finish = (code: number) => {
    if (exited) return;
    exited = true;
    exit(code);
  };

  const onSignal = (signal: ShutdownSignal) => {
    if (firstAt !== undefined) {
      if (now() - firstAt < repeatWindowMs) return;
      opts.log.warn(`${signal} again: exiting at once`);
      finish(1);
      return;
    }
    firstAt = now();
    opts.log.info(`${signal}: shutting down (in-flight requests get ${Math.round(timeoutMs / 1000)} s)`);
    const force = setTimeout(() => {
      opts.log.warn('requests still open after the shutdown bound: closing their connections');
      opts.forceClose();
      setTimeout(() => {
        opts.log.warn('shutdown did not finish: exiting');
        finish(1);
      }, graceAfterForceMs).unref();
    }, timeoutMs);
    force.unref();
    let reap: NodeJS.Timeout | undefined;
    const closed = (async () => {
      if (drainMs > 0) await new Promise((resolve) => setTimeout(resolve, drainMs));
      reap = opts.closeIdle ? setInterval(opts.closeIdle, 250) : undefined;
      reap?.unref();
      await opts.close();
    })();
    closed.then(
      () => {
        clearTimeout(force);
        clearInterval(reap);
        opts.log.info('stopped');
        finish(0);
      },
      (err: unknown) => {
        clearTimeout(force);
        clearInterval(reap);
        opts.log.error({ err }, 'shutdown failed');
        finish(1);
      },
    );
  };
  const signals = opts.signals ?? process;
  for (const s of SHUTDOWN_SIGNALS) signals.on(s, () => onSignal(s));
  return onSignal;
}
