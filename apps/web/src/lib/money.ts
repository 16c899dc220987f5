/**
 * The merchant's money in one currency (docs/decisions/0021-one-currency-display.md): package
 * prices, invoice amounts and what a purchase cost are kept in US dollars; the points' cash value is
 * points / 5 in Qatar Riyal (SPEC §9). The merchant chooses in the profile how its money is shown:
 * in dollars (the default, SPEC's `$`), where the cash value keeps SPEC's Qatar Riyal label and is
 * followed by its dollar value, or in Qatar Riyal, where every amount is converted at the riyal's
 * fixed peg and written like the cash value.
 */

import type { Language } from '@loyalty/contract/constants';
import { type CurrencyDisplay, POINTS_PER_CASH_UNIT, pointsToCash, QAR_PER_USD } from '@loyalty/contract/constants';
import { formatCash, formatPrice } from './format';
import { currentLanguage } from './language';
import { useMerchantMe } from './queries/me';

const cents = (n: number) => Math.round(n * 100) / 100;

/** The display of a stored currency: `QAR`, else dollars (SPEC's registration currency is USD). */
export const currencyDisplayOf = (userCurrncy: string | null | undefined): CurrencyDisplay =>
  userCurrncy?.trim().toUpperCase() === 'QAR' ? 'QAR' : 'USD';

/** A riyal amount written as the points' cash value is (`127.40 Qatar Riyal`); formatCash takes points. */
const formatRiyal = (qar: number, lang: Language) => formatCash(cents(qar) * POINTS_PER_CASH_UNIT, lang);

/** An amount kept in dollars, shown in the display: `$35` or `127.40 Qatar Riyal`. */
export const formatMoney = (usd: number, display: CurrencyDisplay, lang: Language = currentLanguage()): string =>
  display === 'QAR' ? formatRiyal(usd * QAR_PER_USD, lang) : formatPrice(usd, lang);

/**
 * The cash value of points: SPEC's Qatar Riyal (`436 Qatar Riyal`), and when money is shown in
 * dollars, its dollar value too (`$119.78`), so that it reads against package prices.
 */
export const cashValue = (
  points: number,
  display: CurrencyDisplay,
  lang: Language = currentLanguage(),
): { riyal: string; dollars: string | null } => ({
  riyal: formatCash(points, lang),
  dollars: display === 'USD' ? formatPrice(cents(pointsToCash(points) / QAR_PER_USD), lang) : null,
});

/** The signed-in merchant's display (the dashboard has loaded `merchant/me` already; other screens share it). */
export const useCurrencyDisplay = (options: { enabled?: boolean } = {}): CurrencyDisplay =>
  currencyDisplayOf(useMerchantMe({ silent: true, enabled: options.enabled }).data?.userCurrncy);
