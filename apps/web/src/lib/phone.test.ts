import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  composePhone,
  countriesIn,
  countryDialCode,
  DEFAULT_COUNTRY,
  dialCodeOf,
  isValidPhone,
  phoneFields,
  splitPhone,
  withPhoneRule,
} from './phone';
import { DEFAULT_DIAL_CODE } from './phone-country';

const messageOf = (country: string, number: string, required?: 'required') => {
  const r = withPhoneRule(z.object(phoneFields), { required }).safeParse({ country, number });
  return r.success ? null : r.error.issues[0].message;
};

describe('phone numbers (libphonenumber-js, per country)', () => {
  it('gives the dial code of a known country, nothing for an unknown one', () => {
    expect(countryDialCode('QA')).toBe('974');
    expect(countryDialCode('SA')).toBe('966');
    expect(countryDialCode('XX')).toBeNull();
  });

  it('defaults to Qatar and lists every country, the GCC first, named in the language', () => {
    expect(DEFAULT_COUNTRY).toBe('QA');
    // what the phone input shows before the numbering plans load (lib/phone-country)
    expect(countryDialCode(DEFAULT_COUNTRY)).toBe(DEFAULT_DIAL_CODE);
    const en = countriesIn('en');
    expect(en.length).toBeGreaterThan(200);
    expect(en.slice(0, 6).map((c) => c.iso)).toEqual(['QA', 'SA', 'AE', 'KW', 'BH', 'OM']);
    expect(en[0]).toEqual({ iso: 'QA', dial: '974', name: 'Qatar' });
    expect(countriesIn('ar')[0].name).toBe('قطر');
    expect(en.find((c) => c.iso === 'EG')?.name).toBe('Egypt');
    expect(dialCodeOf('GB')).toBe('44');
  });

  it('sends the international number without the plus', () => {
    expect(composePhone('QA', '5512 3456')).toBe('97455123456');
    expect(composePhone('EG', '010-1234-5678')).toBe('201012345678');
    expect(composePhone('QA', '+966 50 123 4567')).toBe('966501234567');
  });

  it('accepts real numbers of the chosen country', () => {
    expect(isValidPhone('QA', '55123456')).toBe(true);
    expect(isValidPhone('QA', '5000 0001')).toBe(true);
    expect(isValidPhone('SA', '050 123 4567')).toBe(true);
    expect(messageOf('QA', '55123456')).toBeNull();
  });

  it('refuses letters instead of dropping them (55abc was saved as 97455)', () => {
    expect(isValidPhone('QA', '55abc')).toBe(false);
    expect(isValidPhone('QA', '5512345a')).toBe(false);
    expect(messageOf('QA', '55abc')).toBe('invalidPhone');
    expect(messageOf('QA', '12ab')).toBe('invalidPhone');
  });

  it('refuses impossible numbers: too short, the dial code alone, too long, wrong beginning', () => {
    expect(messageOf('QA', '12')).toBe('invalidPhone');
    expect(messageOf('QA', '974')).toBe('invalidPhone');
    expect(messageOf('QA', '5512345678901234')).toBe('invalidPhone');
    expect(messageOf('QA', '12345678')).toBe('invalidPhone');
    // a Qatari mobile is not a Saudi one
    expect(messageOf('SA', '55123456')).toBe('invalidPhone');
  });

  it('says the number is required when empty, in the words of the form', () => {
    expect(messageOf('QA', '')).toBe('numberRequired');
    expect(messageOf('QA', '   ')).toBe('numberRequired');
    expect(messageOf('QA', '', 'required')).toBe('required');
  });

  it('runs while other fields are still invalid, so the message shows when the phone is left', () => {
    const schema = withPhoneRule(z.object({ ...phoneFields, name: z.string().min(1) }));
    const r = schema.safeParse({ name: '', country: 'QA', number: '55ab' });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toContainEqual(['number', 'invalidPhone']);
  });

  it('splits a stored number back into country and national number', () => {
    expect(splitPhone('97455123456')).toEqual({ country: 'QA', number: '55123456' });
    expect(splitPhone('966501234567')).toEqual({ country: 'SA', number: '501234567' });
    expect(splitPhone('')).toEqual({ country: 'QA', number: '' });
    // an old, incomplete entry still opens with its country
    expect(splitPhone('97455')).toEqual({ country: 'QA', number: '55' });
  });
});
