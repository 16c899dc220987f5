/**
 * The operator's HTTP surface (DECISIONS §1, §8): `/api/admin/...`, authenticated by
 * `Authorization: Bearer <operator token>` (`npm run admin -- operator token` prints one). Not part
 * of the app's catalogue (`api`): no session token reaches it. Bodies are JSON or form fields; the
 * same operator service backs the command line.
 */
import { z } from 'zod';
import { defineEndpoints } from '../endpoint';
import { ticketMessage } from './support';

const int = z.number().int();
const op = ['admin'] as const;
const str = (max = 500) => z.string().trim().min(1).max(max);
const merchantRow = z.object({
  id: int,
  name: z.string(),
  mobile: z.string(),
  status: z.enum(['pending', 'approved', 'suspended']),
  isLive: z.boolean(),
  balance: int,
});
const packageRow = z.object({
  id: int,
  name: z.string(),
  points: int,
  amount: z.number(),
  validto: z.string().nullable(),
  isActive: z.boolean(),
});
const byMobile = z.object({ mobile: str(30) });

export const operatorEndpoints = defineEndpoints({
  'admin/merchant/list': {
    roles: op,
    scope: 'operator',
    body: z.object({}),
    response: z.object({ rows: z.array(merchantRow) }),
    summary: 'Every merchant with its status, live flag and points balance.',
  },
  'admin/merchant/approve': {
    roles: op,
    scope: 'operator',
    body: byMobile,
    response: merchantRow,
    summary: 'Approves a merchant waiting for review.',
  },
  'admin/merchant/suspend': {
    roles: op,
    scope: 'operator',
    body: byMobile,
    response: merchantRow,
    summary: 'Suspends a merchant and ends every session of it and its staff.',
  },
  'admin/package/list': {
    roles: op,
    scope: 'operator',
    body: z.object({}),
    response: z.object({ rows: z.array(packageRow) }),
    summary: 'The points packages, for sale or not.',
  },
  'admin/package/add': {
    roles: op,
    scope: 'operator',
    body: z.object({
      name: str(100),
      nameAr: str(100).optional(),
      points: z.coerce.string(),
      amount: z.coerce.string(),
      description: str().optional(),
      descriptionAr: str().optional(),
      validto: z.string().optional(),
    }),
    response: packageRow,
    summary: 'Adds a points package merchants can buy (amount in dollars, validto YYYY-MM-DD).',
  },
  'admin/invoice/add': {
    roles: op,
    scope: 'operator',
    body: z.object({ merchant: str(30), name: str(100), amount: z.coerce.string(), description: str().optional() }),
    response: z.object({ id: int, name: z.string(), amount: z.number(), merchantId: int }),
    summary: 'Records an invoice for a merchant (by mobile), settled outside the app.',
  },
  'admin/ticket/reply': {
    roles: op,
    scope: 'operator',
    body: z.object({ ticketId: z.coerce.number().int().positive(), message: str(2000) }),
    response: ticketMessage,
    summary: "Answers a merchant's open ticket; adminId is the operator token's id.",
  },
  'admin/settlement/move': {
    roles: op,
    scope: 'operator',
    body: z.object({ id: z.coerce.number().int().positive(), status: z.enum(['pending', 'paid']) }),
    response: z.object({ id: int, from: z.enum(['initial', 'pending']), to: z.enum(['pending', 'paid']) }),
    summary: 'Moves a settlement initial → pending → paid, one step at a time, once.',
  },
});

export type OperatorPath = keyof typeof operatorEndpoints;
