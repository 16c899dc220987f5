/**
 * The signed request code a customer shows at the counter (docs/domain.md, "Signed request codes"):
 * `L1.<kind>.<id>.<merchantId>.<exp>.<sig>`, where kind is `o` (offer request), `r` (redeem) or `p`
 * (product request), exp is the expiry in Unix seconds and sig the base64url HMAC-SHA256 of
 * everything before it, keyed with the server's `qr-hmac` secret. Only the server can sign or verify;
 * this module only builds and splits the text.
 */
export const QR_KINDS = ['offer', 'redeem', 'product'] as const;
export type QrKind = (typeof QR_KINDS)[number];

export const QR_VERSION = 'L1';
/** How long a code stays valid after it is issued. */
export const QR_TTL_SECONDS = 5 * 60;

const LETTER: Record<QrKind, string> = { offer: 'o', redeem: 'r', product: 'p' };
const KIND_OF: Record<string, QrKind> = { o: 'offer', r: 'redeem', p: 'product' };

export interface QrClaims {
  kind: QrKind;
  id: number;
  merchantId: number;
  /** Expiry, Unix seconds. */
  exp: number;
}

/** The signed part of a code (everything before the signature). */
export const qrSignedPart = (c: QrClaims): string => `${QR_VERSION}.${LETTER[c.kind]}.${c.id}.${c.merchantId}.${c.exp}`;

const POSITIVE = /^[1-9][0-9]{0,14}$/;

/** Splits a code into its claims and signature; null when it is not shaped like one. */
export function parseQr(code: string): { claims: QrClaims; signedPart: string; sig: string } | null {
  const parts = code.trim().split('.');
  if (parts.length !== 6 || parts[0] !== QR_VERSION) return null;
  const [, letter, id, merchantId, exp, sig] = parts;
  const kind = KIND_OF[letter];
  if (!kind || !POSITIVE.test(id) || !POSITIVE.test(merchantId) || !POSITIVE.test(exp)) return null;
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(sig)) return null;
  const claims = { kind, id: Number(id), merchantId: Number(merchantId), exp: Number(exp) };
  return { claims, signedPart: qrSignedPart(claims), sig };
}
