/**
 * A number as the app's two locales write it (en-GB, and ar-u-nu-latn: Latin digits), made without
 * `Intl`: digits grouped by three with commas, a point before the decimals, rounded half away from
 * zero on the number's shortest decimal form, as ICU does. The first `Intl.NumberFormat` of a page
 * costs 20–50 ms of the main thread on a desktop (the locale's number data is loaded then), four
 * times that on a phone, and came just when the home's data is drawn (bench/README.md,
 * "2026-12-02: the home's first numbers"); every later one is cheap. lib/format.ts asks this first
 * and `Intl` where it answers null; lib/digits.test.ts holds both to the same text.
 */

/**
 * `|n|` with `minFraction`–`maxFraction` decimals, grouped: `1,234.5`; null where `Intl` decides:
 * not finite, -0, a negative that rounds to zero (`-0`), and magnitudes JavaScript writes with an
 * exponent.
 */
export function groupedDigits(n: number, minFraction: number, maxFraction: number): string | null {
  if (!Number.isFinite(n) || Object.is(n, -0)) return null;
  const abs = Math.abs(n);
  if (abs >= 1e21 || (abs !== 0 && abs < 1e-6)) return null;
  // the shortest decimal that reads back as n: what ICU rounds, so 1.005 is 1.01 (toFixed: 1.00)
  const [whole, fraction = ''] = String(abs).split('.');
  let kept = `${whole}${fraction.slice(0, maxFraction).padEnd(maxFraction, '0')}`;
  if (fraction.length > maxFraction && fraction.charCodeAt(maxFraction) >= 53 /* '5' */)
    kept = (BigInt(kept) + 1n).toString().padStart(kept.length, '0');
  const intPart = kept.slice(0, kept.length - maxFraction) || '0';
  let decimals = kept.slice(kept.length - maxFraction);
  if (n < 0 && /^0*$/.test(intPart + decimals)) return null;
  let end = decimals.length;
  while (end > minFraction && decimals[end - 1] === '0') end--;
  decimals = decimals.slice(0, end);
  const grouped = intPart.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return decimals ? `${grouped}.${decimals}` : grouped;
}
