/**
 * Phone numbers shown one way on every screen (issue 23): the country code with a plus, then the
 * national number in groups, `+974 5000 0001`, always read left to right (components/phone.tsx
 * isolates it in Arabic). Without libphonenumber-js, whose numbering plans are 30 KB gzip that the
 * dashboard's first load cannot carry: the calling codes are listed here (lib/phone-format.test.ts
 * checks them against libphonenumber-js, and Gulf numbers against its international format).
 */

/** Every country calling code libphonenumber-js knows. No code is the start of another (ITU E.164). */
const CALLING_CODES = new Set(
  (
    '1 7 20 27 30 31 32 33 34 36 39 40 41 43 44 45 46 47 48 49 51 52 53 54 55 56 57 58 60 61 62 63 64 65 ' +
    '66 81 82 84 86 90 91 92 93 94 95 98 211 212 213 216 218 220 221 222 223 224 225 226 227 228 229 230 ' +
    '231 232 233 234 235 236 237 238 239 240 241 242 243 244 245 246 247 248 249 250 251 252 253 254 255 ' +
    '256 257 258 260 261 262 263 264 265 266 267 268 269 290 291 297 298 299 350 351 352 353 354 355 356 ' +
    '357 358 359 370 371 372 373 374 375 376 377 378 380 381 382 383 385 386 387 389 420 421 423 500 501 ' +
    '502 503 504 505 506 507 508 509 590 591 592 593 594 595 596 597 598 599 670 672 673 674 675 676 677 ' +
    '678 679 680 681 682 683 685 686 687 688 689 690 691 692 850 852 853 855 856 880 886 960 961 962 963 ' +
    '964 965 966 967 968 970 971 972 973 974 975 976 977 992 993 994 995 996 998'
  ).split(' '),
);

export const callingCodes = (): ReadonlySet<string> => CALLING_CODES;

/** The lengths of the groups of a national number: 8 digits as `5000 0001` (Qatar, Kuwait, Bahrain, Oman). */
const GROUPS: Record<number, number[]> = {
  6: [3, 3],
  7: [3, 4],
  8: [4, 4],
  9: [2, 3, 4],
  10: [3, 3, 4],
  11: [3, 4, 4],
};

const group = (digits: string): string => {
  const sizes = GROUPS[digits.length] ?? [];
  const out: string[] = [];
  let at = 0;
  for (const size of sizes) {
    out.push(digits.slice(at, at + size));
    at += size;
  }
  if (at < digits.length) {
    // longer numbers than the table knows: groups of four
    for (let i = at; i < digits.length; i += 4) out.push(digits.slice(i, i + 4));
  }
  return out.join(' ');
};

/** A number this long and starting with a calling code is international; shorter ones are local numbers as typed. */
const MIN_INTERNATIONAL = 10;

/**
 * `97455123456` (how numbers are stored: the calling code and the number, no plus) → `+974 5512 3456`.
 * A shorter number (a branch's local line) is grouped without a plus; text that is not a number
 * is returned as it is.
 */
export const formatPhone = (value: string | null | undefined): string => {
  const raw = (value ?? '').trim();
  const digits = raw.replace(/^\+|^00/, '').replace(/[\s\-().]/g, '');
  if (!/^\d+$/.test(digits)) return raw;
  if (digits.length >= MIN_INTERNATIONAL) {
    for (const size of [1, 2, 3]) {
      const code = digits.slice(0, size);
      if (CALLING_CODES.has(code)) return `+${code} ${group(digits.slice(size))}`;
    }
  }
  return group(digits);
};

/** The `tel:` link of a stored number. */
export const telHref = (value: string): string => {
  const digits = value.replace(/\D/g, '');
  return digits.length >= MIN_INTERNATIONAL ? `tel:+${digits}` : `tel:${digits}`;
};
