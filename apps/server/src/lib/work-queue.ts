import { retryLater } from '../core/errors';

/** Runs at most `concurrency` tasks at once and keeps at most `maxWaiting` in line; beyond that, 503. */
export class WorkQueue {
  private running = 0;
  private readonly line: (() => void)[] = [];

  constructor(
    readonly concurrency: number,
    readonly maxWaiting: number,
  ) {}

  get waiting(): number {
    return this.line.length;
  }

  /** Tasks running now. */
  get active(): number {
    return this.running;
  }

  /**
   * Takes a place (waiting in line for one); the function answered gives it back, once however
   * often it is called. Beyond the line: 503.
   */
  async acquire(): Promise<() => void> {
    if (this.running < this.concurrency) this.running++;
    else if (this.line.length < this.maxWaiting) await new Promise<void>((go) => this.line.push(go));
    else throw retryLater(503, 'busy', 1);
    let given = false;
    return () => {
      if (given) return;
      given = true;
      // hand the slot to the next in line, or free it
      const next = this.line.shift();
      if (next) next();
      else this.running--;
    };
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    const release = await this.acquire();
    try {
      return await task();
    } finally {
      release();
    }
  }
}
