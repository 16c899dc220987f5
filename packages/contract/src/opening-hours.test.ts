import { describe, expect, it } from 'vitest';
import { type OpeningHours, openState, parseRange } from './opening-hours';

// Doha is UTC+3 all year: 2026-11-27 is a Friday
const doha = (local: string) => new Date(`${local}+03:00`);
const week = (ranges: Partial<OpeningHours>): OpeningHours => ({
  sun: null,
  mon: null,
  tue: null,
  wed: null,
  thu: null,
  fri: null,
  sat: null,
  closedDates: [],
  ...ranges,
});

describe('opening hours', () => {
  it('reads a range that runs past midnight as closing the next day; the same time twice is no range', () => {
    expect(parseRange('09:00-22:00')).toEqual({ open: 540, close: 1320 });
    expect(parseRange('18:00-02:00')).toEqual({ open: 1080, close: 1560 });
    expect(parseRange('00:00-24:00')).toEqual({ open: 0, close: 1440 });
    expect(parseRange('10:00-10:00')).toBeNull();
    expect(parseRange('25:00-02:00')).toBeNull();
  });

  it('is open after midnight on the hours of the evening before, and closed once they end', () => {
    const hours = week({ thu: '18:00-02:00' });
    expect(openState(hours, null, doha('2026-11-26T23:30:00')).isOpen).toBe(true);
    expect(openState(hours, null, doha('2026-11-27T01:59:00')).isOpen).toBe(true);
    const after = openState(hours, null, doha('2026-11-27T02:00:00'));
    expect(after.isOpen).toBe(false);
    // next Thursday at 18:00 Doha time
    expect(after.opensAt).toBe(doha('2026-12-03T18:00:00').toISOString());
    expect(openState(hours, null, doha('2026-11-26T17:00:00')).opensAt).toBe(doha('2026-11-26T18:00:00').toISOString());
  });

  it('a closed date closes the night that starts on it, not the one that ends on it', () => {
    const hours = week({ thu: '18:00-02:00', fri: '18:00-02:00', closedDates: ['2026-11-27'] });
    expect(openState(hours, null, doha('2026-11-27T01:00:00')).isOpen).toBe(true);
    expect(openState(hours, null, doha('2026-11-27T20:00:00')).isOpen).toBe(false);
  });

  it('no hours: open at any time unless paused', () => {
    const now = doha('2026-11-27T03:00:00');
    expect(openState(null, null, now)).toEqual({ isOpen: true, opensAt: null, pausedUntil: null });
    const until = new Date(now.getTime() + 30 * 60_000).toISOString();
    expect(openState(null, until, now)).toEqual({ isOpen: false, opensAt: until, pausedUntil: until });
  });
});
