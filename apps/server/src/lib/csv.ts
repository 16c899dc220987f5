/**
 * CSV for spreadsheet programs (docs/domain.md, "Exports"): RFC 4180 quoting, CRLF line ends, a
 * UTF-8 byte order mark first (so Arabic opens correctly), and formula-injection safety: a text cell
 * starting with = + - @ tab or carriage return gets a leading `'`, so no program runs it as a formula.
 */
export const BOM = '\uFEFF';

const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * Whether a spreadsheet could read a text cell as a formula: its first character is = + - @ tab or
 * CR as written, or once folded to its compatibility form (NFKC: a fullwidth `＝` is `=`, a small
 * `﹢` is `+`). Both are checked: folding can also hide a leading `=` (`=` with a combining
 * long solidus composes to `≠`). Only the start is folded, so a long cell costs nothing more.
 */
const startsLikeFormula = (text: string): boolean =>
  FORMULA_START.test(text) || FORMULA_START.test(text.slice(0, 8).normalize('NFKC'));

export type CsvValue = string | number | boolean | null | undefined;

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  const safe = startsLikeFormula(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export const csvLine = (cells: readonly CsvValue[]): string => `${cells.map(csvCell).join(',')}\r\n`;

/**
 * The text of a CSV file, chunk by chunk: the BOM and the header, then the rows as they arrive
 * (several rows per chunk, so a million rows do not mean a million writes).
 */
export async function* csvChunks<T>(
  header: readonly string[],
  rows: AsyncIterable<T>,
  toCells: (row: T) => readonly CsvValue[],
  rowsPerChunk = 500,
): AsyncGenerator<string> {
  yield BOM + csvLine(header);
  let chunk = '';
  let n = 0;
  for await (const row of rows) {
    chunk += csvLine(toCells(row));
    if (++n === rowsPerChunk) {
      yield chunk;
      chunk = '';
      n = 0;
    }
  }
  if (chunk) yield chunk;
}

/** A CSV column: its header in each language and its cell of a row. */
export type CsvColumn<T> = { en: string; ar: string; value: (row: T) => CsvValue };

/** The header in the caller's language, then each row's cells. */
export function csvTable<T>(
  lang: 'en' | 'ar',
  rows: AsyncIterable<T>,
  columns: CsvColumn<T>[],
): AsyncGenerator<string> {
  return csvChunks(
    columns.map((c) => c[lang]),
    rows,
    (row) => columns.map((c) => c.value(row)),
  );
}
