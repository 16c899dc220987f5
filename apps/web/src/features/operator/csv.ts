/** A CSV of rows already on the screen (UTF-8 with a BOM, so a spreadsheet reads Arabic names right). */
const cell = (v: unknown): string => {
  const s = v === null || v === undefined ? '' : String(v);
  // a leading = + - @ would be read as a formula by a spreadsheet
  const safe = /^[=+\-@]/.test(s) ? `'${s}` : s;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

export const toCsv = (header: readonly string[], rows: readonly (readonly unknown[])[]): string =>
  `\uFEFF${[header, ...rows].map((r) => r.map(cell).join(',')).join('\r\n')}\r\n`;

export const downloadCsv = (name: string, text: string) => {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
};
