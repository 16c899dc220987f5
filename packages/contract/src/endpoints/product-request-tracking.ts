/**
 * Following a delivery (issue 26, point 4): the courier's position, the customer's timeline and the
 * public link's answer. Part of product-requests.ts' calls (the server's `product-requests` module).
 */
import { z } from 'zod';
import { defineEndpoints } from '../endpoint';
import { id } from '../fields';
import { positionAnswer, positionBody, publicTrackBody, tracking } from '../tracking';

export const trackingEndpoints = defineEndpoints({
  'merchantUser/product/req/position': {
    roles: ['delivery'],
    scope: 'courier',
    body: positionBody,
    response: positionAnswer,
    summary:
      'The assigned courier shares their position (`lat`, `lng`, optional `accuracy` in metres) while the delivery is open (assigned, not done or canceled; else 409); one sent within 10 s of the last is ignored (`recorded: false`).',
  },
  'user/product/req/track': {
    roles: ['user'],
    scope: 'customer',
    body: z.object({ id: id() }),
    response: tracking,
    summary:
      "The customer's own order as it goes: the timeline with its times, the expected ready time, the courier's last position while the delivery is open, and the public link (`trackUrl`, `/t/<token>`) that works until an hour after the order closes.",
  },
  'public/track': {
    roles: 'public',
    scope: 'public',
    body: publicTrackBody,
    response: tracking,
    summary:
      "What the public tracking link shows (no sign-in): the order's timeline and the courier's last position, without the customer's name, phone, address or code; an unknown or expired token answers 404.",
  },
});
