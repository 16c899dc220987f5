import { useSession } from '../../lib/session';

/** The roles that handle customer requests: a merchant (all branches) and staff (their branch). */
export type RequestRole = 'merchant' | 'merchantUser';

export const useRequestRole = (): RequestRole | null => {
  const { role } = useSession();
  return role === 'merchant' || role === 'merchantUser' ? role : null;
};

/** The numeric id of a route parameter, or 0 when it is not one. */
export const idParam = (value: string | undefined): number => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 && n <= 2147483647 ? n : 0;
};
