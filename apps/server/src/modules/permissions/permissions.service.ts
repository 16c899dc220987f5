/**
 * Staff permission sets and the manager override (issue 27; docs/domain.md, "Permission sets").
 * The gate (`gate`, called by `http/register.ts` for every call) refuses a staff member's call
 * their set does not allow with 403 naming the permission, unless the call carries the merchant's
 * override PIN: checked under the sign-in limiter like a password, locked after 5 wrong in a row
 * until the merchant sets it again. The call then goes through as the staff member's, and its
 * audit row names the manager too.
 */
import {
  type ApiParsedBody,
  DEFAULT_PERMISSIONS,
  OVERRIDE_PIN_MAX_TRIES,
  type OverrideSettings,
  PERMISSIONS,
  type Permission,
  type PermissionSet,
  permissionFor,
} from '@loyalty/contract';
import type { Caller, MerchantCaller } from '../../core/caller';
import type { ServiceDeps } from '../../core/deps';
import { conflict, conflictOn, forbidden, notFound, PermissionError } from '../../core/errors';
import { isUniqueViolation } from '../../db/dialect';

const parsePermissions = (json: string): Permission[] => {
  try {
    const list = JSON.parse(json) as unknown;
    return Array.isArray(list) ? PERMISSIONS.filter((p) => list.includes(p)) : [];
  } catch {
    return [];
  }
};

/** Confirms the merchant's own password (auth's check, under the sign-in limits). */
export type ConfirmPassword = (
  caller: Pick<Caller, 'type' | 'id'>,
  password: string,
  address: string,
  field: string,
) => Promise<unknown>;

export function permissionsService(
  deps: ServiceDeps<'permissions', 'passwords' | 'signInLimiter'>,
  confirmPassword: ConfirmPassword,
) {
  const { passwords, signInLimiter } = deps;
  const repo = deps.store.permissions;
  const MAX = OVERRIDE_PIN_MAX_TRIES;

  async function settings(merchantId: number): Promise<OverrideSettings> {
    const row = await repo.override(merchantId);
    return {
      pinSet: Boolean(row?.pinHash),
      locked: Boolean(row?.pinHash) && (row?.wrongTries ?? 0) >= MAX,
      redeemPointsAbove: row?.redeemPointsAbove ?? null,
      refunds: row?.refunds === 1,
    };
  }

  /** What a set allows, as stored (null: the default set, SPEC's staff rights `DEFAULT_PERMISSIONS`). */
  const allowedBy = (permissions: string | null): readonly Permission[] =>
    permissions === null ? DEFAULT_PERMISSIONS : parsePermissions(permissions);

  /** What a staff member's set allows. */
  async function permissionsOf(staffId: number): Promise<readonly Permission[]> {
    const row = await repo.staffPermissions(staffId);
    return allowedBy(row && row.permissionSetId !== null ? row.permissions : null);
  }

  /** Checks the merchant's override PIN; answers the merchant's id (who approved) or throws 403. */
  async function verifyPin(merchantId: number, pin: string, address: string): Promise<number> {
    const row = await repo.override(merchantId);
    if (!row?.pinHash) throw forbidden('overridePinNotSet');
    if (row.wrongTries >= MAX) throw forbidden('overridePinLocked');
    const ticket = await signInLimiter.begin('staff', `override:${merchantId}`, address);
    let ok: boolean;
    try {
      ok = await passwords.verify(pin, row.pinHash, 'other');
    } catch (err) {
      await ticket.cancelled();
      throw err;
    }
    if (!ok) {
      await ticket.failed();
      const tries = await repo.wrongTry(merchantId, MAX);
      throw forbidden(tries >= MAX ? 'overridePinLocked' : 'overridePinWrong');
    }
    await ticket.succeeded();
    await repo.clearTries(merchantId, MAX);
    return merchantId;
  }

  async function list(caller: MerchantCaller): Promise<{ rows: PermissionSet[]; count: number }> {
    const rows = (await repo.list(caller.merchantId)).map((r) => ({
      id: r.id,
      name: r.name,
      permissions: parsePermissions(r.permissions),
      staffCount: Number(r.staffCount ?? 0),
    }));
    return { rows, count: rows.length };
  }

  return {
    settings: (caller: MerchantCaller) => settings(caller.merchantId),
    permissionsOf,

    /**
     * The permission gate of every call: a staff member (rule merchantUser) needs the call's
     * permission, or a right override PIN (`overridePin`). Answers the id of the merchant whose PIN
     * was given (undefined: none given). Owners and couriers pass untouched.
     */
    async gate(caller: Caller | null, path: string, pin: string | undefined, address: string) {
      if (caller?.type !== 'merchantUser' || caller.role !== 'merchantUser' || caller.merchantId === null)
        return undefined;
      const need = permissionFor(path);
      const overrideBy = pin === undefined ? undefined : await verifyPin(caller.merchantId, pin, address);
      if (need && overrideBy === undefined) {
        // the set as the session's query read it (one round trip fewer), or read now
        const allowed =
          caller.staffPermissions === undefined ? await permissionsOf(caller.id) : allowedBy(caller.staffPermissions);
        if (!allowed.includes(need)) throw new PermissionError(need);
      }
      return overrideBy;
    },

    /**
     * A threshold's check (a large redeem, a refund): a staff member's action above it needs the
     * override; the merchant's own never does.
     */
    async requireOverrideFor(caller: MerchantCaller, what: { redeemPoints: number } | { refund: true }) {
      if (caller.isOwner || caller.overrideBy !== undefined) return;
      const s = await settings(caller.merchantId);
      const needed =
        'refund' in what ? s.refunds : s.redeemPointsAbove !== null && what.redeemPoints > s.redeemPointsAbove;
      if (needed) throw new PermissionError('manager');
    },

    list,

    async save(caller: MerchantCaller, v: ApiParsedBody<'merchant/permissionSet/save'>): Promise<PermissionSet> {
      const json = JSON.stringify(v.permissions);
      let id = v.id;
      try {
        if (id === undefined) id = await repo.insert(caller.merchantId, v.name, json);
        else if (!(await repo.update(caller.merchantId, id, v.name, json))) throw notFound('permissionSetNotFound');
      } catch (err) {
        if (isUniqueViolation(err)) throw conflictOn('name', 'permissionSetNameTaken');
        throw err;
      }
      const saved = (await list(caller)).rows.find((r) => r.id === id);
      if (!saved) throw notFound('permissionSetNotFound');
      return saved;
    },

    async remove(caller: MerchantCaller, id: number) {
      if (await repo.deleteUnused(caller.merchantId, id)) return { id };
      if (!(await repo.byId(caller.merchantId, id))) throw notFound('permissionSetNotFound');
      throw conflict('permissionSetInUse');
    },

    /** A set of the merchant's (for a staff member's update), by its name; 404 for another merchant's or none. */
    async assertSet(merchantId: number, id: number): Promise<string> {
      const set = await repo.byId(merchantId, id);
      if (!set) throw notFound('permissionSetNotFound');
      return set.name;
    },

    /** A set's name as it is now (null: the default set, or a set deleted since). */
    nameOf: async (merchantId: number, id: number | null): Promise<string | null> =>
      id === null ? null : ((await repo.byId(merchantId, id))?.name ?? null),

    async setPin(caller: MerchantCaller, v: ApiParsedBody<'merchant/overridePin/set'>, address: string) {
      if (!caller.isOwner) throw forbidden();
      await confirmPassword(caller, v.password, address, 'password');
      await repo.setPin(caller.merchantId, await passwords.hash(v.pin, 'other'));
      // a new PIN starts its wrong tries again, in the limiter too
      await signInLimiter.clearPhone('staff', `override:${caller.merchantId}`);
      return settings(caller.merchantId);
    },

    async setThresholds(caller: MerchantCaller, v: ApiParsedBody<'merchant/override/thresholds'>) {
      await repo.setThresholds(caller.merchantId, v.redeemPointsAbove ?? null, v.refunds ? 1 : 0);
      return settings(caller.merchantId);
    },
  };
}

export type PermissionsService = ReturnType<typeof permissionsService>;
