/**
 * Whether the server answers (docs/architecture.md, "Offline"): the service worker opens the app
 * shell without a network, and this store tells the screens that the server cannot be reached. An
 * API call that gets no answer marks it unreachable, any answer marks it reachable; a probe of
 * /api/health runs at start, when the browser comes back online and every few seconds while down.
 */
import { useSyncExternalStore } from 'react';

const RETRY_MS = 5000;
let reachable = true;
let retry: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

const set = (value: boolean) => {
  if (value === reachable) return;
  reachable = value;
  for (const l of listeners) l();
};

/** Asks /api/health (never cached by the service worker) whether the server answers. */
export async function probeServer(): Promise<boolean> {
  try {
    const res = await fetch('/api/health', { cache: 'no-store', signal: AbortSignal.timeout(5000) });
    markReachable(res.status < 500 || res.status === 501);
  } catch {
    markReachable(false);
  }
  return reachable;
}

export function markReachable(value: boolean): void {
  set(value);
  clearTimeout(retry);
  if (!value && typeof window !== 'undefined') retry = setTimeout(() => void probeServer(), RETRY_MS);
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** True while the server answers; false after a call or probe got no answer. */
export const useServerReachable = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => reachable,
    () => true,
  );

/** Starts watching: a first probe, and one whenever the browser reports it is online or offline. */
export function watchConnectivity(win: Window = window): void {
  void probeServer();
  win.addEventListener('online', () => void probeServer());
  win.addEventListener('offline', () => markReachable(false));
}
