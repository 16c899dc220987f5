/** Signing up, in and out, and passwords, of merchants, staff and customers, and the live feed's stream ticket: the calls of the server's `auth` module. */
import { z } from 'zod';
import { DEFAULTS } from '../constants';
import { defineEndpoints } from '../endpoint';
import { customerSession, sessionResponse } from '../entities';
import {
  blankOptional,
  bool,
  deviceFields,
  displayName,
  loginPassword,
  optionalText,
  password,
  phone,
} from '../fields';

const staffRoles = ['merchant', 'merchantUser', 'delivery'] as const;

const newPasswordPair = {
  password: password('requiredShort'),
  confirmPassword: password('requiredShort'),
};

const matching = <T extends { password: string; confirmPassword: string }>(v: T, ctx: z.RefinementCtx) => {
  if (v.password !== v.confirmPassword)
    ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'passwordsDontMatch' });
};

export const signupBody = z.object({
  name: displayName(),
  mobile: phone(),
  password: password(),
  userCurrncy: optionalText(3).default(DEFAULTS.registrationCurrency),
  check: bool('acceptPrivacy').refine((v) => v === true, { error: 'acceptPrivacy' }),
});

export const loginBody = z.object({ username: phone('numberRequired'), password: loginPassword(), ...deviceFields });

export const changePasswordBody = z
  .object({ oldPassword: loginPassword(), ...newPasswordPair })

  .superRefine(matching);

/** Step 1 sends a code to `mobile`; step 2 adds `code` and the new password pair. */
export const forgetPasswordBody = z
  .object({
    mobile: phone('numberRequired'),
    code: optionalText(6),
    password: blankOptional(password('requiredShort')),
    confirmPassword: blankOptional(password('requiredShort')),
  })

  .superRefine((v, ctx) => {
    if (v.code === undefined) return;
    if (!/^\d{6}$/.test(v.code)) ctx.addIssue({ code: 'custom', path: ['code'], message: 'codeRequired' });
    if (v.password === undefined) ctx.addIssue({ code: 'custom', path: ['password'], message: 'requiredShort' });
    if (v.confirmPassword === undefined)
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'requiredShort' });
    else if (v.password !== v.confirmPassword)
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'passwordsDontMatch' });
  });

export const sent = z.object({ sent: z.literal(true) });

/**
 * A ticket that opens the live feed (`FEED_PATH` in constants.ts) once, within a minute: the stream's
 * URL carries `?ticket=`, never the session token.
 */
export const streamTicket = z.object({ ticket: z.string(), expiresAt: z.string() });

export const authEndpoints = defineEndpoints({
  'merchant/signup': {
    roles: 'public',
    scope: 'public',
    body: signupBody,
    response: sessionResponse,
    summary: 'A merchant registers; the account waits for review (isAproved false).',
  },
  'merchant/login': {
    roles: 'public',
    scope: 'public',
    body: loginBody,
    response: sessionResponse,
    summary: 'Login for merchants, staff and couriers; answers rule, isAproved, id, token.',
  },
  'merchant/logout': {
    roles: staffRoles,
    scope: 'self',
    allowUnapproved: true,
    body: z.object({}),
    response: z.object({ success: z.literal(true) }),
    summary: 'Revokes the token it is called with.',
  },
  'merchant/forgetpassword': {
    roles: 'public',
    scope: 'public',
    dataEnvelope: true,
    body: forgetPasswordBody,
    response: z.union([z.object({ sent: z.literal(true) }), sessionResponse]),
    summary: 'Without code: sends a verification code. With code and new password: resets and logs in.',
  },
  'merchant/changepassword': {
    roles: staffRoles,
    scope: 'self',
    allowUnapproved: true,
    dataEnvelope: true,
    body: changePasswordBody,
    response: z.object({ success: z.literal(true) }),
    summary: 'Changes the password; every other session of the account is revoked.',
  },
  'user/forgetpassword': {
    roles: 'public',
    scope: 'public',
    body: forgetPasswordBody,
    response: z.union([sent, customerSession]),
    summary:
      'Customer password reset. Without code: texts a code. With code and new password: resets, ends every session, confirms the number and signs in.',
  },
  'user/login': {
    roles: 'public',
    scope: 'public',
    body: z.object({ username: phone('numberRequired'), password: loginPassword(), ...deviceFields }),
    response: customerSession,
    summary: 'Customer login.',
  },
  'user/changepassword': {
    roles: ['user'],
    scope: 'self',
    allowPasswordChange: true,
    body: changePasswordBody,
    response: z.object({ success: z.literal(true) }),
    summary: 'Customer password change (required after a staff-created account).',
  },
  'user/logout': {
    roles: ['user'],
    scope: 'self',
    allowPasswordChange: true,
    body: z.object({}),
    response: z.object({ success: z.literal(true) }),
    summary: 'Revokes the customer token.',
  },
  'merchant/events/ticket': {
    roles: ['merchant', 'merchantUser', 'delivery'],
    scope: 'self',
    body: z.object({}),
    response: streamTicket,
    summary:
      'A single-use ticket (one minute) that opens the live feed: GET /api/merchant/events?ticket=… (the session token is never accepted in a URL).',
  },
});
