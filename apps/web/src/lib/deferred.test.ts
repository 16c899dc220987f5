import { describe, expect, it } from 'vitest';
import { deferred, whenIdle } from './deferred';

const Dialog = () => null;

describe('deferred', () => {
  it('gives a lazy component before its chunk arrived, the component itself after', async () => {
    const d = deferred(async () => Dialog);
    expect(d.current()).not.toBe(Dialog);
    await d.preload();
    expect(d.current()).toBe(Dialog);
  });

  it('fetches the chunk once', async () => {
    let loads = 0;
    const d = deferred(async () => {
      loads += 1;
      return Dialog;
    });
    await Promise.all([d.preload(), d.preload()]);
    await d.preload();
    expect(loads).toBe(1);
  });

  it('runs work when idle, or not at all once cancelled', async () => {
    const ran: string[] = [];
    whenIdle(() => ran.push('kept'));
    const cancel = whenIdle(() => ran.push('cancelled'));
    cancel();
    await new Promise((r) => setTimeout(r, 20));
    expect(ran).toEqual(['kept']);
  });
});
