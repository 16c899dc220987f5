/**
 * The signed request code a customer shows at the counter (docs/domain.md, "Signed request codes"):
 * `L2.<kid>.<kind>.<id>.<merchantId>.<exp>.<sig>`, where kid names the server's signing key, kind is
 * `o` (offer request), `r` (redeem) or `p` (product request), exp is the expiry in Unix seconds and
 * sig the base64url HMAC-SHA256 of everything before it, keyed with the signing key `kid`. Codes of the
 * first format, `L1.<kind>.<id>.<merchantId>.<exp>.<sig>` (no key id: the original key), are still
 * read. Only the server can sign or verify; this module only builds and splits the text.
 */
export const QR_KINDS = ['offer', 'redeem', 'product'] as const;
export type QrKind = (typeof QR_KINDS)[number];

export const QR_VERSION = 'L2';
/** The first format, without a key id; its codes were signed with the original key. */
export const QR_VERSION_1 = 'L1';
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

/** A signing key's id: a few lowercase letters and digits. */
export const QR_KEY_ID = /^[a-z0-9]{1,16}$/;

/** The signed part of a code (everything before the signature); without a key id, the first format. */
export const qrSignedPart = (c: QrClaims, kid?: string): string =>
  `${kid === undefined ? QR_VERSION_1 : `${QR_VERSION}.${kid}`}.${LETTER[c.kind]}.${c.id}.${c.merchantId}.${c.exp}`;

const POSITIVE = /^[1-9][0-9]{0,14}$/;

/**
 * Splits a code into its claims, key id (null: a first-format code, signed with the original key)
 * and signature; null when it is not shaped like one.
 */
export function parseQr(
  code: string,
): { claims: QrClaims; kid: string | null; signedPart: string; sig: string } | null {
  const parts = code.trim().split('.');
  let kid: string | null = null;
  if (parts.length === 7 && parts[0] === QR_VERSION && QR_KEY_ID.test(parts[1])) kid = parts.splice(1, 1)[0];
  else if (parts.length !== 6 || parts[0] !== QR_VERSION_1) return null;
  const [, letter, id, merchantId, exp, sig] = parts;
  const kind = KIND_OF[letter];
  if (!kind || !POSITIVE.test(id) || !POSITIVE.test(merchantId) || !POSITIVE.test(exp)) return null;
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(sig)) return null;
  const claims = { kind, id: Number(id), merchantId: Number(merchantId), exp: Number(exp) };
  return { claims, kid, signedPart: qrSignedPart(claims, kid ?? undefined), sig };
}
