/**
 * Codes texted to a phone (docs/security.md, "Codes by text"): a password reset for merchants, staff,
 * couriers and customers, and a customer proving a new number. Six digits, 10 minutes, 5 tries, at
 * most 3 codes per account and purpose in 15 minutes; only the SHA-256 of the code (salted with the
 * account) is stored. A try is counted before the code is compared, in one conditional update, so
 * parallel guesses get 5 tries in all on both databases.
 */
import { invalidField } from '../../core/errors';
import type { CodePurpose, SubjectType } from '../../db/schema';
import { hashToken, newCode } from '../../lib/tokens';
import type { AuthRepository } from './auth.repository';
import type { SmsSender } from './sms';

export const CODE_TTL_MS = 10 * 60 * 1000;
export const CODE_MAX_ATTEMPTS = 5;
export const CODES_PER_WINDOW = 3;
export const CODE_WINDOW_MS = 15 * 60 * 1000;

export interface CodeSubject {
  type: SubjectType;
  id: number;
}

const hashOf = (s: CodeSubject, code: string) => hashToken(`${s.type}:${s.id}:${code}`);

export function codeBook(repo: Pick<AuthRepository, CodeRepoKeys>, sms: SmsSender) {
  return {
    /**
     * Texts a new code unless the account already had its share of codes in the window (then
     * nothing is sent, and the caller answers the same: the phone's owner has a live code).
     */
    async send(s: CodeSubject, purpose: CodePurpose, mobile: string, text: (code: string) => string) {
      const since = new Date(Date.now() - CODE_WINDOW_MS).toISOString();
      if ((await repo.countRecentCodes(s.type, s.id, purpose, since)) >= CODES_PER_WINDOW) return false;
      const code = newCode();
      await repo.insertCode({
        subjectType: s.type,
        subjectId: s.id,
        purpose,
        codeHash: hashOf(s, code),
        expiresAt: new Date(Date.now() + CODE_TTL_MS).toISOString(),
      });
      await sms.send(mobile, text(code), {
        kind: purpose === 'password_reset' ? 'resetCode' : 'verifyCode',
        ttlMs: CODE_TTL_MS,
      });
      return true;
    },

    /**
     * The live code the caller typed, its try counted first: its id when right; 422 on `code`
     * otherwise (no code, no tries left, or another code), always with the same message.
     */
    async check(s: CodeSubject | undefined, purpose: CodePurpose, typed: string): Promise<number> {
      const live = s ? await repo.latestLiveCode(s.type, s.id, purpose) : undefined;
      if (!s || !live || !(await repo.takeCodeAttempt(live.id, CODE_MAX_ATTEMPTS)))
        throw invalidField('code', 'codeInvalid');
      if (hashOf(s, typed) !== live.codeHash) throw invalidField('code', 'codeInvalid');
      return live.id;
    },

    /** Uses a checked code up; 422 when a parallel request used it first. */
    async use(codeId: number): Promise<void> {
      if (!(await repo.useCode(codeId))) throw invalidField('code', 'codeInvalid');
    },

    /** Ends the live codes of an account for a purpose. */
    end: (s: CodeSubject, purpose: CodePurpose) => repo.endCodes(s.type, s.id, purpose),
  };
}

type CodeRepoKeys = 'countRecentCodes' | 'insertCode' | 'latestLiveCode' | 'takeCodeAttempt' | 'useCode' | 'endCodes';
export type CodeBook = ReturnType<typeof codeBook>;
