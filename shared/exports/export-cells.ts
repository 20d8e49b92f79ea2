import { csvCell } from '../csv-cell';

/**
 * One cell of an export as the query gives it: text (made safe for spreadsheets by csvCell: formulas
 * defused, quoted when needed), a number or time the service produced (written as it is), or nothing.
 */
export type Cell = string | number | Date | null | undefined;

/**
 * A row as the type's query selects it: its columns are the query's (exports.repo.ts), read by name in
 * `cells` beside it, and every value ends in a Cell (exportRecord), so they are not typed one by one.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type ExportRow = Readonly<Record<string, any>>;

function cellText(value: Cell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  if (value instanceof Date) return value.toISOString();
  return csvCell(value);
}

/** One CSV record (RFC 4180, CRLF), every text cell through csvCell. */
export function exportRecord(cells: readonly Cell[]): string {
  let line = '';
  for (let i = 0; i < cells.length; i += 1) line += (i === 0 ? '' : ',') + cellText(cells[i]);
  return `${line}\r\n`;
}

/** A bigint column (PostgreSQL answers it as text) as a number: cents stay exact below 2^53. */
export function amount(value: string | number | null | undefined): number | null {
  return value === null || value === undefined ? null : Number(value);
}

/** A JSON object column as compact JSON text (then neutralised and quoted like any text). */
export function json(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'object' && Object.keys(value).length === 0) return null;
  return JSON.stringify(value);
}
