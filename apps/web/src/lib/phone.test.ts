import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  COUNTRIES,
  composePhone,
  DEFAULT_COUNTRY,
  isValidPhone,
  phoneFields,
  splitPhone,
  withPhoneRule,
} from './phone';

const schema = withPhoneRule(z.object(phoneFields));
const messageOf = (country: string, number: string) => {
  const r = schema.safeParse({ country, number });
  return r.success ? null : r.error.issues[0].message;
};

describe('phone rule (SPEC §5)', () => {
  it('defaults to Qatar and lists the GCC', () => {
    expect(DEFAULT_COUNTRY).toBe('QA');
    for (const iso of ['QA', 'SA', 'AE', 'KW', 'BH', 'OM']) expect(COUNTRIES.some((c) => c.iso === iso)).toBe(true);
  });

  it('sends the dial code followed by the digits', () => {
    expect(composePhone('QA', '5512 3456')).toBe('97455123456');
    expect(composePhone('EG', '10-1234-5678')).toBe('201012345678');
  });

  it('refuses the dial code alone', () => {
    expect(isValidPhone('974', '974')).toBe(false);
    expect(messageOf('QA', '')).toBe('invalidPhone');
  });

  it('needs at least 5 characters', () => {
    expect(isValidPhone('2012', '20')).toBe(false);
    expect(isValidPhone('20123', '20')).toBe(true);
    expect(messageOf('EG', '12')).toBe('invalidPhone');
    expect(messageOf('EG', '123')).toBeNull();
  });

  it('accepts a whole number and refuses an impossible one', () => {
    expect(messageOf('QA', '55123456')).toBeNull();
    expect(messageOf('QA', '5512345678901234')).toBe('invalidPhone');
  });

  it('splits a stored number back into country and local digits', () => {
    expect(splitPhone('97455123456')).toEqual({ country: 'QA', number: '55123456' });
    expect(splitPhone('966501234567')).toEqual({ country: 'SA', number: '501234567' });
    expect(splitPhone('')).toEqual({ country: 'QA', number: '' });
  });
});
