/**
 * Requests begin in the order they came, one a turn of the event loop (http/turns.ts): a request
 * that arrives while others wait goes behind them, and between two requests the loop polls again,
 * so one that arrived meanwhile is seen in its place instead of a round later.
 */
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerTurns, Turns } from '../src/http/turns';

/** The event loop's turns, counted by an immediate that queues itself again. */
function loopTurns() {
  let turn = 0;
  let on = true;
  const tick = () => {
    turn++;
    if (on) setImmediate(tick);
  };
  setImmediate(tick);
  return {
    now: () => turn,
    stop: () => {
      on = false;
    },
  };
}

describe('turns', () => {
  it('let the requests in in the order they came, each on a turn of its own', async () => {
    const turns = new Turns();
    const loop = loopTurns();
    const seen: { name: string; turn: number }[] = [];
    const done = new Promise<void>((resolve) => {
      const enter = (name: string, then?: () => void) =>
        turns.enter(() => {
          seen.push({ name, turn: loop.now() });
          then?.();
        });
      enter('a', () => enter('d')); // d comes while a runs: behind b and c, which came before it
      enter('b');
      enter('c', () => enter('e', resolve));
      expect(turns.waiting).toBe(3);
    });
    await done;
    loop.stop();
    expect(seen.map((s) => s.name)).toEqual(['a', 'b', 'c', 'd', 'e']);
    const at = seen.map((s) => s.turn);
    for (let i = 1; i < at.length; i++) expect(at[i]).toBeGreaterThan(at[i - 1]);
    expect(turns.waiting).toBe(0);
  });

  it('poll between two requests: I/O that completes while one runs is handled before the next begins', async () => {
    const turns = new Turns();
    const order: string[] = [];
    await new Promise<void>((resolve) => {
      turns.enter(() => {
        order.push('first');
        // a timer due now stands for a socket read ready now: it fires on the next turn's poll
        setTimeout(() => order.push('io'), 0);
        const until = Date.now() + 5;
        while (Date.now() < until); // the first request's synchronous work
      });
      turns.enter(() => {
        order.push('second');
        resolve();
      });
    });
    expect(order).toEqual(['first', 'io', 'second']);
  });

  it('keep a long line in order and give back its room', async () => {
    const turns = new Turns();
    const seen: number[] = [];
    await new Promise<void>((resolve) => {
      for (let i = 0; i < 3000; i++)
        turns.enter(() => {
          seen.push(i);
          if (i === 2999) resolve();
        });
    });
    expect(seen).toEqual(Array.from({ length: 3000 }, (_, i) => i));
    expect(turns.waiting).toBe(0);
  });

  it('hold every request of an app until its turn, and answer them in the order they came', async () => {
    const app = Fastify();
    const turns = registerTurns(app);
    const started: number[] = [];
    app.get('/n/:n', async (request) => {
      const n = Number((request.params as { n: string }).n);
      started.push(n);
      return { n };
    });
    await app.ready();
    const answers = await Promise.all([1, 2, 3, 4, 5].map((n) => app.inject({ method: 'GET', url: `/n/${n}` })));
    expect(answers.map((a) => a.json().n)).toEqual([1, 2, 3, 4, 5]);
    expect(started).toEqual([1, 2, 3, 4, 5]);
    expect(turns.waiting).toBe(0);
    await app.close();
  });
});
