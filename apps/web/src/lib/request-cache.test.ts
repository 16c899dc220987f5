import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { beforeEach, describe, expect, it } from 'vitest';
import { boundedStorage, REQUEST_CACHE_PREFIX, requestDetailsCache } from './request-cache';
import { clearStorage } from './session';

const keptKeys = () =>
  Object.keys(localStorage)
    .filter((k) => k.startsWith(`${REQUEST_CACHE_PREFIX}-`))
    .sort();

/** Runs one detail query on `qc` and waits for its first answer (data or error). */
const detail = async (qc: QueryClient, id: number, fetcher: () => Promise<unknown>) => {
  const queryKey = ['offerRequests', 'detail', { role: 'merchant', id }] as const;
  const observer = new QueryObserver(qc, {
    queryKey,
    queryFn: fetcher,
    retry: false,
    ...requestDetailsCache<unknown, typeof queryKey>(),
  });
  return new Promise<{ data: unknown; error: unknown }>((resolve) => {
    const stop = observer.subscribe((r) => {
      if (r.data !== undefined || r.error) {
        stop();
        resolve({ data: r.data, error: r.error });
      }
    });
  });
};

describe('the request-details cache (SPEC §3, §9; issue 23)', () => {
  beforeEach(() => localStorage.clear());

  it('keeps at most its bound, dropping the entry written longest ago', async () => {
    const s = boundedStorage(3);
    for (const k of ['a', 'b', 'c', 'd']) await s.setItem(k, k);
    expect(localStorage.getItem('a')).toBeNull();
    expect(await s.entries?.()).toEqual([
      ['b', 'b'],
      ['c', 'c'],
      ['d', 'd'],
    ]);
    await s.setItem('b', 'b2'); // written again: the newest
    await s.setItem('e', 'e');
    expect(localStorage.getItem('c')).toBeNull();
    expect((await s.entries?.())?.map(([k]) => k)).toEqual(['d', 'b', 'e']);
  });

  it('shows a detail seen before when the server cannot be reached after a reload', async () => {
    const request = { id: 7, status: 'pending', user: { name: 'Omar Haddad' } };
    const before = await detail(new QueryClient(), 7, async () => request);
    expect(before.data).toEqual(request);
    await new Promise((r) => setTimeout(r, 10)); // the persister writes after the answer
    expect(keptKeys()).toHaveLength(1);
    // a reload: a new client, and the server does not answer
    const after = await detail(new QueryClient(), 7, () => Promise.reject(new Error('unreachable')));
    expect(after.data).toEqual(request);
  });

  it('asks the server again after restoring, even a copy kept a moment ago (a reload shows what changed)', async () => {
    await detail(new QueryClient(), 8, async () => ({ id: 8, status: 'done' }));
    await new Promise((r) => setTimeout(r, 10));
    const qc = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000 } } });
    let asked = 0;
    const first = await detail(qc, 8, async () => {
      asked++;
      return { id: 8, status: 'refund.pending' };
    });
    expect(first.data).toEqual({ id: 8, status: 'done' });
    await new Promise((r) => setTimeout(r, 20));
    expect(asked).toBe(1);
    expect(qc.getQueryData(['offerRequests', 'detail', { role: 'merchant', id: 8 }])).toEqual({
      id: 8,
      status: 'refund.pending',
    });
  });

  it('keeps the last 20 details only, and nothing after the storage is cleared (logout, Register)', async () => {
    const qc = new QueryClient();
    for (let id = 1; id <= 22; id++) await detail(qc, id, async () => ({ id }));
    await new Promise((r) => setTimeout(r, 10));
    expect(keptKeys()).toHaveLength(20);
    expect(keptKeys().some((k) => k.includes('"id":1}') || k.includes('"id":2}'))).toBe(false);
    clearStorage();
    expect(keptKeys()).toEqual([]);
  });
});
