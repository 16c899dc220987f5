import { describe, expect, it } from 'vitest';
import { ACTIVATE_PATH, decideAccess, entryPath, isUnderReview, returnPath } from './access';

const session = (over: Partial<{ token: string | null; role: string | null; isAproved: boolean | null }> = {}) => ({
  token: 't0k3n',
  role: 'merchant',
  isAproved: true,
  ...over,
});

describe('decideAccess', () => {
  it('sends a visitor without a token to login', () => {
    expect(decideAccess(session({ token: null }), {})).toEqual({ kind: 'login' });
    expect(decideAccess({ token: null, role: null, isAproved: null }, { roles: ['merchant'] })).toEqual({
      kind: 'login',
    });
  });

  it('refuses an unknown role', () => {
    expect(decideAccess(session({ role: 'user' }), {})).toEqual({ kind: 'notAuthorized' });
    expect(decideAccess(session({ role: 'admin' }), {})).toEqual({ kind: 'notAuthorized' });
    expect(decideAccess(session({ role: null }), {})).toEqual({ kind: 'notAuthorized' });
  });

  it('sends a merchant under review to activate-account, except where allowed', () => {
    expect(decideAccess(session({ isAproved: false }), {})).toEqual({ kind: 'activate' });
    expect(decideAccess(session({ isAproved: false }), { allowUnapproved: true })).toEqual({
      kind: 'allow',
      role: 'merchant',
    });
    expect(ACTIVATE_PATH).toBe('/profile/activateaccount');
  });

  it('does not hold staff back on a missing approval flag', () => {
    expect(decideAccess(session({ role: 'merchantUser', isAproved: false }), {})).toEqual({
      kind: 'allow',
      role: 'merchantUser',
    });
    expect(decideAccess(session({ isAproved: null }), {})).toEqual({ kind: 'allow', role: 'merchant' });
  });

  it('keeps merchant-only pages from staff and couriers', () => {
    const merchantOnly = { roles: ['merchant'] as const };
    expect(decideAccess(session(), merchantOnly)).toEqual({ kind: 'allow', role: 'merchant' });
    expect(decideAccess(session({ role: 'merchantUser' }), merchantOnly)).toEqual({ kind: 'forbidden' });
    expect(decideAccess(session({ role: 'delivery' }), { roles: ['merchant', 'merchantUser'] })).toEqual({
      kind: 'forbidden',
    });
    expect(decideAccess(session({ role: 'delivery' }), {})).toEqual({ kind: 'allow', role: 'delivery' });
  });
});

describe('isUnderReview', () => {
  it('is a merchant whose approval flag is false, nobody else', () => {
    expect(isUnderReview({ role: 'merchant', isAproved: false })).toBe(true);
    expect(isUnderReview({ role: 'merchant', isAproved: true })).toBe(false);
    expect(isUnderReview({ role: 'merchant', isAproved: null })).toBe(false);
    expect(isUnderReview({ role: 'merchantUser', isAproved: false })).toBe(false);
  });
});

describe('entryPath (the root redirect)', () => {
  it('goes to the dashboard with a token', () => {
    expect(entryPath({ token: 'x', user: null }, null)).toBe('/dashboard');
  });
  it('starts a first visit at the language choice', () => {
    expect(entryPath({ token: null, user: null }, null)).toBe('/languages');
  });
  it('sends a known user to home and anyone else to login', () => {
    expect(entryPath({ token: null, user: { id: 1, rule: 'merchant' } }, 'en')).toBe('/home');
    expect(entryPath({ token: null, user: null }, 'ar')).toBe('/login');
  });
});

describe('returnPath', () => {
  it('returns to an in-app page', () => {
    expect(returnPath('/offer/3?tab=users')).toBe('/offer/3?tab=users');
  });
  it('never returns off-site or to the auth screens', () => {
    expect(returnPath('//evil.example')).toBeNull();
    expect(returnPath('https://evil.example')).toBeNull();
    expect(returnPath('/login')).toBeNull();
    expect(returnPath('/')).toBeNull();
    expect(returnPath(undefined)).toBeNull();
  });
});
