/**
 * Password checks under the sign-in limits (docs/security.md): every check of a password a person
 * typed — a sign-in, a customer's code confirmation, a password change's old password, a mobile
 * change's current password — is counted for the phone and the address before anything is hashed,
 * so wrong guesses meet the same growing delays wherever they are made.
 */
import type { Caller } from '../../core/caller';
import type { ServiceDeps } from '../../core/deps';
import { AppError, invalidField } from '../../core/errors';
import type { SubjectType } from '../../db/schema';
import type { HashLane } from '../../lib/password';
import { replaceHash } from './account-passwords';

export type LimiterScope = 'staff' | 'user';
export const scopeOf = (type: SubjectType): LimiterScope => (type === 'user' ? 'user' : 'staff');

interface Account {
  type: SubjectType;
  row: { id: number; passwordHash: string };
}

export function credentials(
  deps: ServiceDeps<'accounts' | 'profile' | 'staff' | 'customers', 'passwords' | 'signInLimiter' | 'log'>,
) {
  const { passwords, signInLimiter } = deps;
  const repo = deps.store.accounts;

  /**
   * Checks a password: counted for the phone and the address first; an unknown phone is checked
   * against a dummy hash, so both failures cost and answer the same (`onWrong`'s error). A hash of
   * an older scheme or cost is replaced after a success.
   */
  async function check(
    scope: LimiterScope,
    mobile: string,
    address: string,
    password: string,
    account: Account | undefined,
    opts: { lane: HashLane; onWrong: () => AppError },
  ): Promise<void> {
    const ticket = await signInLimiter.begin(scope, mobile, address);
    let ok: boolean;
    try {
      ok = await passwords.verify(password, account?.row.passwordHash, opts.lane);
    } catch (err) {
      await ticket.cancelled();
      throw err;
    }
    if (!account || !ok) {
      await ticket.failed();
      throw opts.onWrong();
    }
    await ticket.succeeded();
    if (passwords.needsRehash(account.row.passwordHash)) {
      // best effort: the sign-in stands even when the server is too busy to rehash now
      await passwords
        .hash(password, opts.lane)
        .then((hash) => replaceHash(deps.store, account.type, account.row.id, account.row.passwordHash, hash))
        .catch((err) => deps.log.warn({ err }, 'password rehash skipped'));
    }
  }

  /** The signed-in account's row (merchant, staff member or customer). */
  const accountOf = async (caller: Pick<Caller, 'type' | 'id'>) =>
    caller.type === 'merchant'
      ? await repo.merchantById(caller.id)
      : caller.type === 'merchantUser'
        ? await repo.staffById(caller.id)
        : await repo.customerById(caller.id);

  return {
    /** A sign-in's check: a wrong password or unknown phone answers 401 "Enter valid mobile number and password". */
    signIn: (scope: LimiterScope, mobile: string, address: string, password: string, account?: Account) =>
      check(scope, mobile, address, password, account, {
        lane: 'signIn',
        onWrong: () => new AppError(401, 'loginFailed'),
      }),

    accountOf,

    /**
     * A signed-in caller confirms their current password (a password change, a mobile change):
     * counted by the sign-in limiter for the account's phone and the address, at most one check
     * per account at a time (429), in the non-sign-in share of the hashing capacity. A wrong one
     * answers 422 on `field`. Answers the account's row.
     */
    async confirm(caller: Pick<Caller, 'type' | 'id'>, password: string, address: string, field: string) {
      return passwords.oneAtATime(`${caller.type}:${caller.id}`, async () => {
        const row = await accountOf(caller);
        if (!row) throw new AppError(401, 'unauthenticated');
        const mobile = 'mobileNum' in row ? row.mobileNum : row.mobile;
        await check(
          scopeOf(caller.type),
          mobile,
          address,
          password,
          { type: caller.type, row },
          {
            lane: 'other',
            onWrong: () => invalidField(field, 'wrongCurrentPassword'),
          },
        );
        return row;
      });
    },
  };
}

export type Credentials = ReturnType<typeof credentials>;
