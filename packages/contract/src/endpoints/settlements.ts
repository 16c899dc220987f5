/**
 * Settlements of completed product requests, the merchant's side: the calls of the server's
 * `settlements` module (SPEC §2, §3; the operator moves them, `npm run admin -- settlement move`).
 */
import { z } from 'zod';
import { defineEndpoints } from '../endpoint';
import { id, paging } from '../fields';
import { settlementStatus } from './product-requests';

const int = z.number().int();

const nullableText = z.string().nullable();

const m = ['merchant'] as const;

const idBody = z.object({ id: id() });

const person = z.object({ name: z.string(), mobile: z.string() });

export const settlement = z.object({
  id: int,
  /** Dollars owed for the completed product request. */
  amount: z.number(),
  status: settlementStatus,
  createdAt: z.string(),
  user: person,
});

export type Settlement = z.infer<typeof settlement>;

export const settlementDetails = settlement.extend({
  productRequest: z.object({
    id: int,
    Product: z.object({
      name: z.string(),
      nameAr: nullableText,
      description: z.string(),
      descriptionAr: nullableText,
      points: int,
      price: z.number(),
    }),
  }),
  /** The sale line (+price) and, after a confirmed refund, the refund line (-price). */
  settlementDetails: z.array(z.object({ id: int, kind: z.enum(['sale', 'refund']), amount: z.number(), user: person })),
});

export type SettlementDetails = z.infer<typeof settlementDetails>;

export const settlementsEndpoints = defineEndpoints({
  'merchant/settlement/initial/list': {
    roles: m,
    scope: 'merchant',
    body: z.object(paging),
    response: z.array(settlement),
    summary: 'Settlements in status initial, newest first (an array).',
  },
  'merchant/settlement/pending/list': {
    roles: m,
    scope: 'merchant',
    body: z.object(paging),
    response: z.array(settlement),
    summary: 'Settlements in status pending, newest first (an array).',
  },
  'merchant/settlement/details': {
    roles: m,
    scope: 'merchant',
    body: idBody,
    response: settlementDetails,
    summary: 'One settlement with its product request.',
  },
});
