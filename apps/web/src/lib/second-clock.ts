/**
 * One clock for every countdown on screen: it ticks on each whole second, once for all of them, so
 * that five orders waiting to be accepted make the browser lay the page out once a second, not five
 * times at five moments (bench/README.md, "2026-12-02: one clock"). Stops when nothing listens.
 */
import { useSyncExternalStore } from 'react';

const listeners = new Set<() => void>();
let timer: ReturnType<typeof setTimeout> | undefined;

/** The start of the current second: the same value all through it. */
const currentSecond = () => Math.floor(Date.now() / 1000) * 1000;

/** The next tick, at the start of the next second. */
const schedule = () => setTimeout(tick, 1000 - (Date.now() % 1000));

function tick() {
  timer = schedule();
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  timer ??= schedule();
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer !== undefined) {
      clearTimeout(timer);
      timer = undefined;
    }
  };
}

/** Now, to the second (ms since the epoch), re-rendering the caller when the second changes. */
export const useSecondClock = (): number => useSyncExternalStore(subscribe, currentSecond, currentSecond);
