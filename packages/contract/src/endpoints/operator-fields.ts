/** Shapes and fields shared by the operator's calls (operator.ts, operator-console.ts). */
import { z } from 'zod';
import { OPERATOR_ROLES } from '../constants';

export const int = z.number().int();
/** Text of 1 to `max` characters, trimmed; messages are the app's keys. */
export const str = (max = 500) =>
  z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(max, { error: 'tooLong' });
/** A row's id (1 to 2^31 − 1, PostgreSQL's integer). */
export const rowId = () =>
  z.coerce.number({ error: 'invalidId' }).int({ error: 'invalidId' }).positive({ error: 'invalidId' }).max(2147483647, {
    error: 'invalidId',
  });
/** Text a search contains (name or mobile); blank means no filter. */
export const search = (max = 100) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.string().trim().max(max, { error: 'tooLong' }).optional(),
  );

/** Who may call what (ISSUE25-CONTRACT): admin everything; support merchants, tickets, customers (read); finance money. */
export const roles = {
  admin: ['admin'],
  any: OPERATOR_ROLES,
  support: ['admin', 'support'],
  finance: ['admin', 'finance'],
} as const;

export const merchantRow = z.object({
  id: int,
  name: z.string(),
  mobile: z.string(),
  status: z.enum(['pending', 'approved', 'suspended']),
  isLive: z.boolean(),
  balance: int,
});
export const packageRow = z.object({
  id: int,
  name: z.string(),
  points: int,
  amount: z.number(),
  validto: z.string().nullable(),
  isActive: z.boolean(),
});
/** A platform operator's account (never its password or authenticator secret). */
export const operatorAccount = z.object({
  id: int,
  name: z.string(),
  nameAr: z.string().nullable(),
  role: z.enum(OPERATOR_ROLES),
  mobile: z.string().nullable(),
  createdAt: z.string(),
  disabledAt: z.string().nullable(),
});
export type OperatorAccount = z.infer<typeof operatorAccount>;
/** A points movement as the operator reads it. */
export const ledgerLine = z.object({ id: int, points: int, reason: z.string(), createdAt: z.string() });
export const byMobile = z.object({ mobile: str(30) });
