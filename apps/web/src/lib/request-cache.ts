/**
 * The request-details cache of SPEC §3 and §9 ("session state persisted together with request
 * details"; "request cache: at most 20 items"): the last 20 request details opened on this device
 * are kept in localStorage by TanStack Query's persister, so that a reload without a network (or
 * with the server down) still shows them. Only request details are kept: the offer request, redeem
 * and product request detail queries take `requestDetailsCache` (features/requests/api.ts,
 * features/product-requests/api.ts); nothing else is written. Logout, a 401 and opening Register
 * clear localStorage but the language (lib/session `clearStorage`, DECISIONS §10), and the cache
 * with it.
 */
import { LIMITS } from '@loyalty/contract/constants';
import { type AsyncStorage, experimental_createQueryPersister } from '@tanstack/query-persist-client-core';
import type { QueryClient, QueryKey, QueryPersister } from '@tanstack/react-query';

/** The storage keys of the kept details start with this. */
export const REQUEST_CACHE_PREFIX = 'requestDetails';
/** The kept details' keys, the most recently written last. */
const ORDER_KEY = `${REQUEST_CACHE_PREFIX}:order`;
/** A kept detail is shown offline for as long as a session lasts (30 days). */
const MAX_AGE_MS = 30 * 24 * 3600 * 1000;

const local = (): Storage | null => {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
};

const readOrder = (s: Storage): string[] => {
  try {
    const value = JSON.parse(s.getItem(ORDER_KEY) ?? '[]') as unknown;
    return Array.isArray(value) ? value.filter((k): k is string => typeof k === 'string') : [];
  } catch {
    return [];
  }
};

/**
 * localStorage holding at most `max` entries of the persister: writing one makes it the newest and
 * removes the oldest beyond `max`. A full storage only means the detail is not kept.
 */
export const boundedStorage = (max: number = LIMITS.requestCacheMax): AsyncStorage<string> => ({
  getItem: (key) => local()?.getItem(key) ?? null,
  setItem: (key, value) => {
    const s = local();
    if (!s) return;
    try {
      s.setItem(key, value);
    } catch {
      return;
    }
    const order = [...readOrder(s).filter((k) => k !== key), key];
    for (const old of order.splice(0, Math.max(0, order.length - max))) s.removeItem(old);
    s.setItem(ORDER_KEY, JSON.stringify(order));
  },
  removeItem: (key) => {
    const s = local();
    if (!s) return;
    s.removeItem(key);
    s.setItem(ORDER_KEY, JSON.stringify(readOrder(s).filter((k) => k !== key)));
  },
  entries: () => {
    const s = local();
    return s ? readOrder(s).flatMap((k) => (s.getItem(k) === null ? [] : [[k, s.getItem(k) as string]])) : [];
  },
});

const persister = experimental_createQueryPersister<string>({
  storage: boundedStorage(),
  maxAge: MAX_AGE_MS,
  prefix: REQUEST_CACHE_PREFIX,
  // asked of the server again by `persisterFn` below (the library's own refetch leaves its failure
  // unhandled: an offline reload would log an unhandled rejection)
  refetchOnRestore: false,
});

/**
 * The persister of a detail query: a kept copy is shown from the device first, then always asked of
 * the server again (a reload must show what changed meanwhile, however fresh the copy looks); a
 * server that cannot be reached leaves the copy shown.
 */
const persisterFn: typeof persister.persisterFn = async (queryFn, ctx, query) => {
  let asked = false;
  const data = await persister.persisterFn(
    (c) => {
      asked = true;
      return queryFn(c);
    },
    ctx,
    query,
  );
  if (!asked) setTimeout(() => void query.fetch().catch(() => undefined), 0);
  return data;
};

/**
 * The options a request detail query adds: kept on the device, and asked for even when the browser
 * says it is offline (the kept copy answers then).
 */
export const requestDetailsCache = <T, K extends QueryKey>(): {
  persister: QueryPersister<T, K>;
  networkMode: 'offlineFirst';
} => ({
  persister: persisterFn,
  networkMode: 'offlineFirst',
});

/** Keeps a detail the app changed itself (an approval's answer written to its query). */
export const keepRequestDetail = (qc: QueryClient, queryKey: QueryKey): void =>
  void persister.persistQueryByKey(queryKey, qc);
