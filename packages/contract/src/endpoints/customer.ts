/** A customer's account (sign-up, verifying the mobile, me): the calls of the server's `customer` module. */
import { z } from 'zod';
import { DEFAULTS } from '../constants';
import { defineEndpoints } from '../endpoint';
import { addedUser, customerProfile, customerSession } from '../entities';
import { blankOptional, loginPassword, optionalId, optionalText, phone, text } from '../fields';
import { sent } from './auth';

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

/** A customer confirms the number they signed up with: the texted code and the password chosen then. */
export const userVerifyBody = z.object({
  mobile: phone('numberRequired'),
  code: text('codeRequired', 6).refine((v) => /^\d{6}$/.test(v), { error: 'codeRequired' }),
  password: loginPassword(),
  deviceId: optionalText(200),
});

export const customerEndpoints = defineEndpoints({
  'user/signup': {
    roles: 'public',
    scope: 'public',
    optionalAuth: true,
    body: userSignupBody,
    response: addedUser,
    summary:
      'A customer signs up: the account stays unconfirmed and a code is texted to the number, to be given to `user/verify` (a number held by an unconfirmed account is taken over by whoever confirms it). Called by a merchant or staff token it registers a walk-in customer, who gets a one-time password by SMS (24 hours; signing in with it confirms the number) and must change it at first login.',
  },
  'user/verify': {
    roles: 'public',
    scope: 'public',
    body: userVerifyBody,
    response: customerSession,
    summary:
      "Confirms a self-registered customer's number with the texted code and the password chosen at sign-up; answers a session. Until then user/login answers 403.",
  },
  'user/verify/resend': {
    roles: 'public',
    scope: 'public',
    body: z.object({ mobile: phone('numberRequired') }),
    response: sent,
    summary: 'Texts a new confirmation code to an unconfirmed number (same answer whether or not it has an account).',
  },
  'user/me': {
    roles: ['user'],
    scope: 'self',
    allowPasswordChange: true,
    body: z.object({}),
    response: customerProfile,
    summary: 'Customer profile and points balance.',
  },
});
