/**
 * An export cell written in TypeScript (headers, status labels, quiz titles): the same rules
 * as the SQL function `lq_csv_cell` (db/sql-rules/csv-cell.sql) that writes the leads'
 * cells (docs/leads.md "Export"); csv-cell.property.test.ts checks that they agree.
 */

const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A cell a spreadsheet would run as a formula (starting with = + - @, a tab or a carriage
 * return) gets a leading apostrophe, so it is shown as text.
 */
export function neutralizeCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

const CSV_QUOTE = /[",\r\n;]/;

/** A CSV cell: neutralised, then quoted (quotes doubled) when it holds `" , ; CR LF`. */
export function csvCell(value: string): string {
  const cell = neutralizeCell(value);
  return CSV_QUOTE.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
}
