// CSV exports for spreadsheets (admin invoices, orders): every cell quoted with quotes doubled, and a cell a
// spreadsheet would run as a formula (leading = + - @, or a tab / carriage return before one) neutralised with a
// leading apostrophe (OWASP "CSV injection"). Lines end with CRLF (RFC 4180).

/** A cell's value: text, or a number (written as is: a number is never a formula, "-1.5" stays a number). */
export type CsvValue = string | number | null | undefined;

/** One cell: quoted, quotes doubled, a formula-looking start of a text neutralised. */
function csvCell(value: CsvValue): string {
  if (typeof value === "number") return `"${String(value)}"`;
  const text = value ?? "";
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

const line = (cells: readonly CsvValue[]) => `${cells.map(csvCell).join(",")}\r\n`;

/**
 * A CSV body read page by page (a keyset list's pages): however many rows there are, the server holds one page at a
 * time and the download starts at once. The header line comes first, even for no rows.
 */
export function csvStream<T>(
  header: readonly string[],
  pages: AsyncIterable<readonly T[]>,
  cells: (row: T) => readonly (string | null | undefined)[],
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const iterator = pages[Symbol.asyncIterator]();
  let started = false;
  return new ReadableStream({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(line(header)));
        return;
      }
      const next = await iterator.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value.map((row) => line(cells(row))).join("")));
    },
    async cancel() {
      await iterator.return?.();
    },
  });
}

/** A whole CSV text (small exports held in memory): the header line, then one line per row. */
export function csvText(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return line(header) + rows.map(line).join("");
}

/** The response headers of a CSV download named `filename` (private: admin data is never cached). */
export const csvHeaders = (filename: string) => ({
  "content-type": "text/csv; charset=utf-8",
  "content-disposition": `attachment; filename="${filename}"`,
  "cache-control": "private, no-store",
});
