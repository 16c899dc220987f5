/** Web Push registration for merchants, staff and couriers (SPEC §2, §7; docs/architecture.md). */
import { z } from 'zod';
import { defineEndpoints } from '../endpoint';
import { text } from '../fields';

const staffRoles = ['merchant', 'merchantUser', 'delivery'] as const;
const int = z.number().int();

export const pushSubscribeBody = z.object({
  /** The JSON of the browser's PushSubscription, the same value `merchant/login` accepts as `deviceToken`. */
  deviceToken: text('invalidPushSubscription', 2000),
});

export const pushEndpoints = defineEndpoints({
  'merchant/push/publicKey': {
    roles: 'public',
    scope: 'public',
    body: z.object({}),
    response: z.object({ publicKey: z.string() }),
    summary: "The server's VAPID public key, the applicationServerKey a browser subscribes with.",
  },
  'merchant/push/subscribe': {
    roles: staffRoles,
    scope: 'self',
    body: pushSubscribeBody,
    response: z.object({ success: z.literal(true) }),
    summary:
      "Registers this device's push subscription for the calling session (signing out removes it); notifications use the request's language. Only a browser push service's https address is accepted, at most 5 devices per account (a new one replaces the oldest); a merchant under review gets 403.",
  },
  'merchant/push/unsubscribe': {
    roles: staffRoles,
    scope: 'self',
    allowUnapproved: true,
    body: z.object({}),
    response: z.object({ success: z.literal(true) }),
    summary: "Removes the calling session's push subscriptions.",
  },
  'merchant/push/test': {
    roles: staffRoles,
    scope: 'self',
    allowUnapproved: true,
    body: z.object({}),
    response: z.object({ sent: int, failed: int }),
    summary:
      "Sends a test notification to the calling session's newest device and answers whether its push service accepted it (0 and 0: no device registered).",
  },
});
