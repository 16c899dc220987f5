/**
 * The operator's HTTP surface (DECISIONS §1, §8; README "Operator"): `/api/admin/...`, authenticated
 * by `Authorization: Bearer <token>`: an operator session from `admin/login` (the console), or an
 * operator token (`npm run admin -- operator token`, for scripts; it acts with role admin). Not part
 * of the app's catalogue (`api`). Each call lists the operator roles that may make it
 * (`operatorRoles`; 403 otherwise). Bodies are JSON or form fields; the same operator service backs
 * the command line. The console's own calls are in operator-console.ts.
 */
import { z } from 'zod';
import { defineEndpoints } from '../endpoint';
import { operatorConsoleEndpoints } from './operator-console';
import { byMobile, int, merchantRow, packageRow, roles, rowId, search, str } from './operator-fields';
import { operatorInvoiceEndpoints } from './operator-invoices';
import { operatorTagEndpoints } from './operator-tags';
import { ticketMessage } from './tickets';

export { type OperatorAccount, operatorAccount } from './operator-fields';

const op = ['admin'] as const;

const existing = defineEndpoints({
  'admin/merchant/list': {
    roles: op,
    scope: 'operator',
    operatorRoles: roles.support,
    body: z.object({ q: search(), status: z.enum(['pending', 'approved', 'suspended']).optional() }),
    response: z.object({ rows: z.array(merchantRow) }),
    summary: 'Every merchant with its status, live flag and points balance; q: name or mobile contains.',
  },
  'admin/merchant/approve': {
    roles: op,
    scope: 'operator',
    operatorRoles: roles.support,
    body: byMobile,
    response: merchantRow,
    summary: 'Approves a merchant waiting for review.',
  },
  'admin/merchant/suspend': {
    roles: op,
    scope: 'operator',
    operatorRoles: roles.support,
    body: byMobile.extend({ reason: str(500).optional() }),
    response: merchantRow,
    summary: 'Suspends a merchant and ends every session of it and its staff; the reason goes to the operator log.',
  },
  'admin/package/list': {
    roles: op,
    scope: 'operator',
    operatorRoles: roles.finance,
    body: z.object({}),
    response: z.object({ rows: z.array(packageRow) }),
    summary: 'The points packages, for sale or not.',
  },
  'admin/package/add': {
    roles: op,
    scope: 'operator',
    operatorRoles: roles.finance,
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
    operatorRoles: roles.finance,
    body: z.object({
      merchant: str(30),
      name: str(100),
      nameAr: str(100).optional(),
      amount: z.coerce.string(),
      description: str().optional(),
      descriptionAr: str().optional(),
    }),
    response: z.object({ id: int, name: z.string(), amount: z.number(), merchantId: int }),
    summary: 'Records an invoice for a merchant (by mobile), settled outside the app.',
  },
  'admin/ticket/reply': {
    roles: op,
    scope: 'operator',
    operatorRoles: roles.support,
    body: z.object({ ticketId: rowId(), message: str(2000) }),
    response: ticketMessage,
    summary: "Answers a merchant's open ticket; adminId is the id of the operator who answers.",
  },
  'admin/settlement/move': {
    roles: op,
    scope: 'operator',
    operatorRoles: roles.finance,
    body: z.object({ id: rowId(), status: z.enum(['pending', 'paid']), reference: str(100).optional() }),
    response: z.object({ id: int, from: z.enum(['initial', 'pending']), to: z.enum(['pending', 'paid']) }),
    summary:
      'Moves a settlement initial → pending → paid, one step at a time, once; paying from the console needs the payment reference.',
  },
});

export const operatorEndpoints = {
  ...existing,
  ...operatorConsoleEndpoints,
  ...operatorTagEndpoints,
  ...operatorInvoiceEndpoints,
};

export type OperatorPath = keyof typeof operatorEndpoints;
