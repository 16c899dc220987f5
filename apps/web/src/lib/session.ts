/**
 * The session lives in localStorage under the contract's STORAGE_KEYS (SPEC §3), so a reload keeps
 * the user signed in. Components read it with `useSession()`; every write notifies them.
 */
import type { SessionResponse } from '@loyalty/contract';
import { STORAGE_KEYS } from '@loyalty/contract/constants';
import { useSyncExternalStore } from 'react';

/** What we keep about the signed-in account besides the token. */
export interface StoredUser {
  id: number;
  rule: string;
  mobile?: string;
  /** A merchant's name as `merchant/me` last said: the page's script paints the home's welcome with it (rememberUserName). */
  name?: string;
}

export interface Session {
  token: string | null;
  /** The stored role: any string, validated by the guard (an unknown role is refused). */
  role: string | null;
  /** null when nothing was stored. */
  isAproved: boolean | null;
  merchantId: number | null;
  user: StoredUser | null;
}

const storage = (): Storage | null => {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
};

const parseUser = (raw: string | null): StoredUser | null => {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as StoredUser;
    return value && typeof value === 'object' ? value : null;
  } catch {
    return null;
  }
};

export const readSession = (): Session => {
  const s = storage();
  const isAproved = s?.getItem(STORAGE_KEYS.isAproved);
  const merchantId = Number(s?.getItem(STORAGE_KEYS.merchantId));
  return {
    token: s?.getItem(STORAGE_KEYS.token) || null,
    role: s?.getItem(STORAGE_KEYS.role) || null,
    isAproved: isAproved === 'true' ? true : isAproved === 'false' ? false : null,
    merchantId: Number.isFinite(merchantId) && merchantId > 0 ? merchantId : null,
    user: parseUser(s?.getItem(STORAGE_KEYS.user) ?? null),
  };
};

let snapshot: Session = readSession();
const listeners = new Set<() => void>();

const emit = () => {
  snapshot = readSession();
  for (const listener of listeners) listener();
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || (Object.values(STORAGE_KEYS) as string[]).includes(e.key)) emit();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
};

export const getSession = (): Session => snapshot;

/** The current session; re-renders when it changes (this tab or another). */
export const useSession = (): Session => useSyncExternalStore(subscribe, getSession, getSession);

/** Stores what login, signup and password reset answer (SPEC §4: login stores the role). */
export const saveSession = (res: Pick<SessionResponse, 'token' | 'rule' | 'isAproved' | 'id'>, mobile?: string) => {
  const s = storage();
  if (!s) return;
  s.setItem(STORAGE_KEYS.token, res.token);
  s.setItem(STORAGE_KEYS.role, res.rule);
  s.setItem(STORAGE_KEYS.isAproved, String(res.isAproved));
  s.setItem(STORAGE_KEYS.merchantId, String(res.id));
  const user: StoredUser = { id: res.id, rule: res.rule, ...(mobile ? { mobile } : {}) };
  s.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  emit();
};

/**
 * Keeps the signed-in merchant's name with the stored user (a new sign-in stores a new user without
 * one): the page's HTML then paints the home's welcome with it before any script has loaded
 * (apps/web/build/first-screen-html.ts). Not a change of the session: nothing re-renders.
 */
export const rememberUserName = (name: string) => {
  const s = storage();
  const user = parseUser(s?.getItem(STORAGE_KEYS.user) ?? null);
  if (!s || !user || user.name === name) return;
  s.setItem(STORAGE_KEYS.user, JSON.stringify({ ...user, name }));
};

export const setStoredApproval = (isAproved: boolean) => {
  storage()?.setItem(STORAGE_KEYS.isAproved, String(isAproved));
  emit();
};

/** Logout, a 401 and opening the register page clear everything except the chosen language. */
export const clearStorage = () => {
  const s = storage();
  if (!s) return;
  const language = s.getItem(STORAGE_KEYS.language);
  s.clear();
  if (language !== null) s.setItem(STORAGE_KEYS.language, language);
  emit();
};
