// CSV for the admin exports (docs/decisions/063-bulk-tools.md): RFC 4180 quoting, and text a
// spreadsheet would run as a formula neutralised (OWASP "CSV injection").

export type CsvValue = string | number | boolean | Date | null | undefined;

/** A cell a spreadsheet would read as a formula starts with one of these (tab and CR too). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV cell. Text that starts like a formula gets a leading apostrophe, so Excel, Sheets and
 * LibreOffice show it as text; numbers stay numbers (a negative amount is data, not a formula).
 * A cell holding a comma, a quote or a line break is quoted, its quotes doubled.
 */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  if (typeof value === "boolean") return value ? "yes" : "no";
  let text = value instanceof Date ? value.toISOString() : value;
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV record, ending in CRLF as RFC 4180 says. */
export function csvLine(values: readonly CsvValue[]): string {
  return `${values.map(csvCell).join(",")}\r\n`;
}

/** A download's file name: letters, digits and dashes only, so the header needs no quoting rules. */
export function exportFileName(parts: readonly string[]): string {
  const base = parts
    .join("-")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 100);
  return `${base || "export"}.csv`;
}
