/**
 * The sign-in counters in Redis (REDIS_URL; docs/security.md, "Sign-in limits"), with the same
 * semantics as the database's throttle repository: each operation is one Lua script, which Redis
 * runs atomically, so parallel requests and every server process count exactly. A key is a hash
 * { count, nextAt, lastAt } that expires (PEXPIRE) once nothing in it can matter any more, so Redis
 * needs no pruning. When Redis does not answer, every call fails closed: 503 `busy` with a short
 * Retry-After (docs/decisions/0015-redis-limits-fail-closed.md).
 */
import type { Redis } from 'ioredis';
import { AppError, retryLater } from '../../core/errors';
import type { DelayPolicy, ThrottleStore } from '../../lib/rate-limit';

/** Seconds a client is asked to wait while Redis is unreachable. */
export const REDIS_DOWN_RETRY_SECONDS = 5;
/** A key lives this much longer than its contents matter (clocks of servers differ a little). */
const MARGIN_MS = 60_000;

/**
 * `delayFor` in Lua, over ARGV[3..5] = free, baseMs, maxMs: the next allowed start after the
 * `n`-th counted attempt at `at` (0 while attempts are free).
 */
const NEXT_AT = `
local function nextAt(n, at, free, base, max)
  if n < free then return 0 end
  return at + math.min(max, base * 2 ^ (n - free))
end
`;

/** KEYS: the keys → for each, count and nextAt (-1, 0 when absent). */
const PEEK = `
local out = {}
for i, key in ipairs(KEYS) do
  local row = redis.call('HMGET', key, 'count', 'nextAt')
  out[#out + 1] = tonumber(row[1]) or -1
  out[#out + 1] = tonumber(row[2]) or 0
end
return out
`;

/** ARGV: now, forgetMs, free, baseMs, maxMs → {1, nextAt} admitted or {0, nextAt} waiting. */
const ADMIT_DELAYED = `${NEXT_AT}
local now, forget = tonumber(ARGV[1]), tonumber(ARGV[2])
local free, base, max = tonumber(ARGV[3]), tonumber(ARGV[4]), tonumber(ARGV[5])
local row = redis.call('HMGET', KEYS[1], 'count', 'nextAt', 'lastAt')
local count = 1
if row[1] then
  local waitUntil = tonumber(row[2])
  if waitUntil > now then return {0, waitUntil} end
  if tonumber(row[3]) > now - forget then count = tonumber(row[1]) + 1 end
end
local next = nextAt(count, now, free, base, max)
redis.call('HSET', KEYS[1], 'count', count, 'nextAt', next, 'lastAt', now)
redis.call('PEXPIRE', KEYS[1], math.max(next - now, forget) + tonumber(ARGV[6]))
return {1, next}
`;

/** ARGV: countedAt, free, baseMs, maxMs → the wait becomes no longer than the remaining count sets. */
const REFUND_DELAYED = `${NEXT_AT}
local row = redis.call('HMGET', KEYS[1], 'count', 'nextAt')
local count = tonumber(row[1])
if not count or count <= 0 then return 0 end
count = count - 1
local cap = nextAt(count, tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4]))
redis.call('HSET', KEYS[1], 'count', count, 'nextAt', math.min(tonumber(row[2]), cap))
return 1
`;

/** ARGV: now, limit, windowMs → {1, windowEnd} admitted or {0, windowEnd} full. */
const ADMIT_WINDOW = `
local now, limit, window = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local row = redis.call('HMGET', KEYS[1], 'count', 'nextAt')
local count, ends = tonumber(row[1]), tonumber(row[2])
if not count or ends <= now then
  count, ends = 1, now + window
elseif count < limit then
  count = count + 1
else
  return {0, ends}
end
redis.call('HSET', KEYS[1], 'count', count, 'nextAt', ends, 'lastAt', now)
redis.call('PEXPIRE', KEYS[1], ends - now + tonumber(ARGV[4]))
return {1, ends}
`;

/** ARGV: now → one attempt of the current window given back. */
const REFUND_WINDOW = `
local row = redis.call('HMGET', KEYS[1], 'count', 'nextAt')
local count, ends = tonumber(row[1]), tonumber(row[2])
if not count or count <= 0 or ends <= tonumber(ARGV[1]) then return 0 end
redis.call('HSET', KEYS[1], 'count', count - 1)
return 1
`;

interface ThrottleCommands {
  throttlePeek(numKeys: number, ...keys: string[]): Promise<number[]>;
  throttleAdmitDelayed(key: string, ...args: number[]): Promise<[number, number]>;
  throttleRefundDelayed(key: string, ...args: number[]): Promise<number>;
  throttleAdmitWindow(key: string, ...args: number[]): Promise<[number, number]>;
  throttleRefundWindow(key: string, now: number): Promise<number>;
}

/**
 * A client for the limits: commands fail at once while Redis is unreachable (no offline queue,
 * one try, a 1 s command timeout) instead of holding sign-ins; it reconnects by itself.
 */
export async function connectRedis(url: string, keyPrefix = 'loyalty:'): Promise<Redis> {
  // ioredis is loaded only where REDIS_URL is set (bench/README.md, "Memory")
  const { Redis } = await import('ioredis');
  return new Redis(url, {
    keyPrefix,
    lazyConnect: false,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
    commandTimeout: 1000,
    retryStrategy: (times) => Math.min(times * 200, 2000),
  });
}

/** Whether the client is connected within `timeoutMs` (it keeps trying afterwards either way). */
export function redisReady(redis: Redis, timeoutMs: number): Promise<boolean> {
  if (redis.status === 'ready') return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (ok: boolean) => {
      clearTimeout(timer);
      redis.off('ready', onReady);
      resolve(ok);
    };
    const onReady = () => done(true);
    const timer = setTimeout(() => done(false), timeoutMs);
    redis.on('ready', onReady);
  });
}

const delayArgs = (p: DelayPolicy) => [p.free, p.baseMs, p.maxMs];

export function redisThrottleStore(redis: Redis, onError: (err: unknown) => void = () => {}): ThrottleStore {
  redis.defineCommand('throttlePeek', { lua: PEEK });
  redis.defineCommand('throttleAdmitDelayed', { numberOfKeys: 1, lua: ADMIT_DELAYED });
  redis.defineCommand('throttleRefundDelayed', { numberOfKeys: 1, lua: REFUND_DELAYED });
  redis.defineCommand('throttleAdmitWindow', { numberOfKeys: 1, lua: ADMIT_WINDOW });
  redis.defineCommand('throttleRefundWindow', { numberOfKeys: 1, lua: REFUND_WINDOW });
  const r = redis as unknown as Redis & ThrottleCommands;

  /** Fails closed: an unreachable Redis refuses the attempt (503), it never skips the limit. */
  const guarded = async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (err) {
      if (err instanceof AppError) throw err;
      onError(err);
      throw retryLater(503, 'busy', REDIS_DOWN_RETRY_SECONDS);
    }
  };
  const floor = (n: number) => Math.floor(n);

  return {
    peek: (keys) =>
      guarded(async () => {
        if (keys.length === 0) return [];
        const flat = await r.throttlePeek(keys.length, ...keys);
        return keys.flatMap((key, i) =>
          flat[2 * i] < 0 ? [] : [{ key, count: Number(flat[2 * i]), nextAt: Number(flat[2 * i + 1]) }],
        );
      }),

    admitDelayed: (key, now, p) =>
      guarded(async () => {
        const [ok, nextAt] = await r.throttleAdmitDelayed(key, floor(now), p.forgetMs, ...delayArgs(p), MARGIN_MS);
        return ok === 1 ? { admitted: true } : { admitted: false, retryAfterMs: Math.max(0, Number(nextAt) - now) };
      }),

    refundDelayed: (key, countedAt, p) =>
      guarded(async () => {
        await r.throttleRefundDelayed(key, floor(countedAt), ...delayArgs(p));
      }),

    clear: (key) =>
      guarded(async () => {
        await redis.del(key);
      }),

    admitWindow: (key, now, p) =>
      guarded(async () => {
        const [ok, ends] = await r.throttleAdmitWindow(key, floor(now), p.limit, p.windowMs, MARGIN_MS);
        return ok === 1 ? { admitted: true } : { admitted: false, retryAfterMs: Math.max(0, Number(ends) - now) };
      }),

    refundWindow: (key, now) =>
      guarded(async () => {
        await r.throttleRefundWindow(key, floor(now));
      }),

    // every key expires by itself (PEXPIRE above)
    prune: async () => {},
  };
}
