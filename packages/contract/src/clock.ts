/**
 * The one clock of the business: "today" is the calendar date in Qatar (UTC+3), where the
 * merchants trade, on the server and in the app alike. Tests move it with `clock.set`.
 */
export const BUSINESS_TIME_ZONE = 'Asia/Qatar';

const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: BUSINESS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The business calendar date (YYYY-MM-DD) of an instant. */
export const businessDate = (at: Date): string => dayFormat.format(at);

let nowFn: () => Date = () => new Date();

export const clock = {
  now: (): Date => nowFn(),
  /** Today in the business time zone, YYYY-MM-DD. */
  today: (): string => businessDate(nowFn()),
  /** The current instant as stored (ISO-8601 UTC). */
  nowIso: (): string => nowFn().toISOString(),
  /** Tests: fix the clock (or pass nothing to return to the real one). */
  set(fn?: () => Date): void {
    nowFn = fn ?? (() => new Date());
  },
};
