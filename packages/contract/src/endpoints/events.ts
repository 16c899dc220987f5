/** The live feed's event (`GET /api/merchant/events`, apps/server/src/platform/events; docs/architecture.md "Live feed"). */
import { z } from 'zod';

const int = z.number().int();

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
