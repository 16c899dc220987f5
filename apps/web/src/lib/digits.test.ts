import type { Language } from '@loyalty/contract/constants';
import { pointsToCash } from '@loyalty/contract/constants';
import { describe, expect, it } from 'vitest';
import { groupedDigits } from './digits';
import { formatCash, formatNumber, formatPoints, formatPrice, intlLocale, LRM, RLM } from './format';

/** What lib/format.ts wrote through Intl alone before lib/digits.ts: the text to keep. */
const marks = /[\u200e\u200f\u061c]/g;
const made = new Map<string, Intl.NumberFormat>();
const intl = (lang: Language, options: Intl.NumberFormatOptions) => {
  const key = `${lang} ${JSON.stringify(options)}`;
  if (!made.has(key)) made.set(key, new Intl.NumberFormat(intlLocale(lang), options));
  return made.get(key) as Intl.NumberFormat;
};
const viaIntl = {
  number: (n: number, lang: Language, max: number) => intl(lang, { maximumFractionDigits: max }).format(n),
  currency: (n: number, lang: Language, code: string, display: 'narrowSymbol' | 'name', symbol: string) => {
    const text = intl(lang, {
      style: 'currency',
      currency: code,
      currencyDisplay: display,
      minimumFractionDigits: Number.isInteger(n) ? 0 : 2,
      maximumFractionDigits: 2,
    })
      .formatToParts(n)
      .map((p) => (p.type === 'currency' ? symbol : p.value))
      .join('')
      .replace(marks, '')
      .replace(/\s+/g, ' ')
      .trim();
    return lang === 'ar' ? `${RLM}${text}` : text;
  },
  price: (n: number, lang: Language) => {
    if (n >= 0 || Number.isNaN(n)) return viaIntl.currency(n, lang, 'USD', 'narrowSymbol', '$');
    const digits = intl(lang, {
      minimumFractionDigits: Number.isInteger(n) ? 0 : 2,
      maximumFractionDigits: 2,
    }).format(-n);
    return lang === 'ar' ? `${LRM}-$${digits}` : `-$${digits}`;
  },
};

/** Numbers of every size a screen shows, the halves that round either way, and random ones (seeded). */
function samples(): number[] {
  const out = [
    0, 0.5, 1.5, 2.5, 1.005, 1.015, 2.675, 0.125, 999.995, 9999.5, 0.001, 0.004999, 0.005, 1e-6, 123456789.125,
  ];
  out.push(1e20, 1e20 - 16384, 2 ** 53, 2 ** 53 + 2, 0.1 + 0.2, 1 / 3, 2 / 3, 1e-7, 1e21, 5e-324);
  for (let e = 0; e < 16; e++) out.push(10 ** e, 10 ** e - 1, 10 ** e + 0.5, 10 ** e * 1.2345);
  let seed = 20261202;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  for (let i = 0; i < 4000; i++) {
    const digits = Math.floor(random() * 13);
    const decimals = Math.floor(random() * 5);
    out.push(Number((random() * 10 ** digits).toFixed(decimals)));
  }
  return [...out, ...out.map((n) => -n), -0, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY];
}

describe('numbers without Intl (lib/digits.ts): the text Intl writes, in both languages', () => {
  const values = samples();

  it('formatNumber, with 0, 2 and 3 decimals at most', () => {
    for (const lang of ['en', 'ar'] as Language[])
      for (const max of [0, 2, 3])
        for (const n of values)
          expect(formatNumber(n, lang, max), `${n} ${lang} ${max}`).toBe(viaIntl.number(n, lang, max));
  });

  it('prices (dollars), cash (Qatar Riyal) and points', () => {
    for (const lang of ['en', 'ar'] as Language[])
      for (const n of values) {
        expect(formatPrice(n, lang), `price ${n} ${lang}`).toBe(viaIntl.price(n, lang));
        const label = lang === 'ar' ? 'ريال قطري' : 'Qatar Riyal';
        expect(formatCash(n, lang), `cash ${n} ${lang}`).toBe(
          viaIntl.currency(pointsToCash(n), lang, 'QAR', 'name', label),
        );
        if (Number.isFinite(n)) expect(formatPoints(n, lang)).toContain(viaIntl.number(Math.abs(n), lang, 0));
      }
  });

  it('leaves to Intl what it does not write itself', () => {
    for (const n of [Number.NaN, Number.POSITIVE_INFINITY, -0, 1e21, 1e-7, -0.001])
      expect(groupedDigits(n, 0, 2)).toBeNull();
    expect(groupedDigits(1234.5, 0, 2)).toBe('1,234.5');
    expect(groupedDigits(1.005, 0, 2)).toBe('1.01');
    expect(groupedDigits(999.995, 2, 2)).toBe('1,000.00');
    expect(groupedDigits(12, 2, 2)).toBe('12.00');
  });
});
