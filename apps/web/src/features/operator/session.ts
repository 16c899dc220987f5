/**
 * The operator's session, apart from the merchant's (its own storage key): a console sign-in never
 * touches the merchant app's token, and a merchant's sign-out never ends the operator's.
 */
import { useSyncExternalStore } from 'react';
import type { Operator } from './types';

export const OPERATOR_STORAGE_KEY = 'operatorSession';

export interface OperatorSession {
  token: string;
  operator: Operator;
}

const storage = (): Storage | null => {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
};

const read = (): OperatorSession | null => {
  const raw = storage()?.getItem(OPERATOR_STORAGE_KEY);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as OperatorSession;
    return value && typeof value.token === 'string' && value.operator ? value : null;
  } catch {
    return null;
  }
};

let snapshot = read();
const listeners = new Set<() => void>();
const emit = () => {
  snapshot = read();
  for (const l of listeners) l();
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key === OPERATOR_STORAGE_KEY) emit();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
};

export const getOperatorSession = (): OperatorSession | null => snapshot;
export const useOperatorSession = (): OperatorSession | null =>
  useSyncExternalStore(subscribe, getOperatorSession, getOperatorSession);

export const saveOperatorSession = (session: OperatorSession) => {
  storage()?.setItem(OPERATOR_STORAGE_KEY, JSON.stringify(session));
  emit();
};

export const clearOperatorSession = () => {
  storage()?.removeItem(OPERATOR_STORAGE_KEY);
  emit();
};
