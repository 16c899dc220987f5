/**
 * The card rules of SPEC §5, written once for the server's payload and the web's add-card form:
 * holder letters and spaces ("Enter a Valid Name"); a 16-digit number shown in four groups of four
 * (19 characters at most), non-digits stripped as it is typed, Luhn-valid; an expiry month 1-12,
 * zero-padded ("Please enter a valid month"); a 4-digit year ("Please enter a valid year and
 * month") not in the past ("Please enter a valid year"); a 3-digit CVV ("Invalid CVV" when empty,
 * "Should be 3 characters" otherwise). A month already over in the current year is not valid.
 */
import { z } from 'zod';
import { clock } from './clock';
import { LIMITS } from './constants';
import type { MessageKey } from './messages';

const msg = (key: MessageKey) => ({ error: key });

const trimmed = (v: unknown): unknown => {
  if (typeof v !== 'string') return v === null ? undefined : v;
  const t = v.trim();
  return t === '' ? undefined : t;
};

/** The card number's digits typed so far, at most 16. */
export const cardDigits = (input: string): string => input.replace(/\D/g, '').slice(0, LIMITS.cardNumberDigits);

/** Live formatting of the number field: non-digits stripped, groups of four with spaces (19 characters at most). */
export const formatCardNumber = (input: string): string =>
  cardDigits(input)
    .replace(/(\d{4})(?=\d)/g, '$1 ')
    .slice(0, LIMITS.cardNumberMaxLength);

/** The Luhn checksum every real card number passes. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The card network a number belongs to, from its first digits. */
export function cardBrand(digits: string): string {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2(2[2-9][1-9]|2[3-9]\d|[3-6]\d\d|7[01]\d|720))/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  if (/^35(2[89]|[3-8])/.test(digits)) return 'jcb';
  if (/^(30[0-5]|36|38)/.test(digits)) return 'diners';
  if (/^62/.test(digits)) return 'unionpay';
  return 'unknown';
}

/** How a saved card's number is shown: only its last four digits. */
export const maskCardNumber = (last4: string): string => `•••• •••• •••• ${last4}`;

/** Months under 10 zero-padded: "3" → "03". */
export const padMonth = (month: string): string => (/^\d$/.test(month) ? `0${month}` : month);

/** The problem with an expiry month and year (MM, YYYY), or null when the card has not expired. */
export function expiryProblem(month: string, year: string, today: string = clock.today()): MessageKey | null {
  if (!/^\d{4}$/.test(year)) return 'validYearMonth';
  const m = Number(padMonth(month));
  if (!/^\d{1,2}$/.test(month) || m < 1 || m > 12) return 'validMonth';
  const [thisYear, thisMonth] = today.split('-').map(Number);
  const y = Number(year);
  if (y < thisYear || y > thisYear + 50) return 'validYear';
  if (y === thisYear && m < thisMonth) return 'validMonth';
  return null;
}

/** Holder name: required, letters (any script) and spaces only. */
export const cardHolderField = () =>
  z.preprocess(
    trimmed,
    z
      .string(msg('required'))
      .max(LIMITS.nameMax, msg('tooLong'))
      .regex(/^[\p{L} ]+$/u, msg('validName')),
  );

/** Card number: spaces and dashes dropped, then exactly 16 digits that pass the Luhn check. Output: the digits. */
export const cardNumberField = () =>
  z.preprocess(
    (v) => {
      const t = trimmed(v);
      return typeof t === 'string' ? t.replace(/[\s-]/g, '') : t;
    },
    z
      .string(msg('required'))
      .regex(/^\d{16}$/, msg('cardNumberLength'))
      .refine(luhnValid, msg('invalidCardNumber')),
  );

/** Expiry month as the form sends it: 1-12, zero-padded on the way. */
export const expiryMonthField = () =>
  z.preprocess(
    (v) => {
      const t = trimmed(v);
      return typeof t === 'number' ? String(t) : typeof t === 'string' ? padMonth(t) : t;
    },
    z.string(msg('validMonth')).regex(/^(0[1-9]|1[0-2])$/, msg('validMonth')),
  );

/** Expiry year as the form sends it: 4 digits, not before this year. */
export const expiryYearField = () =>
  z.preprocess(
    (v) => {
      const t = trimmed(v);
      return typeof t === 'number' ? String(t) : t;
    },
    z
      .string(msg('validYearMonth'))
      .regex(/^\d{4}$/, msg('validYearMonth'))
      .refine((y) => expiryProblem('12', y) === null, msg('validYear')),
  );

/** The wire's `expirationDate`: MM-YYYY (M-YYYY and MM/YYYY are read too). Output: MM-YYYY. */
export const expirationDateField = () =>
  z.preprocess(
    (v) => {
      const t = trimmed(v);
      if (typeof t !== 'string') return t;
      const m = /^(\d{1,2})\s*[-/]\s*(\d+)$/.exec(t);
      return m ? `${padMonth(m[1])}-${m[2]}` : t;
    },
    z.string(msg('validYearMonth')).superRefine((value, ctx) => {
      const m = /^(\d{2})-(\d+)$/.exec(value);
      const problem = m ? expiryProblem(m[1], m[2]) : 'validYearMonth';
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  );

/** CVV: "Invalid CVV" when empty, "Should be 3 characters" when not exactly 3 digits. Never stored. */
export const cvvField = () =>
  z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : trimmed(v)),
    z.string(msg('invalidCvv')).regex(/^\d{3}$/, msg('cvvLength')),
  );

/** The web's add-card form: month and year in two inputs; `toAddCardBody` makes the wire payload. */
export const cardFormSchema = z
  .object({
    nameOnCard: cardHolderField(),
    cardNumber: cardNumberField(),
    expiryMonth: expiryMonthField(),
    expiryYear: expiryYearField(),
    CVV: cvvField(),
  })
  .superRefine((v, ctx) => {
    const problem = expiryProblem(v.expiryMonth, v.expiryYear);
    if (problem === 'validMonth') ctx.addIssue({ code: 'custom', path: ['expiryMonth'], message: problem });
  });
export type CardForm = z.input<typeof cardFormSchema>;

export const toAddCardBody = (v: z.output<typeof cardFormSchema>) => ({
  nameOnCard: v.nameOnCard,
  cardNumber: formatCardNumber(v.cardNumber),
  expirationDate: `${v.expiryMonth}-${v.expiryYear}`,
  CVV: v.CVV,
});
