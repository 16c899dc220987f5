/** Reading the CSV exports in tests (docs/domain.md, "Exports"): a download as bytes and text, and an RFC 4180 reader. */
import type { TestServer } from './harness';

/** A small RFC 4180 reader for the tests (quotes, doubled quotes, CRLF). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

/** `GET /api/<path>?<query>` with the token in the Authorization header; the text keeps its BOM. */
export async function downloadCsv(
  t: TestServer,
  path: string,
  token: string | undefined,
  query: Record<string, string> = {},
  lang = 'en',
) {
  const qs = new URLSearchParams(query).toString();
  const headers: Record<string, string> = { 'accept-language': lang };
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(`${t.url}/api/${path}${qs ? `?${qs}` : ''}`, { headers });
  const bytes = new Uint8Array(await res.arrayBuffer());
  return {
    status: res.status,
    headers: res.headers,
    bytes,
    text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes),
  };
}
