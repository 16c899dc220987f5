/**
 * A branch's opening state (issue 26, point 2; docs/domain.md, "Busy and opening hours"): weekly
 * hours and closed dates in the business time zone (clock.ts: Asia/Qatar, no daylight saving), and
 * a pause that ends by itself. Pure: the server refuses orders with it, the app shows it.
 */
import { BUSINESS_TIME_ZONE } from './clock';

export const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/**
 * Per weekday `HH:MM-HH:MM` or null (closed all day); dates `YYYY-MM-DD` closed. A closing time at or
 * before the opening one runs past midnight (`18:00-02:00` closes at 2 in the morning of the next
 * day; the day it opens owns it, closed dates included); `24:00` closes at midnight.
 */
export type OpeningHours = { [D in Weekday]: string | null } & { closedDates: string[] };

export const HOURS_RANGE = /^([01]\d|2[0-3]):([0-5]\d)-(([01]\d|2[0-3]):[0-5]\d|24:00)$/;

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * The range's opening and closing minutes from the start of the day it opens (a closing past midnight
 * is more than 1440), or null when it is not a valid range (open and close the same time).
 */
export const parseRange = (range: string): { open: number; close: number } | null => {
  if (!HOURS_RANGE.test(range)) return null;
  const [a, b] = range.split('-') as [string, string];
  const open = minutesOf(a);
  const close = minutesOf(b);
  if (close === open) return null;
  return { open, close: close > open ? close : close + 1440 };
};

const parts = new Intl.DateTimeFormat('en-US', {
  timeZone: BUSINESS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  weekday: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** The business date, weekday and minute of the day of an instant. */
const localOf = (at: Date) => {
  const p = Object.fromEntries(parts.formatToParts(at).map((x) => [x.type, x.value]));
  return {
    date: `${p.year}-${p.month}-${p.day}`,
    day: String(p.weekday).toLowerCase().slice(0, 3) as Weekday,
    minute: (Number(p.hour) % 24) * 60 + Number(p.minute),
  };
};

export interface OpenState {
  isOpen: boolean;
  /** When it opens next (ISO-8601 UTC) while closed; null while open or when no opening is known in 14 days. */
  opensAt: string | null;
  /** The end of a running pause, else null. */
  pausedUntil: string | null;
}

const MINUTE = 60_000;

/** The first instant at or after `from` when the hours have the branch open (null: none within 14 days). */
const nextOpening = (hours: OpeningHours | null, from: Date): Date | null => {
  if (!hours) return from;
  // walk the business days from the day before `from`'s (its hours may run past midnight): each
  // opening is a start of a local day plus minutes
  const start = localOf(from);
  const dayStart = from.getTime() - start.minute * MINUTE - (from.getTime() % MINUTE);
  for (let i = -1; i <= 14; i++) {
    const base = dayStart + i * 1440 * MINUTE;
    const local = localOf(new Date(base + 12 * 60 * MINUTE));
    const range = hours[local.day] ? parseRange(hours[local.day] as string) : null;
    if (!range || hours.closedDates.includes(local.date)) continue;
    const open = base + range.open * MINUTE;
    const close = base + range.close * MINUTE;
    if (from.getTime() < close) return new Date(Math.max(open, from.getTime()));
  }
  return null;
};

/** Open now, or closed with the time it opens again (a pause first, then the hours after it). */
export const openState = (hours: OpeningHours | null, pausedUntil: string | null, now: Date): OpenState => {
  const paused = pausedUntil !== null && pausedUntil > now.toISOString() ? pausedUntil : null;
  const from = paused ? new Date(paused) : now;
  const next = nextOpening(hours, from);
  const isOpen = !paused && next !== null && next.getTime() <= now.getTime();
  return { isOpen, opensAt: isOpen ? null : (next?.toISOString() ?? null), pausedUntil: paused };
};

/** A reopening time as a customer reads it: weekday and 24-hour time in the business time zone. */
export const formatOpensAt = (iso: string, lang: 'en' | 'ar'): string =>
  new Intl.DateTimeFormat(lang === 'ar' ? 'ar-u-nu-latn' : 'en-GB', {
    timeZone: BUSINESS_TIME_ZONE,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));
