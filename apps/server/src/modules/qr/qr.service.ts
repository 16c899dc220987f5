import { createHmac, timingSafeEqual } from 'node:crypto';
import { parseQr, QR_TTL_SECONDS, type QrCode, type QrKind, qrSignedPart } from '@loyalty/contract';
import type { CustomerCaller, MerchantCaller } from '../../core/caller';
import type { ServiceDeps } from '../../core/deps';
import { AppError, conflict, forbidden, notFound } from '../../core/errors';
import { LEGACY_KID, type SigningKeys } from '../../platform/secrets/signing-keys';

const NOT_FOUND = { offer: 'requestNotFound', redeem: 'requestNotFound', product: 'productRequestNotFound' } as const;

/** Clocks of the servers may differ this much: a code may claim to live this much longer than a fresh one. */
const CLOCK_SKEW_SECONDS = 60;

/**
 * Signed request codes (docs/domain.md, "Signed request codes"): the customer's answers carry a code
 * `L2.<kid>.<kind>.<id>.<merchantId>.<exp>.<sig>` signed with HMAC-SHA256 under the signing key `kid`
 * (platform/secrets/signing-keys.ts: from the environment, or rotatable keys in the database shared by
 * every process); staff scan it and the server checks the key (known, and not retired longer than a
 * code lives), the signature (timing-safe), the expiry, the merchant, the staff member's branch and
 * that the request is still open, then answers which request to open. Codes of the first format
 * (`L1.…`, no key id) verify with the original key, `k0`.
 */
export function qrService({ store }: ServiceDeps<'qr'>, keys: SigningKeys, now = () => Date.now()) {
  const mac = (key: Buffer, signedPart: string) => createHmac('sha256', key).update(signedPart).digest();

  async function issue(kind: QrKind, id: number, merchantId: number): Promise<QrCode> {
    const key = await keys.current();
    const exp = Math.floor(now() / 1000) + QR_TTL_SECONDS;
    const signedPart = qrSignedPart({ kind, id, merchantId, exp }, key.kid);
    const sig = mac(key.key, signedPart).toString('base64url');
    return { code: `${signedPart}.${sig}`, expiresAt: new Date(exp * 1000).toISOString() };
  }

  return {
    issue,

    /** Adds a fresh code to a request just answered to its customer. */
    async attach<T extends { id: number }>(kind: QrKind, row: T): Promise<T & { qr: QrCode }> {
      const target = await store.qr.target(kind, row.id);
      if (!target) throw notFound(NOT_FOUND[kind]);
      return { ...row, qr: await issue(kind, row.id, target.merchantId) };
    },

    /** A fresh code for one of the customer's own requests; someone else's is missing (404). */
    async forCustomer(caller: CustomerCaller, v: { kind: QrKind; id: number }): Promise<QrCode> {
      const target = await store.qr.target(v.kind, v.id);
      if (!target || target.userId !== caller.id) throw notFound(NOT_FOUND[v.kind]);
      return issue(v.kind, v.id, target.merchantId);
    },

    /** Checks a scanned code and answers the request it names, or refuses with why. */
    async scan(caller: MerchantCaller, code: string): Promise<{ kind: QrKind; id: number }> {
      const parsed = parseQr(code);
      if (!parsed) throw new AppError(400, 'qrForged');
      const key = await keys.find(parsed.kid ?? LEGACY_KID);
      if (!key) throw new AppError(400, 'qrForged');
      const expected = mac(key.key, parsed.signedPart);
      const given = Buffer.from(parsed.sig, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new AppError(400, 'qrForged');
      const { kind, id, merchantId, exp } = parsed.claims;
      // no code the server signed lives longer than QR_TTL_SECONDS from now
      if (exp > now() / 1000 + QR_TTL_SECONDS + CLOCK_SKEW_SECONDS) throw new AppError(400, 'qrForged');
      if (exp * 1000 <= now()) throw conflict('qrExpired');
      if (merchantId !== caller.merchantId) throw forbidden('qrOtherMerchant');
      const target = await store.qr.target(kind, id);
      if (!target || target.merchantId !== caller.merchantId) throw notFound(NOT_FOUND[kind]);
      if (caller.branchId !== undefined && target.branchId !== caller.branchId) throw forbidden('qrOtherBranch');
      if (!target.open) throw conflict('qrAlreadyUsed');
      return { kind, id };
    },
  };
}

export type QrService = ReturnType<typeof qrService>;
