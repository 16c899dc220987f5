import { getCountries, getCountryCallingCode, parsePhoneNumberFromString } from 'libphonenumber-js';
import { describe, expect, it } from 'vitest';
import { callingCodes, formatPhone, telHref } from './phone-format';

describe('formatPhone (one way on every screen, issue 23)', () => {
  it('knows exactly the calling codes libphonenumber-js knows', () => {
    const theirs = new Set(getCountries().map((c) => getCountryCallingCode(c) as string));
    expect([...callingCodes()].sort()).toEqual([...theirs].sort());
  });

  it('writes the country code with a plus and the number in groups', () => {
    expect(formatPhone('97450000001')).toBe('+974 5000 0001');
    expect(formatPhone('+97455123456')).toBe('+974 5512 3456');
    expect(formatPhone('0097455123456')).toBe('+974 5512 3456');
    expect(formatPhone('966501234567')).toBe('+966 50 123 4567');
    expect(formatPhone('971501234567')).toBe('+971 50 123 4567');
    expect(formatPhone('12025550123')).toBe('+1 202 555 0123');
  });

  it('writes Qatari, Saudi, Emirati, Bahraini and Omani mobiles as libphonenumber-js writes them', () => {
    for (const n of ['97455123456', '97433123456', '97336001234', '96891234567', '966501234567']) {
      expect(formatPhone(n)).toBe(parsePhoneNumberFromString(`+${n}`)?.formatInternational());
    }
  });

  it('groups a local number without a plus and leaves text alone', () => {
    expect(formatPhone('44000001')).toBe('4400 0001');
    expect(formatPhone('—')).toBe('—');
    expect(formatPhone('')).toBe('');
    expect(formatPhone(null)).toBe('');
  });

  it('dials an international number with its plus', () => {
    expect(telHref('97450000001')).toBe('tel:+97450000001');
    expect(telHref('44000001')).toBe('tel:44000001');
  });
});
