import { STORAGE_KEYS } from '@loyalty/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { clearStorage, rememberUserName, saveSession } from './session';

const storedUser = () => JSON.parse(localStorage.getItem(STORAGE_KEYS.user) ?? 'null');

afterEach(() => clearStorage());

describe('rememberUserName', () => {
  it("keeps the merchant's name with the stored user, until another sign-in stores another user", () => {
    saveSession({ token: 't', rule: 'merchant', isAproved: true, id: 9 }, '97450000001');
    rememberUserName('Corner Cafe');
    expect(storedUser()).toEqual({ id: 9, rule: 'merchant', mobile: '97450000001', name: 'Corner Cafe' });
    saveSession({ token: 't2', rule: 'merchant', isAproved: true, id: 10 });
    expect(storedUser()).toEqual({ id: 10, rule: 'merchant' });
  });

  it('stores nothing without a signed-in user', () => {
    rememberUserName('Corner Cafe');
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
  });
});
