/**
 * Staff permission sets and the manager override (issue 27): the calls of the server's
 * `permissions` module. The merchant alone makes sets and sets the override PIN and thresholds.
 */
import { z } from 'zod';
import { defineEndpoints } from '../endpoint';
import { msg } from '../field-base';
import { bool, id, loginPassword, optionalCount, optionalId, text } from '../fields';
import { OVERRIDE_PIN_LENGTH, PERMISSIONS } from '../permissions';

const int = z.number().int();

/** The permissions of a set: a JSON array of keys (`["approveRedeems"]`), or repeated `permissions[]` fields. */
export const permissionList = () =>
  z.preprocess(
    (v) => {
      if (v === undefined || v === null || v === '') return [];
      if (typeof v === 'string') {
        const s = v.trim();
        if (!s.startsWith('[')) return [s];
        try {
          return JSON.parse(s);
        } catch {
          return s;
        }
      }
      return v;
    },
    z
      .array(z.enum(PERMISSIONS, msg('invalidValue')), msg('invalidValue'))
      .max(PERMISSIONS.length * 2, msg('tooLong'))
      .transform((list) => PERMISSIONS.filter((p) => list.includes(p))),
  );

export const permissionSetBody = z.object({
  id: optionalId(),
  name: text('nameRequired', 50),
  permissions: permissionList(),
});

export const permissionSet = z.object({
  id: int,
  name: z.string(),
  permissions: z.array(z.enum(PERMISSIONS)),
  /** Staff members who have this set. */
  staffCount: int,
});
export type PermissionSet = z.infer<typeof permissionSet>;

/** The six-digit PIN a manager types on a staff member's phone. */
export const overridePin = () =>
  z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : v),
    z.string(msg('pinSixDigits')).regex(new RegExp(`^\\d{${OVERRIDE_PIN_LENGTH}}$`), msg('pinSixDigits')),
  );

export const overridePinBody = z.object({ pin: overridePin(), password: loginPassword() });

/** Blank `redeemPointsAbove`: no threshold. */
export const overrideThresholdsBody = z.object({
  redeemPointsAbove: optionalCount(),
  refunds: bool('invalidValue'),
});

export const overrideSettings = z.object({
  pinSet: z.boolean(),
  locked: z.boolean(),
  /** A staff member's redeem of more points than this needs the override (null: never). */
  redeemPointsAbove: int.nullable(),
  /** Every refund by a staff member needs the override. */
  refunds: z.boolean(),
});
export type OverrideSettings = z.infer<typeof overrideSettings>;

const m = ['merchant'] as const;

export const permissionsEndpoints = defineEndpoints({
  'merchant/permissionSet/list': {
    roles: m,
    scope: 'merchant',
    body: z.object({}),
    response: z.object({ rows: z.array(permissionSet), count: int }),
    summary: "The merchant's staff permission sets, by name.",
  },
  'merchant/permissionSet/save': {
    roles: m,
    scope: 'merchant',
    body: permissionSetBody,
    response: permissionSet,
    summary: 'Adds a permission set, or edits one (`id`): its name and permissions.',
  },
  'merchant/permissionSet/delete': {
    roles: m,
    scope: 'merchant',
    body: z.object({ id: id() }),
    response: z.object({ id: int }),
    summary: 'Deletes a permission set no staff member has (409 while one does).',
  },
  'merchant/overridePin/set': {
    roles: m,
    scope: 'merchant',
    body: overridePinBody,
    response: overrideSettings,
    summary: "Sets the manager override PIN (6 digits), confirmed with the merchant's password; unlocks it.",
  },
  'merchant/override/settings': {
    roles: m,
    scope: 'merchant',
    body: z.object({}),
    response: overrideSettings,
    summary: 'Whether the override PIN is set or locked, and the override thresholds.',
  },
  'merchant/override/thresholds': {
    roles: m,
    scope: 'merchant',
    body: overrideThresholdsBody,
    response: overrideSettings,
    summary: "Thresholds above which a staff member's action needs the manager override.",
  },
});
