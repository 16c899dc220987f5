import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { parseQr, QR_TTL_SECONDS, type QrCode, type QrKind, qrSignedPart } from '@loyalty/contract';
import type { CustomerCaller, MerchantCaller } from '../../core/caller';
import { AppError, conflict, forbidden, notFound } from '../../core/errors';
import type { Deps } from '../../deps';
import type { SecretsService } from '../secrets/secrets.service';

const NOT_FOUND = { offer: 'requestNotFound', redeem: 'requestNotFound', product: 'productRequestNotFound' } as const;

/**
 * Signed request codes (docs/domain.md, "Signed request codes"): the customer's answers carry a code
 * `L1.<kind>.<id>.<merchantId>.<exp>.<sig>` signed with HMAC-SHA256 under the server-wide `qr-hmac`
 * secret (shared by every process through app_secrets); staff scan it and the server checks the
 * signature (timing-safe), the expiry, the merchant, the staff member's branch and that the request
 * is still open, then answers which request to open.
 */
export function qrService({ store }: Pick<Deps, 'store'>, secrets: SecretsService, now = () => Date.now()) {
  const key = async () =>
    Buffer.from(await secrets.getOrCreate('qr-hmac', () => randomBytes(32).toString('base64url')), 'base64url');
  const mac = async (signedPart: string) =>
    createHmac('sha256', await key())
      .update(signedPart)
      .digest();

  async function issue(kind: QrKind, id: number, merchantId: number): Promise<QrCode> {
    const exp = Math.floor(now() / 1000) + QR_TTL_SECONDS;
    const signedPart = qrSignedPart({ kind, id, merchantId, exp });
    const sig = (await mac(signedPart)).toString('base64url');
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
      const expected = await mac(parsed.signedPart);
      const given = Buffer.from(parsed.sig, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new AppError(400, 'qrForged');
      const { kind, id, merchantId, exp } = parsed.claims;
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
