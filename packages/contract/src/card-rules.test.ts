import { afterEach, describe, expect, it } from 'vitest';
import { clock } from './clock';
import {
  addCardBody,
  cardBrand,
  cardFormSchema,
  expiryProblem,
  formatCardNumber,
  luhnValid,
  maskCardNumber,
  toAddCardBody,
} from './endpoints/cards';

const messageOf = (
  r: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } },
  field: string,
) => r.error?.issues.find((i) => i.path.join('.') === field)?.message;

afterEach(() => clock.set());

describe('card rules shared by the add-card form and the server', () => {
  it('formats the number live: non-digits stripped, groups of four, 19 characters at most', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242-42a42 4242')).toBe('4242 4242 4242');
    expect(formatCardNumber('42424')).toBe('4242 4');
    expect(formatCardNumber('4242 4242 4242 4242 9999')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242 ')).toBe('4242');
  });

  it('checks Luhn and names the brand; masks to the last four', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(cardBrand('4242424242424242')).toBe('visa');
    expect(cardBrand('5555555555554444')).toBe('mastercard');
    expect(cardBrand('2223003122003222')).toBe('mastercard');
    expect(cardBrand('6011111111111117')).toBe('discover');
    expect(maskCardNumber('4242')).toBe('•••• •••• •••• 4242');
  });

  it('judges an expiry against the business calendar', () => {
    expect(expiryProblem('06', '2026', '2026-06-15')).toBeNull();
    expect(expiryProblem('05', '2026', '2026-06-15')).toBe('validMonth');
    expect(expiryProblem('12', '2025', '2026-06-15')).toBe('validYear');
    expect(expiryProblem('13', '2027', '2026-06-15')).toBe('validMonth');
    expect(expiryProblem('1', '2027', '2026-06-15')).toBeNull();
    expect(expiryProblem('01', '27', '2026-06-15')).toBe('validYearMonth');
  });

  it('the form (month and year apart) gives the same messages and makes the wire payload', () => {
    clock.set(() => new Date('2026-06-15T09:00:00Z'));
    const bad = cardFormSchema.safeParse({
      nameOnCard: 'N0or',
      cardNumber: '4242 4242',
      expiryMonth: '5',
      expiryYear: '2026',
      CVV: '',
    });
    expect(messageOf(bad, 'nameOnCard')).toBe('validName');
    expect(messageOf(bad, 'cardNumber')).toBe('cardNumberLength');
    expect(messageOf(bad, 'CVV')).toBe('invalidCvv');
    const past = cardFormSchema.safeParse({
      nameOnCard: 'Noor',
      cardNumber: '4242 4242 4242 4242',
      expiryMonth: '5',
      expiryYear: '2026',
      CVV: '123',
    });
    expect(messageOf(past, 'expiryMonth')).toBe('validMonth');
    expect(messageOf(cardFormSchema.safeParse({ expiryYear: '2025' }), 'expiryYear')).toBe('validYear');
    expect(messageOf(cardFormSchema.safeParse({ expiryYear: '26' }), 'expiryYear')).toBe('validYearMonth');
    expect(messageOf(cardFormSchema.safeParse({ expiryMonth: '13' }), 'expiryMonth')).toBe('validMonth');
    expect(messageOf(cardFormSchema.safeParse({ CVV: '12' }), 'CVV')).toBe('cvvLength');

    const ok = cardFormSchema.parse({
      nameOnCard: ' Noor Al Thani ',
      cardNumber: '4242 4242 4242 4242',
      expiryMonth: '7',
      expiryYear: '2026',
      CVV: '123',
    });
    const body = toAddCardBody(ok);
    expect(body).toEqual({
      nameOnCard: 'Noor Al Thani',
      cardNumber: '4242 4242 4242 4242',
      expirationDate: '07-2026',
      CVV: '123',
    });
    expect(addCardBody.parse(body)).toEqual({ ...body, cardNumber: '4242424242424242' });
  });
});
