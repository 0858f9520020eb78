// CSV exports for spreadsheets (admin invoices, orders): every cell quoted with quotes doubled, and a cell a
// spreadsheet would run as a formula (leading = + - @, or a tab / carriage return before one) neutralised with a
// leading apostrophe (OWASP "CSV injection"). Lines end with CRLF (RFC 4180).

/** One cell: quoted, quotes doubled, a formula-looking start neutralised. */
export function csvCell(value: string | null | undefined): string {
  const text = value ?? "";
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** The header line, then one line per row, each ending with CRLF. */
export function toCsv(header: readonly string[], rows: readonly (readonly (string | null | undefined)[])[]): string {
  return [header, ...rows].map((cells) => `${cells.map(csvCell).join(",")}\r\n`).join("");
}

/** The response headers of a CSV download named `filename` (private: admin data is never cached). */
export const csvHeaders = (filename: string) => ({
  "content-type": "text/csv; charset=utf-8",
  "content-disposition": `attachment; filename="${filename}"`,
  "cache-control": "private, no-store",
});
