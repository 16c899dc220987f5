import { z } from 'zod';
import { DEFAULTS } from '../constants';
import { endpoint } from '../endpoint';
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
  password: password('required'),
  confirmPassword: password('required'),
};
const matching = <T extends { password: string; confirmPassword: string }>(v: T, ctx: z.RefinementCtx) => {
  if (v.password !== v.confirmPassword)
    ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'passwordsDontMatch' });
};

export const signupBody = z
  .object({
    name: text('nameRequired', 100),
    mobile: phone(),
    password: password(),
    userCurrncy: optionalText(3).default(DEFAULTS.registrationCurrency),
    check: bool('acceptPrivacy').refine((v) => v === true, { error: 'acceptPrivacy' }),
  })
  .strict();

export const loginBody = z
  .object({ username: phone('numberRequired'), password: loginPassword(), ...deviceFields })
  .strict();

export const changePasswordBody = z
  .object({ oldPassword: loginPassword(), ...newPasswordPair })
  .strict()
  .superRefine(matching);

/** Step 1 sends a code to `mobile`; step 2 adds `code` and the new password pair. */
export const forgetPasswordBody = z
  .object({
    mobile: phone('numberRequired'),
    code: optionalText(6),
    password: blankOptional(password('required')),
    confirmPassword: blankOptional(password('required')),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.code === undefined) return;
    if (!/^\d{6}$/.test(v.code)) ctx.addIssue({ code: 'custom', path: ['code'], message: 'codeRequired' });
    if (v.password === undefined) ctx.addIssue({ code: 'custom', path: ['password'], message: 'required' });
    if (v.confirmPassword === undefined)
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'required' });
    else if (v.password !== v.confirmPassword)
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'passwordsDontMatch' });
  });

export const updateProfileBody = z
  .object({
    fName: text('nameRequired', 100),
    mobile: phone('enterValidMobile'),
    hotLine: optionalText(30),
    refundPeriod: optionalCount(),
    taxRegistrationNumber: optionalText(50),
    refundRules: optionalText(1000),
  })
  .strict();

export const userSignupBody = z
  .object({
    name: text('nameRequired', 100),
    mobile: phone(),
    /** Staff registering a walk-in customer send none: the fixed default password is used. */
    password: blankOptional(password()),
    userCurrncy: optionalText(3).default(DEFAULTS.registrationCurrency),
    branchId: optionalId(),
  })
  .strict();

export const authEndpoints = {
  'merchant/signup': endpoint({
    path: 'merchant/signup',
    roles: 'public',
    body: signupBody,
    response: sessionResponse,
    summary: 'A merchant registers; the account waits for review (isAproved false).',
  }),
  'merchant/login': endpoint({
    path: 'merchant/login',
    roles: 'public',
    body: loginBody,
    response: sessionResponse,
    summary: 'Login for merchants, staff and couriers; answers rule, isAproved, id, token.',
  }),
  'merchant/logout': endpoint({
    path: 'merchant/logout',
    roles: staffRoles,
    allowUnapproved: true,
    body: z.object({}).strict(),
    response: z.object({ success: z.literal(true) }),
    summary: 'Revokes the token it is called with.',
  }),
  'merchant/forgetpassword': endpoint({
    path: 'merchant/forgetpassword',
    roles: 'public',
    body: forgetPasswordBody,
    response: z.union([z.object({ sent: z.literal(true) }), sessionResponse]),
    summary: 'Without code: sends a verification code. With code and new password: resets and logs in.',
  }),
  'merchant/changepassword': endpoint({
    path: 'merchant/changepassword',
    roles: staffRoles,
    allowUnapproved: true,
    body: changePasswordBody,
    response: z.object({ success: z.literal(true) }),
    summary: 'Changes the password; every other session of the account is revoked.',
  }),
  'merchant/updateProfile': endpoint({
    path: 'merchant/updateProfile',
    roles: ['merchant'],
    allowUnapproved: true,
    body: updateProfileBody,
    response: merchantProfile,
    summary: 'Updates the merchant name, mobile and profile fields.',
  }),
  'merchant/me': endpoint({
    path: 'merchant/me',
    roles: ['merchant'],
    allowUnapproved: true,
    body: z.object({}).strict(),
    response: merchantProfile,
    summary: 'The merchant profile with balance and counts.',
  }),
  'merchantUser/me': endpoint({
    path: 'merchantUser/me',
    roles: ['merchantUser', 'delivery'],
    body: z.object({}).strict(),
    response: merchantUserProfile,
    summary: 'The staff member or courier profile.',
  }),
  'merchant/goLive': endpoint({
    path: 'merchant/goLive',
    roles: ['merchant'],
    body: z.object({ isLive: bool() }).strict(),
    response: z.object({ isLive: z.boolean() }),
    summary: 'Turns the merchant live (visible to customers) or not.',
  }),
  'user/signup': endpoint({
    path: 'user/signup',
    roles: 'public',
    optionalAuth: true,
    body: userSignupBody,
    response: addedUser,
    summary:
      'A customer signs up; called by a merchant or staff token it registers a walk-in customer with the default password, who must change it at first login.',
  }),
  'user/login': endpoint({
    path: 'user/login',
    roles: 'public',
    body: z.object({ username: phone('numberRequired'), password: loginPassword(), ...deviceFields }).strict(),
    response: customerSession,
    summary: 'Customer login.',
  }),
  'user/me': endpoint({
    path: 'user/me',
    roles: ['user'],
    allowPasswordChange: true,
    body: z.object({}).strict(),
    response: customerProfile,
    summary: 'Customer profile and points balance.',
  }),
  'user/changepassword': endpoint({
    path: 'user/changepassword',
    roles: ['user'],
    allowPasswordChange: true,
    body: changePasswordBody,
    response: z.object({ success: z.literal(true) }),
    summary: 'Customer password change (required after a staff-created account).',
  }),
  'user/logout': endpoint({
    path: 'user/logout',
    roles: ['user'],
    allowPasswordChange: true,
    body: z.object({}).strict(),
    response: z.object({ success: z.literal(true) }),
    summary: 'Revokes the customer token.',
  }),
} as const;
