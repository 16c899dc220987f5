import { createHash, randomBytes, randomInt } from 'node:crypto';

/** 256 random bits, URL-safe. Only its SHA-256 is stored. */
export const newToken = (): string => randomBytes(32).toString('base64url');
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
/** A six-digit verification code. */
export const newCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');
/** A short human-readable request code (for QR and counter lookups). */
export const newRequestCode = (): string => randomBytes(6).toString('hex').toUpperCase();
