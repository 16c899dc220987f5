/**
 * Requests begin in the order they arrived: each is let in on a turn of the event loop of its own
 * (docs/architecture.md, "A request"; bench/README.md, "Requests in the order they came").
 *
 * Without this, a busy server works through every request one poll of its sockets found before it
 * polls again, and the kernel hands them over in the order of the poll before: the connection whose
 * next request came in just after a poll was served last in the next round too, and waited two
 * rounds instead of one. At 32 connections that was one request in thirty, and it set p99 at about
 * twice the median. Letting one request in per turn, with a poll between, serves them in the order
 * they came, so every request waits about as long as the others.
 *
 * A request let in runs as far as it can at once (on the embedded database, to its answer); one
 * waiting for the network or a hash lets the next in. An idle server lets a request in on the next
 * turn, a few microseconds later.
 */
import type { FastifyInstance } from 'fastify';

export class Turns {
  private readonly line: (() => void)[] = [];
  private head = 0;
  private scheduled = false;

  /** Requests received and not yet let in. */
  get waiting(): number {
    return this.line.length - this.head;
  }

  /** Calls `go` on a turn of the event loop after those of every request that came before it. */
  enter(go: () => void): void {
    this.line.push(go);
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(this.next);
    }
  }

  /** Lets the first in line in; a later one waits for the next turn, after the next poll. */
  private readonly next = (): void => {
    const go = this.line[this.head];
    this.line[this.head++] = noop;
    if (this.head === this.line.length) {
      this.line.length = 0;
      this.head = 0;
      this.scheduled = false;
    } else {
      if (this.head >= 1024) {
        this.line.splice(0, this.head);
        this.head = 0;
      }
      setImmediate(this.next);
    }
    go();
  };
}

const noop = () => undefined;

/** Every request of `app` waits for its turn before its first hook (registered before any other). */
export function registerTurns(app: FastifyInstance): Turns {
  const turns = new Turns();
  app.addHook('onRequest', (_request, _reply, done) => turns.enter(done));
  return turns;
}
