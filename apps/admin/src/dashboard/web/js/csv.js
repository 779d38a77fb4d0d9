// CSV export of what a page shows (RFC 4180: comma-separated, CRLF, fields quoted when needed), downloaded from a
// Blob, so nothing goes back to the server. A text cell that a spreadsheet would read as a formula (= + - @, tab,
// carriage return first) is prefixed with an apostrophe: project names and tags are typed by users.

/** One CSV field. Numbers as they are; text quoted when it holds a comma, quote or line break, formula-safe. */
export function csvField(value) {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows (arrays, the first the header) as CSV text. */
export function toCsv(rows) {
  return `${rows.map((r) => r.map(csvField).join(',')).join('\r\n')}\r\n`;
}

/** Offers `rows` as a file named `filename` (the browser's download, no navigation). */
export function downloadCsv(filename, rows) {
  const url = URL.createObjectURL(new Blob([toCsv(rows)], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.hidden = true;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
