/**
 * The operator console's invoices (issue 25): every merchant's invoices (bought packages, paid; and
 * the operator's own, issued and settled outside the app), with filters. Adding one is the existing
 * `admin/invoice/add`. Part of `operatorEndpoints` (operator.ts).
 */
import { z } from 'zod';
import { defineEndpoints } from '../endpoint';
import { int, roles, search } from './operator-fields';

const op = ['admin'] as const;
export const invoiceStatus = z.enum(['issued', 'paid']);

export const operatorInvoiceEndpoints = defineEndpoints({
  'admin/invoice/list': {
    roles: op,
    scope: 'operator',
    operatorRoles: roles.finance,
    body: z.object({ merchant: search(), status: invoiceStatus.optional() }),
    response: z.object({
      rows: z.array(
        z.object({
          id: int,
          merchantId: int,
          merchantName: z.string(),
          merchantMobile: z.string(),
          name: z.string(),
          nameAr: z.string().nullable(),
          amount: z.number(),
          status: invoiceStatus,
          createdAt: z.string(),
        }),
      ),
    }),
    summary: 'Invoices, newest first (500 at most); merchant: its name or mobile contains; status: issued or paid.',
  },
});
