import { describe, expect, it } from 'vitest';
import { allEndpoints, api } from './api';
import { ROLES } from './constants';
import { date, idList, parseDate, phone, price } from './fields';
import { addOfferBody, signupBody } from './index';
import { messages, messageText } from './messages';

const firstMessage = (
  r: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } },
  field: string,
) => r.error?.issues.find((i) => i.path.join('.') === field)?.message;

describe('catalogue', () => {
  it('has unique paths, valid roles and the key matches the path', () => {
    const paths = allEndpoints.map((e) => e.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const [key, def] of Object.entries(api)) {
      expect(def.path).toBe(key);
      if (def.roles !== 'public') for (const r of def.roles) expect(ROLES).toContain(r);
    }
  });

  it('declares every call of SPEC §7 and the customer API', () => {
    for (const p of [
      'merchant/login',
      'merchant/signup',
      'admin/offer/users/list',
      'merchant/card/add',
      'user/req/confirm/refund',
      'merchantUser/product/req/changeStatus',
      'merchant/chart/orders/branches',
      'user/product/req/refund',
    ])
      expect(api).toHaveProperty([p]);
  });
});

describe('messages', () => {
  it('every message has English and Arabic text', () => {
    for (const [key, m] of Object.entries(messages)) {
      expect(m.en.trim(), key).not.toBe('');
      expect(m.ar, key).toMatch(/[\u0600-\u06FF]/);
    }
  });
  it('passes through text that is not a key', () => {
    expect(messageText('chooseBranch', 'en')).toBe('Please choose a branch');
    expect(messageText('plain text', 'ar')).toBe('plain text');
  });
});

describe('form-data fields', () => {
  it('reads both date formats and refuses impossible dates', () => {
    expect(parseDate('2026-03-05')).toBe('2026-03-05');
    expect(parseDate('03/05/2026')).toBe('2026-03-05');
    expect(parseDate('2026-02-30')).toBeUndefined();
    expect(parseDate('13/01/2026')).toBeUndefined();
    expect(date().safeParse('12/31/2026').data).toBe('2026-12-31');
    expect(firstMessage(date().safeParse('tomorrow'), '')).toBe('invalidDate');
  });

  it('reads id lists as key[] arrays, JSON strings and commas', () => {
    const s = idList('chooseBranch');
    expect(s.parse(['1', '2', '2'])).toEqual([1, 2]);
    expect(s.parse('[3,4]')).toEqual([3, 4]);
    expect(s.parse('5,6')).toEqual([5, 6]);
    expect(firstMessage(s.safeParse('[]'), '')).toBe('chooseBranch');
    expect(s.safeParse('[0]').success).toBe(false);
  });

  it('normalises phones and refuses short ones', () => {
    expect(phone().parse('+974 5512-3456')).toBe('97455123456');
    expect(firstMessage(phone().safeParse('974'), '')).toBe('invalidPhone');
  });

  it('reads prices with at most two decimals', () => {
    expect(price().parse('12.50')).toBe(12.5);
    expect(price().safeParse('1.234').success).toBe(false);
    expect(firstMessage(price().safeParse(''), '')).toBe('required');
  });

  it('gives the spec messages of the offer form', () => {
    const r = addOfferBody.safeParse({ description: 'short', descriptionAr: 'قصير', branchsIds: '[]', tagsIds: '' });
    expect(firstMessage(r, 'description')).toBe('descriptionLength');
    expect(firstMessage(r, 'descriptionAr')).toBe('descriptionArLength');
    expect(firstMessage(r, 'branchsIds')).toBe('chooseBranch');
    expect(firstMessage(r, 'tagsIds')).toBe('tagsRequired');
    expect(firstMessage(r, 'title')).toBe('required');
  });

  it('refuses unknown fields and requires the privacy check', () => {
    const r = signupBody.safeParse({ name: 'A', mobile: '97455123456', password: 'secret1', check: 'false', extra: 1 });
    expect(r.success).toBe(false);
    expect(firstMessage(r, 'check')).toBe('acceptPrivacy');
  });
});

describe('blank optional fields', () => {
  it('reads an empty form field as not given', async () => {
    const { reqListBody, forgetPasswordBody, updateOfferBody } = await import('./index');
    expect(reqListBody.parse({ status: '', mobile: '' })).toEqual({});
    expect(forgetPasswordBody.parse({ mobile: '97455123456', code: '', password: '', confirmPassword: '' })).toEqual({
      mobile: '97455123456',
    });
    expect(updateOfferBody.parse({ offerId: '3', branchsIds: '', tagsIds: '' })).toEqual({ offerId: 3 });
    expect(updateOfferBody.safeParse({ offerId: '3', branchsIds: '[]' }).success).toBe(false);
  });
});
