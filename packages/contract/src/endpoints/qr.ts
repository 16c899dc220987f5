/** Signed request codes and scan-to-approve (docs/domain.md, "Signed request codes"). */
import { z } from 'zod';
import { defineEndpoints, rolePair } from '../endpoint';
import { id, oneOf, text } from '../fields';
import { QR_KINDS } from '../qr';

/** A signed code and when it stops being accepted. */
export const qrCode = z.object({ code: z.string(), expiresAt: z.string() });
export type QrCode = z.infer<typeof qrCode>;

export const qrScanBody = z.object({ code: text('qrCodeRequired', 200) });

export const qrEndpoints = defineEndpoints({
  'user/qr': {
    roles: ['user'],
    scope: 'customer',
    body: z.object({ kind: oneOf(QR_KINDS), id: id() }),
    response: qrCode,
    summary: "A fresh signed code for one of the customer's own requests (offer, redeem or product).",
  },
  ...rolePair('qr/scan', {
    scope: 'branch',
    body: qrScanBody,
    response: z.object({ kind: z.enum(QR_KINDS), id: z.number().int() }),
    summary:
      "Checks a customer's signed code (signature, expiry, merchant, branch, still open) and answers the request it names",
  }),
});
