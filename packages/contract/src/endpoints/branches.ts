/** A merchant's branches: the calls of the server's `branches` module. */
import { z } from 'zod';
import { defineEndpoints, rolePair } from '../endpoint';
import { branch, pagedRows } from '../entities';
import { msg, toNumber } from '../field-base';
import {
  blankOptional,
  id,
  latitude,
  longitude,
  numericText,
  optionalBool,
  optionalNumericText,
  optionalText,
  paging,
  text,
} from '../fields';
import { parseRange, WEEKDAYS, type Weekday } from '../opening-hours';

export const addBranchBody = z.object({
  branchName: text('required', 100),
  /** Optional; the Arabic UI shows branchName where it is empty (DECISIONS §6). */
  branchNameAr: optionalText(100),
  phone: numericText(),
  address: text('required', 300),
  addressAr: text('required', 300),
  lat: blankOptional(latitude()),
  long: blankOptional(longitude()),
});

/** Empty fields keep the current values. */
export const updateBranchBody = z.object({
  branchId: id(),
  branchName: optionalText(100),
  branchNameAr: optionalText(100),
  phone: optionalNumericText(),
  address: optionalText(300),
  addressAr: optionalText(300),
  lat: blankOptional(latitude()),
  long: blankOptional(longitude()),
  isActive: optionalBool(),
});

export const branchesEndpoints = defineEndpoints({
  'merchant/branch/list': {
    roles: ['merchant'],
    scope: 'merchant',
    body: z.object(paging),
    response: pagedRows(branch),
    summary: "The merchant's branches, oldest first.",
  },
  'merchant/branch/details': {
    roles: ['merchant'],
    scope: 'merchant',
    body: z.object({ branchId: id() }),
    response: branch,
    summary: 'One branch of the merchant.',
  },
  'merchant/addBranch': {
    roles: ['merchant'],
    scope: 'merchant',
    body: addBranchBody,
    response: branch,
    summary: 'Adds a branch.',
  },
  'merchant/updateBranch': {
    roles: ['merchant'],
    scope: 'merchant',
    body: updateBranchBody,
    response: branch,
    summary: 'Updates a branch; empty fields keep their values.',
  },
});

export const PAUSE_MINUTES = { min: 15, max: 240 } as const;

export const pauseBranchBody = z.object({
  branchId: id(),
  minutes: z.preprocess(
    toNumber,
    z
      .number(msg('required'))
      .int(msg('mustBeWholeNumber'))
      .min(PAUSE_MINUTES.min, msg('pauseMinutes'))
      .max(PAUSE_MINUTES.max, msg('pauseMinutes')),
  ),
  reason: text('required', 200),
});

const dayField = blankOptional(
  z.string().refine((v) => v === 'closed' || parseRange(v) !== null, { error: 'hoursRange' }),
);
const closedDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'invalidDate' });

/** Each weekday `HH:MM-HH:MM`, or blank / `closed`; closedDates a list of `YYYY-MM-DD`. */
export const branchHoursBody = z.object({
  branchId: id(),
  ...(Object.fromEntries(WEEKDAYS.map((d) => [d, dayField])) as Record<Weekday, typeof dayField>),
  closedDates: z
    .preprocess((v) => (v === undefined || v === '' ? [] : Array.isArray(v) ? v : [v]), z.array(closedDate))
    .optional(),
});

/** Pausing and resuming: the merchant any branch, staff their own (branch scope). */
export const branchBusyEndpoints = defineEndpoints({
  'merchantUser/branch/details': {
    roles: ['merchantUser'],
    scope: 'branch',
    body: z.object({ branchId: id() }),
    response: branch,
    summary: "The staff member's own branch, with its hours and whether it is open or paused (another branch: 404).",
  },
  ...rolePair('branch/pause', {
    scope: 'branch',
    body: pauseBranchBody,
    response: branch,
    summary: 'Pauses a branch for 15-240 minutes with a reason: customers cannot order there until it ends by itself',
  }),
  ...rolePair('branch/resume', {
    scope: 'branch',
    body: z.object({ branchId: id() }),
    response: branch,
    summary: "Ends a branch's pause now",
  }),
  'merchant/branch/hours': {
    roles: ['merchant'],
    scope: 'merchant',
    body: branchHoursBody,
    response: branch,
    summary: "Sets a branch's weekly opening hours (business time zone) and closed dates.",
  },
});
