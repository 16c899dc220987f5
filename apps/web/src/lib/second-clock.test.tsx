import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSecondClock } from './second-clock';

describe('one clock for every countdown', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(Date.parse('2026-06-15T09:00:00.400Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('gives the start of the second, and moves every countdown on screen at once, on the second', () => {
    const renders: number[] = [];
    const Shown = ({ id }: { id: number }) => {
      const now = useSecondClock();
      renders.push(id);
      return <span data-testid={`c${id}`}>{new Date(now).toISOString()}</span>;
    };
    const view = render(<Shown id={1} />);
    act(() => vi.advanceTimersByTime(300)); // a second countdown appears later in the same second
    view.rerender(
      <>
        <Shown id={1} />
        <Shown id={2} />
      </>,
    );
    expect(view.getByTestId('c2').textContent).toBe('2026-06-15T09:00:00.000Z');
    renders.length = 0;
    act(() => vi.advanceTimersByTime(299)); // 09:00:00.999: still the same second
    expect(renders).toEqual([]);
    act(() => vi.advanceTimersByTime(1)); // 09:00:01.000: both, in one go
    expect(renders.sort()).toEqual([1, 2]);
    expect(view.getByTestId('c1').textContent).toBe('2026-06-15T09:00:01.000Z');
    expect(view.getByTestId('c2').textContent).toBe('2026-06-15T09:00:01.000Z');
    // one timer for the two, and none once nothing shows a countdown
    expect(vi.getTimerCount()).toBe(1);
    view.unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
