import type { RowResult } from './rows';

/** The result file's header; then one line per data row. */
export const RESULT_HEADER = 'line,status,message\n';

/** A cell beginning with one of these is a formula to a spreadsheet: it is prefixed with `'`. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV cell, safe to open in a spreadsheet: formulas defused, then RFC 4180 quoting where needed. */
export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function resultLine(result: RowResult): string {
  return `${result.line},${result.ok ? 'SUCCESS' : 'FAILED'},${csvCell(result.message)}\n`;
}
