export type CsvCell = string | number | null;

/**
 * CSV as RFC 4180 writes it: a header row, CRLF line ends, a field in double quotes when it holds a comma, a double
 * quote, CR or LF, with its quotes doubled; null is an empty field. Hand-written rather than a dependency such as
 * csv-stringify: RFC 4180's whole quoting rule is the `quote` line below, and this export never streams.
 * A text cell a spreadsheet would evaluate as a formula (first character = + - @, tab or CR) gets a leading
 * apostrophe (OWASP "CSV injection"), because reason codes are whatever a CDS client sent.
 */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  const quote = (s: string) => (/[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
  const cell = (v: CsvCell) => (v === null ? '' : typeof v === 'number' ? String(v) : quote(/^[=+\-@\t\r]/.test(v) ? `'${v}` : v));
  return [header, ...rows].map((r) => `${r.map(cell).join(',')}\r\n`).join('');
}
