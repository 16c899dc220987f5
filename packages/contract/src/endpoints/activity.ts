/**
 * The merchant's activity log (docs/domain.md "Audit trail"): every staff, courier and merchant state
 * change, who did it and from what to what. The merchant alone reads it; staff get 403.
 */
import { z } from 'zod';
import { AUDIT_ACTIONS, SUBJECT_TYPES } from '../constants';
import { defineEndpoints } from '../endpoint';
import { pagedRows } from '../entities';
import { blankOptional, oneOf, optionalDate, optionalId, paging } from '../fields';

const int = z.number().int();

export const auditEntry = z.object({
  id: int,
  action: z.enum(AUDIT_ACTIONS),
  entity: z.string(),
  entityId: int.nullable(),
  actor: z.object({ type: z.enum(SUBJECT_TYPES), id: int, role: z.string(), name: z.string() }),
  Branch: z.object({ id: int, branchName: z.string() }).nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  device: z.string().nullable(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const activityListBody = z.object({
  ...paging,
  /** Who: `<actorType>:<id>`, as listed in `actors`. */
  who: blankOptional(z.string().regex(/^(merchant|merchantUser):\d{1,10}$/, { error: 'invalidValue' })),
  action: blankOptional(oneOf(AUDIT_ACTIONS, 'invalidValue')),
  branchId: optionalId(),
  /** Business days (YYYY-MM-DD, Asia/Qatar), inclusive. */
  from: optionalDate(),
  to: optionalDate(),
});

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
});

/**
 * One message of the live feed (`FEED_PATH` in constants.ts): each message's data is one
 * `feedEvent`; an `event: ready` message follows the replay.
 */
export const feedEvent = z.object({
  id: int,
  kind: z.enum(['offerRequest', 'redeem', 'productRequest']),
  entityId: int,
  /** created, approved, rejected, picked, assigned, delivery.inProgress, delivery.done, canceled, refundAsked, refunded */
  action: z.string(),
  status: z.string(),
  branchId: int.nullable(),
  at: z.string(),
});
export type FeedEvent = z.infer<typeof feedEvent>;
