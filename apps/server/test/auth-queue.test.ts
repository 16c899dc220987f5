/** The bounded hashing queue (docs/security.md): a few at once, a bounded line, 503 beyond it. */
import { describe, expect, it } from 'vitest';
import { AppError } from '../src/core/errors';
import { addressKey, delayFor, LOGIN_LIMITS } from '../src/lib/rate-limit';
import { WorkQueue } from '../src/lib/work-queue';

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
};
const tick = () => new Promise((r) => setTimeout(r, 0));

describe('WorkQueue', () => {
  it('runs at most `concurrency` tasks, queues `maxWaiting` in order and refuses the rest with 503', async () => {
    const q = new WorkQueue(2, 3);
    const gates = Array.from({ length: 5 }, deferred);
    const started: number[] = [];
    const runs = gates.map((g, i) =>
      q.run(async () => {
        started.push(i);
        await g.promise;
        return i;
      }),
    );
    await tick();
    expect(started).toEqual([0, 1]);
    expect(q.waiting).toBe(3);
    const refused = await q.run(async () => 'never').catch((e) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ status: 503, key: 'busy', retryAfter: 1 });

    gates[1].resolve();
    await tick();
    expect(started).toEqual([0, 1, 2]);
    gates[0].resolve();
    gates[2].resolve();
    await tick();
    expect(started).toEqual([0, 1, 2, 3, 4]);
    gates[3].resolve();
    gates[4].resolve();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3, 4]);
    expect(q.waiting).toBe(0);
    // every slot was given back: two run at once again
    const again = [deferred(), deferred(), deferred()];
    const s2: number[] = [];
    const r2 = again.map((g, i) =>
      q.run(() => {
        s2.push(i);
        return g.promise;
      }),
    );
    await tick();
    expect(s2).toEqual([0, 1]);
    for (const g of again) g.resolve();
    await Promise.all(r2);
  });

  it('a failing task frees its slot', async () => {
    const q = new WorkQueue(1, 0);
    await expect(q.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await q.run(async () => 'ok')).toBe('ok');
  });

  it('a place taken with acquire is given back once, however often its release is called', async () => {
    const q = new WorkQueue(1, 2);
    const first = await q.acquire();
    let second: (() => void) | undefined;
    let third: (() => void) | undefined;
    void q.acquire().then((r) => {
      second = r;
    });
    void q.acquire().then((r) => {
      third = r;
    });
    await tick();
    expect([q.active, q.waiting]).toEqual([1, 2]);
    first();
    first(); // a second call (an answer both finished and closed) gives nothing more
    await tick();
    expect(second).toBeDefined();
    expect(third).toBeUndefined();
    expect([q.active, q.waiting]).toEqual([1, 1]);
    second?.();
    await tick();
    third?.();
    third?.();
    expect([q.active, q.waiting]).toEqual([0, 0]);
  });
});

describe('policy helpers', () => {
  it('five free attempts per phone, then 1 s doubling up to 5 minutes', () => {
    const waits = Array.from({ length: 16 }, (_, i) => delayFor(i + 1, LOGIN_LIMITS.perPhone) / 1000);
    expect(waits).toEqual([0, 0, 0, 0, 1, 2, 4, 8, 16, 32, 64, 128, 256, 300, 300, 300]);
  });

  it('keys an IPv6 client by its /64 and an IPv4-mapped one by its IPv4 address', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('2001:db8:0:12:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:0:12::/64');
    expect(addressKey('2001:0db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });
});
