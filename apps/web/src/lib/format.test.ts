import { parseDate } from '@loyalty/contract';
import { describe, expect, it } from 'vitest';
import {
  formatCash,
  formatDate,
  formatDateTime,
  formatPercent,
  formatPoints,
  formatPrice,
  isolate,
  LRM,
  parseIsoDate,
  RLM,
  todayIso,
  toUsDate,
} from './format';
import { localized } from './localized';

describe('money and points: one format, Intl per language', () => {
  it('shows prices in dollars: $ first in English', () => {
    expect(formatPrice(12.5, 'en')).toBe('$12.50');
    expect(formatPrice(14, 'en')).toBe('$14');
    expect(formatPrice(1200, 'en')).toBe('$1,200');
    expect(formatPrice(0, 'en')).toBe('$0');
  });

  it('shows prices in Arabic number first, marked right-to-left so it reads the same everywhere', () => {
    expect(formatPrice(12.5, 'ar')).toBe(`${RLM}12.50 $`);
    expect(formatPrice(14, 'ar')).toBe(`${RLM}14 $`);
    expect(formatPrice(1200, 'ar')).toBe(`${RLM}1,200 $`);
  });

  it('shows a negative amount as -$4.75 in both languages (issue 23, point 13)', () => {
    expect(formatPrice(-4.75, 'en')).toBe('-$4.75');
    expect(formatPrice(-1200, 'en')).toBe('-$1,200');
    // in Arabic the same text, marked left-to-right: the sign stays before the symbol in an RTL line
    expect(formatPrice(-4.75, 'ar')).toBe(`${LRM}-$4.75`);
    expect(formatPrice(-1200.5, 'ar')).toBe(`${LRM}-$1,200.50`);
    expect(formatPrice(-4.75, 'ar')).not.toContain(RLM);
    expect(formatPrice(4.75, 'ar')).toBe(`${RLM}4.75 $`);
  });

  it('shows points with P', () => {
    expect(formatPoints(1250, 'en')).toBe('1,250 P');
    expect(formatPoints(60, 'ar')).toBe(`${RLM}60 P`);
  });

  it('keeps a sign of points on the left of the digits in Arabic, the unit after the number (issue 23)', () => {
    expect(formatPoints(-20, 'en')).toBe('\u221220 P');
    expect(formatPoints(2000, 'en', { signed: true })).toBe('+2,000 P');
    expect(formatPoints(0, 'en', { signed: true })).toBe('0 P');
    // the signed number is a left-to-right isolate: its sign cannot drift to the right of the digits
    expect(formatPoints(-20, 'ar')).toBe(`${RLM}\u2066\u221220\u2069 P`);
    expect(formatPoints(2000, 'ar', { signed: true })).toBe(`${RLM}\u2066+2,000\u2069 P`);
  });

  it('shows the cash value of points (points / 5) in Qatar Riyal', () => {
    expect(formatCash(1000, 'en')).toBe('200 Qatar Riyal');
    expect(formatCash(7, 'en')).toBe('1.40 Qatar Riyal');
    expect(formatCash(1000, 'ar')).toBe(`${RLM}200 ريال قطري`);
  });

  it('shows percentages', () => {
    expect(formatPercent(12.5, 'en')).toBe('12.5%');
    expect(formatPercent(10, 'ar')).toBe(`${RLM}10%`);
  });
});

describe('dates: one helper', () => {
  it('formats calendar dates in the language, with Latin digits', () => {
    expect(formatDate('2025-10-07', 'en')).toBe('07 October 2025');
    expect(formatDate('2025-10-07', 'ar')).toBe('07 أكتوبر 2025');
    expect(formatDate(null, 'en')).toBe('');
    expect(formatDate('', 'en')).toBe('');
  });

  it('shows moments in Qatar time', () => {
    expect(formatDateTime('2025-10-07T10:00:00.000Z', 'en')).toBe('7 Oct 2025, 13:00');
  });

  it("knows Qatar's today", () => {
    // 22:30 UTC is already the next day in Doha (UTC+3)
    expect(todayIso(new Date('2030-01-31T22:30:00Z'))).toBe('2030-02-01');
    expect(todayIso(new Date('2030-01-31T12:00:00Z'))).toBe('2030-01-31');
  });

  it('reads typed calendar dates', () => {
    expect(parseIsoDate('2030-02-28')).toBe('2030-02-28');
    expect(parseIsoDate('2030-02-30')).toBeNull();
    expect(parseIsoDate('02/28/2030')).toBeNull();
  });

  it('sends the offer update as MM/DD/YYYY, which the contract reads back to the same day', () => {
    expect(toUsDate('2030-03-05')).toBe('03/05/2030');
    expect(parseDate(toUsDate('2030-12-31'))).toBe('2030-12-31');
    expect(toUsDate('')).toBe('');
  });
});

describe('user content', () => {
  it('isolates a name inside a translated sentence', () => {
    expect(isolate('Omar.')).toBe('\u2068Omar.\u2069');
    expect(isolate(null)).toBe('');
  });

  it('shows the Arabic variant in Arabic, falling back to English', () => {
    const offer = { title: 'Free coffee', titleAr: 'قهوة مجانية', description: 'Any size', descriptionAr: null };
    expect(localized(offer, 'title', 'ar')).toBe('قهوة مجانية');
    expect(localized(offer, 'title', 'en')).toBe('Free coffee');
    expect(localized(offer, 'description', 'ar')).toBe('Any size');
  });
});
