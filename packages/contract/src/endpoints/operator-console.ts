/**
 * The operator console's calls (`/operator` in the web app; issue 25): sign-in with password and
 * authenticator code, the home, merchants, tickets, packages, settlements, customers, operator
 * accounts and the operator log. Part of `operatorEndpoints` (operator.ts).
 */
import { z } from 'zod';
import { OPERATOR_ROLES } from '../constants';
import { defineEndpoints } from '../endpoint';
import { loginPassword, password, phone } from '../fields';
import {
  int,
  ledgerLine,
  merchantRow,
  operatorAccount,
  packageRow,
  roles,
  rowId,
  search,
  str,
} from './operator-fields';
import { ticketMessage } from './tickets';

const op = ['admin'] as const;
const ticketStatus = z.enum(['open', 'closed']);
const settlementStatus = z.enum(['initial', 'pending', 'paid']);
const idBody = z.object({ id: rowId() });
const day = z.object({ date: z.string(), requests: int, sales: z.number() });
/** Points to grant (positive) or take back (negative): a whole number, not 0. */
const pointsChange = z.coerce
  .number({ error: 'mustBeNumber' })
  .int({ error: 'mustBeWholeNumber' })
  .min(-1_000_000_000, { error: 'invalidValue' })
  .max(1_000_000_000, { error: 'invalidValue' })
  .refine((v) => v !== 0, { error: 'invalidValue' });
const optionalPositive = (max: number) =>
  z.coerce
    .number({ error: 'mustBeNumber' })
    .positive({ error: 'atLeastOne' })
    .max(max, { error: 'invalidValue' })
    .optional();

export const operatorConsoleEndpoints = defineEndpoints({
  'admin/login': {
    roles: 'public',
    scope: 'operator',
    operatorRoles: OPERATOR_ROLES,
    body: z.object({
      username: phone('numberRequired'),
      password: loginPassword(),
      otp: z
        .string({ error: 'codeRequired' })
        .trim()
        .regex(/^\d{6}$/, { error: 'codeRequired' }),
    }),
    response: z.object({ token: z.string(), operator: operatorAccount }),
    summary:
      'Signs an operator in with mobile, password and authenticator code; a session of 8 hours, 30 minutes idle. Any wrong part answers 401 invalidCredentials and counts as a failed sign-in.',
  },
  'admin/logout': {
    roles: op,
    scope: 'operator',
    operatorRoles: roles.any,
    body: z.object({}),
    response: z.object({}),
    summary: "Ends the operator's session.",
  },
  'admin/me': {
    roles: op,
    scope: 'operator',
    operatorRoles: roles.any,
    body: z.object({}),
    response: operatorAccount,
    summary: 'The signed-in operator (role decides the menu).',
  },
  'admin/home': {
    roles: op,
    scope: 'operator',
    operatorRoles: roles.any,
    body: z.object({}),
    response: z.object({
      merchantsToReview: int,
      openTickets: z.object({ total: int, unanswered: int, olderThanDay: int, olderThanWeek: int }),
      settlementsToPay: z.object({ count: int, amount: z.number() }),
      today: z.object({ requests: int, sales: z.number() }),
      days: z.array(day),
    }),
    summary:
      "What waits: merchants to review, open tickets by age, settlements to pay, today's and the last 7 days' activity.",
  },
  'admin/merchant/show': {
    roles: op,
    scope: 'operator',
    operatorRoles: roles.support,
    body: idBody,
    response: z.object({
      merchant: merchantRow.extend({ createdAt: z.string() }),
      branches: z.array(z.object({ id: int, name: z.string(), nameAr: z.string().nullable() })),
      staffCount: int,
      ledger: z.array(ledgerLine),
    }),
    summary: "A merchant's details: branches, staff count, balance and its last 50 ledger lines (newest first).",
  },
  'admin/merchant/reinstate': {
    roles: op,
    scope: 'operator',
    operatorRoles: roles.support,
    body: z.object({ mobile: str(30), reason: str(500) }),
    response: merchantRow,
    summary: 'Reinstates a suspended merchant (suspended → approved; 409 otherwise); the reason goes to the log.',
  },
  'admin/ticket/list': {
    roles: op,
    scope: 'operator',
    operatorRoles: roles.support,
    body: z.object({ status: ticketStatus.optional() }),
    response: z.object({
      rows: z.array(
        z.object({
          id: int,
          merchantId: int,
          merchantName: z.string(),
          title: z.string(),
          status: ticketStatus,
          createdAt: z.string(),
          lastMessageAt: z.string(),
          answered: z.boolean(),
        }),
      ),
    }),
    summary: 'The tickets inbox: unanswered first, then oldest first.',
  },
  'admin/ticket/show': {
    roles: op,
    scope: 'operator',
    operatorRoles: roles.support,
    body: z.object({ ticketId: rowId() }),
    response: z.object({
      ticket: z.object({
        id: int,
        merchantId: int,
        merchantName: z.string(),
        title: z.string(),
        /** The merchant's opening message in full (title is its first line). */
        body: z.string(),
        status: ticketStatus,
        createdAt: z.string(),
      }),
      messages: z.array(ticketMessage),
    }),
    summary: "A ticket (with the merchant's opening message in full) and its thread, oldest message first.",
  },
  'admin/ticket/close': {
    roles: op,
    scope: 'operator',
    operatorRoles: roles.support,
    body: z.object({ ticketId: rowId() }),
    response: z.object({ id: int, status: z.literal('closed') }),
    summary: 'Closes a ticket (closing a closed ticket answers the same).',
  },
  'admin/package/edit': {
    roles: op,
    scope: 'operator',
    operatorRoles: roles.finance,
    body: z.object({
      id: rowId(),
      name: str(100).optional(),
      nameAr: str(100).optional(),
      points: optionalPositive(1_000_000_000),
      amount: optionalPositive(10_000_000),
      description: str().optional(),
      descriptionAr: str().optional(),
      validto: z.string().optional(),
    }),
    response: packageRow,
    summary: 'Changes a package (the fields sent; amount in dollars, validto YYYY-MM-DD).',
  },
  'admin/package/deactivate': {
    roles: op,
    scope: 'operator',
    operatorRoles: roles.finance,
    body: idBody,
    response: packageRow,
    summary: 'Takes a package off sale (idempotent).',
  },
  'admin/settlement/list': {
    roles: op,
    scope: 'operator',
    operatorRoles: roles.finance,
    body: z.object({ status: settlementStatus.optional(), merchant: search() }),
    response: z.object({
      rows: z.array(
        z.object({
          id: int,
          merchantId: int,
          merchantName: z.string(),
          status: settlementStatus,
          amount: z.number(),
          reference: z.string().nullable(),
          createdAt: z.string(),
          paidAt: z.string().nullable(),
        }),
      ),
    }),
    summary: 'Settlements, newest first; merchant: name or mobile contains.',
  },
  'admin/customer/list': {
    roles: op,
    scope: 'operator',
    operatorRoles: roles.any,
    body: z.object({ q: search() }),
    response: z.object({ rows: z.array(z.object({ id: int, name: z.string(), mobile: z.string(), balance: int })) }),
    summary: 'Customers whose name or mobile contains q (50 at most).',
  },
  'admin/customer/show': {
    roles: op,
    scope: 'operator',
    operatorRoles: roles.any,
    body: idBody,
    response: z.object({
      customer: z.object({ id: int, name: z.string(), mobile: z.string(), balance: int, createdAt: z.string() }),
      ledger: z.array(ledgerLine),
    }),
    summary: "A customer's balance and its last 50 ledger lines (newest first).",
  },
  'admin/customer/points': {
    roles: op,
    scope: 'operator',
    operatorRoles: roles.finance,
    body: z.object({ id: rowId(), points: pointsChange, reason: str(500), requestId: str(100) }),
    response: z.object({ balance: int }),
    summary:
      'Grants (positive) or takes back (negative, never below 0: 409) points; a retry with the same requestId moves nothing twice.',
  },
  'admin/operator/list': {
    roles: op,
    scope: 'operator',
    operatorRoles: roles.admin,
    body: z.object({}),
    response: z.object({ rows: z.array(operatorAccount) }),
    summary: 'Every operator account.',
  },
  'admin/operator/add': {
    roles: op,
    scope: 'operator',
    operatorRoles: roles.admin,
    body: z.object({
      mobile: phone(),
      name: str(100),
      nameAr: str(100).optional(),
      role: z.enum(OPERATOR_ROLES, { error: 'invalidValue' }),
      password: password(),
    }),
    response: z.object({ operator: operatorAccount, otpauthUri: z.string() }),
    summary: 'Adds an operator account; otpauthUri is shown once, to scan into an authenticator app.',
  },
  'admin/operator/disable': {
    roles: op,
    scope: 'operator',
    operatorRoles: roles.admin,
    body: idBody,
    response: operatorAccount,
    summary: 'Disables an operator account and ends its sessions.',
  },
  'admin/log/list': {
    roles: op,
    scope: 'operator',
    operatorRoles: roles.admin,
    body: z.object({
      page: z.coerce
        .number({ error: 'invalidValue' })
        .int({ error: 'invalidValue' })
        .min(1, { error: 'invalidValue' })
        .max(100000, { error: 'invalidValue' })
        .optional(),
    }),
    response: z.object({
      rows: z.array(
        z.object({
          id: int,
          operatorId: int.nullable(),
          operatorName: z.string().nullable(),
          action: z.string(),
          detail: z.string(),
          ip: z.string().nullable(),
          createdAt: z.string(),
        }),
      ),
      total: int,
    }),
    summary: 'The operator log, newest first, 20 a page: who did what, when, from where.',
  },
});
