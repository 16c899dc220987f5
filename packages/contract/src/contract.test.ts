import { describe, expect, it } from 'vitest';
import { allEndpoints, api, isApiPath } from './api';
import { ROLES } from './constants';
import { SCOPES } from './endpoint';
import { date, idList, parseDate, phone, price } from './fields';
import { addOfferBody, signupBody } from './index';
import { isMessageKey, messages, messageText } from './messages';

const firstMessage = (
  r: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } },
  field: string,
) => r.error?.issues.find((i) => i.path.join('.') === field)?.message;

/** Every call of the spec's call table (its section 7), role pairs expanded, plus the customer API. */
const SPEC_CALLS = [
  'user/signup',
  'merchant/signup',
  'merchant/login',
  'merchant/forgetpassword',
  'merchant/changepassword',
  'merchant/updateProfile',
  'merchant/me',
  'merchantUser/me',
  'merchant/goLive',
  'merchant/branch/list',
  'merchant/branch/details',
  'merchant/addBranch',
  'merchant/updateBranch',
  'merchant/tag/list',
  'merchant/offer/list',
  'merchantUser/offer/list',
  'merchant/offer/details',
  'merchantUser/offer/details',
  'admin/offer/users/list',
  'merchant/offer/add',
  'merchant/offer/update',
  'merchant/offer/upload/images',
  'merchant/req/list',
  'merchantUser/req/list',
  'merchant/req/details',
  'merchantUser/req/details',
  'merchant/req/approve',
  'merchantUser/req/approve',
  'merchant/req/redeem/list',
  'merchantUser/req/redeem/list',
  'merchant/req/redeem/detail',
  'merchantUser/req/redeem/detail',
  'merchant/req/redeem/approve',
  'merchantUser/req/redeem/approve',
  'merchant/user/list',
  'merchant/user/details',
  'merchant/addEmployee',
  'merchant/employees/update',
  'merchant/product/list',
  'merchantUser/product/list',
  'merchant/product/create',
  'merchant/product/details',
  'merchantUser/product/details',
  'merchant/product/upload/image',
  'merchant/product/update',
  'merchant/product/req/list',
  'merchantUser/product/req/list',
  'merchant/product/req/details',
  'merchantUser/product/req/details',
  'merchant/product/req/changeStatus',
  'merchantUser/product/req/changeStatus',
  'merchant/product/employee/assignDelivery',
  'user/req/confirm/refund',
  'merchant/package/list',
  'merchant/package/details',
  'merchant/package/req/list',
  'merchant/package/req/details',
  'merchant/req/package',
  'merchant/card/add',
  'merchant/card/list',
  'merchant/card/setDefault',
  'merchant/card/delete',
  'merchant/ticket/create',
  'merchant/ticket/list',
  'merchant/ticket/close',
  'merchant/ticket/details',
  'merchant/ticket/messageHistory/list',
  'merchant/userTicket/message/reply',
  'merchant/ticket/message/delete',
  'merchant/settlement/initial/list',
  'merchant/settlement/pending/list',
  'merchant/settlement/details',
  'merchant/chart/orders/branches',
  // customer API (our decisions)
  'user/login',
  'user/me',
  'user/offer/list',
  'user/product/list',
  'user/address/add',
  'user/offer/request',
  'user/redeem',
  'user/product/request',
  'user/product/req/cancel',
  'user/product/req/refund',
] as const;

describe('catalogue', () => {
  it('has unique paths, valid roles and scopes, and each key is its path', () => {
    const paths = allEndpoints.map((e) => e.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const [key, def] of Object.entries(api)) {
      expect(def.path, key).toBe(key);
      expect(SCOPES, key).toContain(def.scope);
      if (def.roles !== 'public') for (const r of def.roles) expect(ROLES).toContain(r);
      expect(def.roles === 'public', key).toBe(def.scope === 'public');
    }
  });

  it('declares every call of the spec and of the customer API', () => {
    const missing = SPEC_CALLS.filter((p) => !isApiPath(p));
    expect(missing).toEqual([]);
    expect(new Set(SPEC_CALLS).size).toBe(83);
  });

  it('drops fields a call does not know instead of refusing them', () => {
    const parsed = api['merchant/addBranch'].body.parse({
      branchName: 'Main',
      phone: '44123456',
      address: 'Doha',
      addressAr: 'الدوحة',
      merchantId: 99,
      isActive: 'false',
      balance: 1000,
    });
    expect(parsed).toEqual({ branchName: 'Main', phone: '44123456', address: 'Doha', addressAr: 'الدوحة' });
  });

  it('uses message keys for every validation message', () => {
    const junk = [{}, { id: 'x', reqId: -1, limit: 'many', password: ' ', mobile: 'abc', ticketType: 'offer' }];
    for (const def of allEndpoints)
      for (const input of junk) {
        const r = def.body.safeParse(input);
        if (!r.success)
          for (const issue of r.error.issues)
            expect(isMessageKey(issue.message), `${def.path}: ${issue.message}`).toBe(true);
      }
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

  it('requires the privacy check', () => {
    const r = signupBody.safeParse({ name: 'A', mobile: '97455123456', password: 'secret-pass', check: 'false' });
    expect(r.success).toBe(false);
    expect(firstMessage(r, 'check')).toBe('acceptPrivacy');
  });

  it('refuses letters and impossible mobile numbers for their country', () => {
    for (const bad of ['55abc', '97455abc', '12', '12ab', '974', '97412', '9745512345'])
      expect(firstMessage(phone().safeParse(bad), ''), bad).toBe('invalidPhone');
    expect(phone().parse('+974 5512 3456')).toBe('97455123456');
    expect(phone().parse('00966501234567')).toBe('966501234567');
    expect(firstMessage(phone('numberRequired').safeParse(''), '')).toBe('numberRequired');
  });

  it('refuses short, blank and control-character passwords', () => {
    const pw = (p: string) =>
      firstMessage(signupBody.safeParse({ name: 'A', mobile: '97455123456', password: p, check: true }), 'password');
    expect(pw('1234567')).toBe('passwordTooShort');
    expect(pw('        ')).toBe('passwordBlank');
    expect(pw('abc\u0000defgh')).toBe('passwordControlChars');
    expect(pw('a perfectly fine one')).toBeUndefined();
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
