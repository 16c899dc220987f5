import { describe, expect, it, vi } from 'vitest';
import { registerServiceWorker } from './register-service-worker';

const env = (readyState: DocumentReadyState, prod = true) => {
  const register = vi.fn(() => Promise.resolve({}));
  const listeners: (() => void)[] = [];
  const win = {
    document: { readyState },
    addEventListener: (type: string, fn: () => void) => type === 'load' && listeners.push(fn),
  } as unknown as Window;
  const nav = { serviceWorker: { register } } as unknown as Navigator;
  const load = () => {
    for (const fn of listeners) fn();
  };
  return { register, load, args: { prod, nav, win } };
};

describe('registerServiceWorker', () => {
  it('registers /sw.js after the load event', () => {
    const e = env('loading');
    registerServiceWorker(e.args);
    expect(e.register).not.toHaveBeenCalled();
    e.load();
    expect(e.register).toHaveBeenCalledWith('/sw.js');
  });

  it('registers at once when the page had already loaded (the event will not come again)', () => {
    const e = env('complete');
    registerServiceWorker(e.args);
    expect(e.register).toHaveBeenCalledWith('/sw.js');
  });

  it('does nothing in development', () => {
    const e = env('complete', false);
    registerServiceWorker(e.args);
    e.load();
    expect(e.register).not.toHaveBeenCalled();
  });
});
