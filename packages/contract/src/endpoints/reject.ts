import { z } from 'zod';
import { REJECT_REASON_MAX } from '../constants';
import { id, text } from '../fields';

/** Reject a request with a reason (DECISIONS §9): required, at most REJECT_REASON_MAX characters. */
export const rejectBody = z.object({ reqId: id(), reason: text('rejectReasonRequired', REJECT_REASON_MAX) });
