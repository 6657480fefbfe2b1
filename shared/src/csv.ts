/**
 * CSV for spreadsheets, shared by every export (the SPA makes the files from the JSON lists it already has).
 * Fields are quoted as RFC 4180 says (a field holding a comma, a double quote, CR or LF is quoted, its
 * double quotes doubled; records end with CRLF). Text a spreadsheet would run as a formula (a cell beginning
 * with = + - @, tab or carriage return: OWASP's CSV injection guidance) is made inert with a leading
 * apostrophe, which spreadsheets show as text and do not evaluate. Numbers are written as numbers, so a
 * negative one stays a number.
 */

export type CsvValue = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One cell, escaped against formulas and quoted where RFC 4180 requires it. */
export const csvCell = (value: CsvValue): string => {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

export interface CsvColumn<T> {
  header: string;
  value: (row: T) => CsvValue;
}

/** A whole file: the header line, then one record a row, each ending in CRLF. */
export const toCsv = <T>(columns: readonly CsvColumn<T>[], rows: readonly T[]): string =>
  [columns.map((column) => csvCell(column.header)), ...rows.map((row) => columns.map((column) => csvCell(column.value(row))))]
    .map((cells) => `${cells.join(',')}\r\n`)
    .join('');
