/** A cell beginning with one of these is a formula to a spreadsheet: it is prefixed with `'`. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV cell, safe to open in a spreadsheet: formulas defused (a leading = + - @, tab or CR gets a
 * `'`), then RFC 4180 quoting where needed (a comma, quote or line break: the cell in quotes, quotes
 * doubled). Used by import result files and the audit log's export.
 */
export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One CSV record of cells, ended by CRLF as RFC 4180 has it. */
export function csvRecord(cells: string[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}
