import { z } from 'zod';
import { DEFAULTS } from '../constants';
import { defineEndpoints } from '../endpoint';
import {
  addedUser,
  customerProfile,
  customerSession,
  merchantProfile,
  merchantUserProfile,
  sessionResponse,
} from '../entities';
import {
  blankOptional,
  bool,
  deviceFields,
  loginPassword,
  optionalCount,
  optionalId,
  optionalText,
  password,
  phone,
  text,
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
  name: text('nameRequired', 100),
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

export const updateProfileBody = z.object({
  fName: text('nameRequired', 100),
  mobile: phone('enterValidMobile'),
  hotLine: optionalText(30),
  refundPeriod: optionalCount(),
  taxRegistrationNumber: optionalText(50),
  refundRules: optionalText(1000),
});

export const userSignupBody = z.object({
  name: text('nameRequired', 100),
  mobile: phone(),
  /**
   * A customer signing up alone chooses one (the password rules are checked by the server); staff
   * registering a walk-in customer send the app's fixed default, which is never used as a password.
   */
  password: blankOptional(loginPassword()),
  userCurrncy: optionalText(3).default(DEFAULTS.registrationCurrency),
  branchId: optionalId(),
});

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
    body: forgetPasswordBody,
    response: z.union([z.object({ sent: z.literal(true) }), sessionResponse]),
    summary: 'Without code: sends a verification code. With code and new password: resets and logs in.',
  },
  'merchant/changepassword': {
    roles: staffRoles,
    scope: 'self',
    allowUnapproved: true,
    body: changePasswordBody,
    response: z.object({ success: z.literal(true) }),
    summary: 'Changes the password; every other session of the account is revoked.',
  },
  'merchant/updateProfile': {
    roles: ['merchant'],
    scope: 'self',
    allowUnapproved: true,
    body: updateProfileBody,
    response: merchantProfile,
    summary: 'Updates the merchant name, mobile and profile fields.',
  },
  'merchant/me': {
    roles: ['merchant'],
    scope: 'self',
    allowUnapproved: true,
    body: z.object({}),
    response: merchantProfile,
    summary: 'The merchant profile with balance and counts.',
  },
  'merchantUser/me': {
    roles: ['merchantUser', 'delivery'],
    scope: 'self',
    body: z.object({}),
    response: merchantUserProfile,
    summary: 'The staff member or courier profile.',
  },
  'merchant/goLive': {
    roles: ['merchant'],
    scope: 'self',
    body: z.object({ isLive: bool() }),
    response: z.object({ isLive: z.boolean() }),
    summary: 'Turns the merchant live (visible to customers) or not.',
  },
  'user/signup': {
    roles: 'public',
    scope: 'public',
    optionalAuth: true,
    body: userSignupBody,
    response: addedUser,
    summary:
      'A customer signs up; called by a merchant or staff token it registers a walk-in customer, who gets a one-time code by SMS (24 hours) and must change it at first login.',
  },
  'user/login': {
    roles: 'public',
    scope: 'public',
    body: z.object({ username: phone('numberRequired'), password: loginPassword(), ...deviceFields }),
    response: customerSession,
    summary: 'Customer login.',
  },
  'user/me': {
    roles: ['user'],
    scope: 'self',
    allowPasswordChange: true,
    body: z.object({}),
    response: customerProfile,
    summary: 'Customer profile and points balance.',
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
});
