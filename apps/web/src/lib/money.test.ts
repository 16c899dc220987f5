import { describe, expect, it } from 'vitest';
import { RLM } from './format';
import { cashValue, currencyDisplayOf, formatMoney } from './money';

describe('one currency display (issue 23, docs/decisions/0021)', () => {
  it('reads the stored currency: QAR, else dollars', () => {
    expect(currencyDisplayOf('QAR')).toBe('QAR');
    expect(currencyDisplayOf('qar')).toBe('QAR');
    expect(currencyDisplayOf('USD')).toBe('USD');
    expect(currencyDisplayOf(undefined)).toBe('USD');
  });

  it('shows dollar amounts in dollars, or converted to Qatar Riyal at the peg', () => {
    expect(formatMoney(35, 'USD', 'en')).toBe('$35');
    expect(formatMoney(35, 'QAR', 'en')).toBe('127.40 Qatar Riyal');
    expect(formatMoney(12.5, 'QAR', 'en')).toBe('45.50 Qatar Riyal');
    expect(formatMoney(35, 'QAR', 'ar')).toBe(`${RLM}127.40 ريال قطري`);
  });

  it("keeps SPEC's Qatar Riyal cash value and adds its dollar value when money is in dollars", () => {
    expect(cashValue(2000, 'USD', 'en')).toEqual({ riyal: '400 Qatar Riyal', dollars: '$109.89' });
    expect(cashValue(2000, 'QAR', 'en')).toEqual({ riyal: '400 Qatar Riyal', dollars: null });
  });
});
