/**
 * A readable summary of the user agent an action came from (issue 23: no raw user-agent strings in
 * the activity log): the browser and the system, `Chrome` on `Android`. Either is null when the
 * string names none we know (a script, a command line).
 */
export interface DeviceSummary {
  browser: string | null;
  system: string | null;
}

/** Checked in this order: Edge, Opera and Samsung's browser also say "Chrome"; Chrome also says "Safari". */
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\b(?:HeadlessChrome|Chrome|Chromium|CriOS)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
  [/\bAndroid\b/, 'Android'],
  [/\b(?:iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

const first = (list: [RegExp, string][], ua: string) => list.find(([re]) => re.test(ua))?.[1] ?? null;

export const summarizeDevice = (userAgent: string | null | undefined): DeviceSummary | null => {
  if (!userAgent?.trim()) return null;
  return { browser: first(BROWSERS, userAgent), system: first(SYSTEMS, userAgent) };
};
