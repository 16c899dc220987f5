/**
 * The courier's offline outbox (docs/domain.md, "Offline courier"): a status change made without a
 * connection is kept in IndexedDB on the device with an idempotency key, shown as "waiting to sync",
 * and sent when the connection returns (the `online` event, or the next start). The server answers a
 * replay of the same key with the first answer, so sending twice moves nothing twice.
 */
import { useSyncExternalStore } from 'react';
import { ApiError, api } from '../../lib/api';
import { queryClient } from '../../lib/query-client';
import { queryKeys } from '../../lib/query-keys';
import { toast } from '../../lib/toast';

export interface QueuedChange {
  key: string;
  id: number;
  deliveryStatus: 'inProgress' | 'done';
  /** The customer's code, with a done (issue 26). */
  pin?: string;
  queuedAt: string;
}

const DB = 'loyalty-courier';
const STORE = 'outbox';

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE, { keyPath: 'key' });
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

async function run<T>(mode: IDBTransactionMode, work: (s: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await open();
  try {
    return await new Promise<T>((resolve, reject) => {
      const tx = db.transaction(STORE, mode);
      const req = work(tx.objectStore(STORE));
      tx.oncomplete = () => resolve(req.result);
      tx.onerror = () => reject(tx.error);
    });
  } finally {
    db.close();
  }
}

let items: QueuedChange[] = [];
const listeners = new Set<() => void>();
const publish = (next: QueuedChange[]) => {
  items = next.sort((a, b) => a.queuedAt.localeCompare(b.queuedAt));
  for (const l of listeners) l();
};
const reload = async () => publish(await run('readonly', (s) => s.getAll() as IDBRequest<QueuedChange[]>));

/** The queued changes, oldest first; re-renders when the outbox changes. */
export const useOutbox = (): QueuedChange[] =>
  useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => items,
    () => items,
  );

export const newIdempotencyKey = (): string =>
  typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

export async function enqueue(change: Omit<QueuedChange, 'queuedAt'>): Promise<void> {
  await run('readwrite', (s) => s.put({ ...change, queuedAt: new Date().toISOString() }));
  await reload();
}

/** True when a call failed for want of a connection (no answer at all). */
export const isOffline = (e: unknown): boolean =>
  (e instanceof ApiError && e.status === 0) || (typeof navigator !== 'undefined' && !navigator.onLine);

let flushing: Promise<void> | null = null;

/** Sends the queued changes in order; stops at the first that finds no connection. */
export function flush(): Promise<void> {
  flushing ??= (async () => {
    let sent = 0;
    try {
      await reload();
      for (const item of items) {
        try {
          await api.call('merchantUser/product/req/changeStatus', {
            id: item.id,
            deliveryStatus: item.deliveryStatus,
            ...(item.pin && { pin: item.pin }),
            idempotencyKey: item.key,
          });
          sent++;
        } catch (e) {
          if (e instanceof ApiError && e.status === 0) break;
          // refused for good (canceled meanwhile, reassigned, a wrong code): drop it and say why
          const field = e instanceof ApiError ? e.errors[0]?.message : undefined;
          toast.error(field ?? (e instanceof Error ? e.message : 'deliveries.syncFailed'));
        }
        await run('readwrite', (s) => s.delete(item.key));
      }
      await reload();
      if (sent > 0) {
        toast.success('deliveries.synced');
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: queryKeys.deliveries.all }),
          queryClient.invalidateQueries({ queryKey: queryKeys.me.all }),
        ]);
      }
    } finally {
      flushing = null;
    }
  })();
  return flushing;
}

if (typeof window !== 'undefined' && typeof indexedDB !== 'undefined') {
  window.addEventListener('online', () => void flush());
  void reload().then(() => {
    if (navigator.onLine && items.length > 0) void flush();
  });
}
