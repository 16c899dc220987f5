/**
 * Code a screen needs only after its first paint: a dialog that starts closed (a drawer, a
 * modal) is fetched once the browser is idle and drawn when it first opens (bench/README.md,
 * "First load").
 */
import { type ComponentType, lazy, useEffect, useState } from 'react';

/** Runs `fn` when the browser is idle (at the latest after `timeout` ms); returns a cancel. */
export const whenIdle = (fn: () => void, timeout = 2000): (() => void) => {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(fn, { timeout });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(fn, 1);
  return () => clearTimeout(id);
};

/**
 * Resolves in a task of its own: what follows `await nextTask()` runs after the browser has had
 * the chance to paint and handle input (a long task cut in two; bench/README.md, "Lighthouse").
 */
export const nextTask = (): Promise<void> =>
  new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });

/** A component in a chunk of its own (see `deferred`). */
export interface Deferred<P> {
  /** Fetches the chunk (once). */
  preload: () => Promise<ComponentType<P>>;
  /** The component itself once its chunk has arrived (drawn at once), else a React.lazy of it. */
  current: () => ComponentType<P>;
}

export function deferred<P>(load: () => Promise<ComponentType<P>>): Deferred<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () => {
    loading ??= load().then((c) => {
      loaded = c;
      return c;
    });
    return loading;
  };
  const Lazy = lazy(() => preload().then((c) => ({ default: c })));
  return { preload, current: () => loaded ?? Lazy };
}

/**
 * For a dialog whose code is a chunk of its own: the chunk is fetched once the page is idle, and
 * `Dialog` is given when the dialog first opens, and stays: a closed dialog costs neither the first
 * load nor a render, and one opened after its chunk arrived is drawn at once (no Suspense).
 * `openedAtStart` says it was open from the first render (a link to an open sheet), where the
 * dialog shows at once as before, rather than opened by a tap, where it should still slide in (see
 * `useSlideIn`).
 */
export function useDeferredDialog<P>(
  opened: boolean,
  dialog: Deferred<P>,
): { Dialog: ComponentType<P> | null; openedAtStart: boolean } {
  const [openedAtStart] = useState(opened);
  const [Dialog, setDialog] = useState<ComponentType<P> | null>(() => (opened ? dialog.current() : null));
  if (opened && !Dialog) setDialog(() => dialog.current());
  useEffect(
    () => (Dialog ? undefined : whenIdle(() => void dialog.preload().catch(() => undefined))),
    [Dialog, dialog],
  );
  return { Dialog, openedAtStart };
}

/**
 * The `opened` to give a Mantine dialog that mounts when it first opens: it mounts closed and opens
 * a frame later, so its transition runs as it did when it was mounted with the screen; one open
 * from the first render stays open.
 */
export function useSlideIn(opened: boolean, openedAtStart: boolean): boolean {
  const [settled, setSettled] = useState(openedAtStart || !opened);
  useEffect(() => {
    if (settled) return;
    // after a painted frame: effects of a mount caused by a tap run before the browser paints
    const id = requestAnimationFrame(() => setSettled(true));
    return () => cancelAnimationFrame(id);
  }, [settled]);
  return opened && settled;
}
