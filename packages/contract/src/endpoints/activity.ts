/**
 * The merchant's activity log (docs/domain.md "Audit trail"): every staff, courier and merchant state
 * change, who did it and from what to what, and its CSV export: the calls of the server's `activity`
 * module. The merchant alone reads it; staff get 403.
 */
import { z } from 'zod';
import { AUDIT_ACTIONS, SUBJECT_TYPES } from '../constants';
import { defineEndpoints } from '../endpoint';
import { pagedRows } from '../entities';
import { blankOptional, oneOf, optionalDate, optionalId, paging } from '../fields';
import { csvStream } from './exports';

const int = z.number().int();

/** A name as it is now, with its Arabic variant where the entity has one (offers, products, packages). */
const currentName = z.object({ name: z.string(), nameAr: z.string().nullable() });

export const auditEntry = z.object({
  id: int,
  action: z.enum(AUDIT_ACTIONS),
  entity: z.string(),
  entityId: int.nullable(),
  actor: z.object({ type: z.enum(SUBJECT_TYPES), id: int, role: z.string(), name: z.string() }),
  Branch: z.object({ id: int, branchName: z.string(), branchNameAr: z.string().nullable() }).nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  device: z.string().nullable(),
  /** The manager whose override PIN let a staff member's action through (issue 27); null: none. */
  override: z.object({ by: z.literal('manager'), id: int, name: z.string() }).nullable(),
  createdAt: z.string(),
  /**
   * What the entry is about, by its name as it is now: the offer of an offer request, the customer of
   * a redeem, the product of an order, the package bought, the employee, the branch; null otherwise.
   */
  subject: currentName.nullable(),
  /**
   * The names of the people and branches `before` and `after` point to by id (`employeeId`,
   * `branchId`), by id, as they are now: the log reads "Courier: Yousef → Ali", not "2 → 4".
   */
  names: z.object({ employees: z.record(z.string(), z.string()), branches: z.record(z.string(), currentName) }),
});

export type AuditEntry = z.infer<typeof auditEntry>;

export const activityListBody = z.object({
  ...paging,
  /** Who: `<actorType>:<id>`, as listed in `actors` (an id of a database row: 1 to 2^31 − 1). */
  who: blankOptional(
    z
      .string()
      .regex(/^(merchant|merchantUser):[1-9]\d{0,9}$/, { error: 'invalidValue' })
      .refine((v) => Number(v.slice(v.indexOf(':') + 1)) <= 2147483647, { error: 'invalidValue' }),
  ),
  action: blankOptional(oneOf(AUDIT_ACTIONS, 'invalidValue')),
  branchId: optionalId(),
  /** Business days (YYYY-MM-DD, Asia/Qatar), inclusive. */
  from: optionalDate(),
  to: optionalDate(),
});

const m = ['merchant'] as const;

export const activityEndpoints = defineEndpoints({
  'merchant/activity/list': {
    roles: ['merchant'],
    scope: 'merchant',
    body: activityListBody,
    response: pagedRows(auditEntry).extend({
      actors: z.array(z.object({ type: z.enum(SUBJECT_TYPES), id: int, name: z.string() })),
    }),
    summary: "The merchant's activity log, newest first, filtered by who, what, branch and dates.",
  },
  'merchant/export/activity.csv': {
    roles: m,
    scope: 'merchant',
    format: 'csv',
    body: activityListBody.omit({ pageNum: true, limit: true }),
    response: csvStream,
    summary: "The merchant's activity log (audit trail) as CSV, with the list filters (who, what, branch, dates).",
  },
});
