/** The signed-in merchant's or staff member's profile (me, update, go live): the calls of the server's `profile` module. */
import { z } from 'zod';
import { optionalAcceptWithin } from '../accept';
import { CURRENCY_DISPLAYS } from '../constants';
import { defineEndpoints } from '../endpoint';
import { merchantProfile, merchantUserProfile } from '../entities';
import { blankOptional, bool, displayName, loginPassword, oneOf, optionalCount, optionalText, phone } from '../fields';

export const updateProfileBody = z.object({
  fName: displayName(),
  mobile: phone('enterValidMobile', 'enterValidMobile'),
  /**
   * The current password: required when `mobile` differs from the sign-in mobile (docs/security.md,
   * "Changing the sign-in mobile"); ignored otherwise.
   */
  password: blankOptional(loginPassword()),
  hotLine: optionalText(30),
  refundPeriod: optionalCount(),
  /** Minutes a new product request waits to be accepted (1-60; default 10). */
  acceptWithinMinutes: optionalAcceptWithin(),
  taxRegistrationNumber: optionalText(50),
  refundRules: optionalText(1000),
  /** The currency the merchant's money is shown in (docs/decisions/0021-one-currency-display.md). */
  userCurrncy: blankOptional(oneOf(CURRENCY_DISPLAYS, 'invalidValue')),
});

export const profileEndpoints = defineEndpoints({
  'merchant/updateProfile': {
    roles: ['merchant'],
    scope: 'self',
    allowUnapproved: true,
    body: updateProfileBody,
    response: merchantProfile,
    summary:
      'Updates the merchant name, mobile and profile fields. A new sign-in mobile needs the current password (`password`): every other session ends and the old number gets a text.',
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
});
