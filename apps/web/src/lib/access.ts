/**
 * The access guard's decisions (SPEC §2 "Access guard", §6), as pure functions so they are
 * tested without a browser.
 */
import { STAFF_ROLES, type StaffRole } from '@loyalty/contract/constants';
import type { Session } from './session';

/** What a route asks of its visitor. Public routes have no Access at all. */
export interface Access {
  /** Roles allowed; absent means every staff role (merchant, merchantUser, delivery). */
  roles?: readonly StaffRole[];
  /** A merchant still under review may open it (activate-account, profile, password). */
  allowUnapproved?: boolean;
}

export type AccessDecision =
  | { kind: 'allow'; role: StaffRole }
  | { kind: 'login' }
  | { kind: 'activate' }
  | { kind: 'notAuthorized' }
  | { kind: 'forbidden' };

export const ACTIVATE_PATH = '/profile/activateaccount';

export const isStaffRole = (role: string | null | undefined): role is StaffRole =>
  (STAFF_ROLES as readonly string[]).includes(role ?? '');

export const decideAccess = (
  session: Pick<Session, 'token' | 'role' | 'isAproved'>,
  access: Access,
): AccessDecision => {
  // No token: log in, and come back here afterwards.
  if (!session.token) return { kind: 'login' };
  // A stored role other than merchant, merchantUser or delivery is refused (SPEC §6).
  if (!isStaffRole(session.role)) return { kind: 'notAuthorized' };
  // A merchant whose stored approval flag is false waits on the activate-account screen.
  if (session.role === 'merchant' && session.isAproved === false && !access.allowUnapproved)
    return { kind: 'activate' };
  // A page of another role (a courier opening the offers, staff opening reports).
  if (access.roles && !access.roles.includes(session.role)) return { kind: 'forbidden' };
  return { kind: 'allow', role: session.role };
};

/**
 * A merchant whose account is still under review: the server refuses (403) every call but its
 * profile, password and logout, so the app offers nothing else (no footer panels, no shortcuts).
 */
export const isUnderReview = (session: Pick<Session, 'role' | 'isAproved'>): boolean =>
  session.role === 'merchant' && session.isAproved === false;

/**
 * Where `/` leads. SPEC §2 says `/` redirects to /dashboard, and that "the root entry redirects to
 * /languages if a language value is stored, else to /home if a user is stored". Read literally the
 * second rule would send every returning user to the language screen, so we read it as the
 * first-run flow: with a token the dashboard (which the guard may turn into activate-account);
 * without one, a visitor who never chose a language starts at /languages, one whose user is still
 * stored (an expired token) at /home, and anyone else at /login.
 */
export const entryPath = (
  session: Pick<Session, 'token' | 'user'>,
  storedLanguage: string | null,
): '/dashboard' | '/languages' | '/home' | '/login' => {
  if (session.token) return '/dashboard';
  if (!storedLanguage) return '/languages';
  if (session.user) return '/home';
  return '/login';
};

/** A safe place to return to after login: an in-app path, never the auth screens themselves. */
export const returnPath = (from: unknown): string | null => {
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//')) return null;
  const path = from.split(/[?#]/)[0];
  if (['/', '/login', '/register', '/forgetpassword', '/verification', ACTIVATE_PATH].includes(path)) return null;
  return from;
};
