import { z } from 'zod';
import {
  IMPORT_JOB_COLUMNS,
  type ImportColumn,
  type ImportColumnName,
  type ImportJobType,
} from '../contract/enums';
import { idProblem } from '../validation';

/** Why a (non-empty) cell is unacceptable, or null. */
export type CellCheck = (value: string) => string | null;

export interface ColumnSpec {
  /** An exact column name, or a prefix ending in `.` for a family (`customFields.`). */
  name: string;
  required?: boolean;
  check: CellCheck;
}

/**
 * A job type's columns as the API lists them (shared/contract/enums.ts, which the portal shows), each
 * with its check: a column without a check, or a check for a column the contract does not list, does
 * not compile.
 */
export function checkedColumns<Type extends ImportJobType>(
  type: Type,
  checks: { [Name in ImportColumnName<Type>]: CellCheck },
): ColumnSpec[] {
  const columns: readonly ImportColumn[] = IMPORT_JOB_COLUMNS[type];
  return columns.map((column) => ({ ...column, check: checks[column.name as ImportColumnName<Type>] }));
}

const utf8Bytes = (value: string) => Buffer.byteLength(value, 'utf8');

export const text =
  (maxChars: number): CellCheck =>
  (v) =>
    v.length > maxChars ? `is longer than ${maxChars} characters` : null;

/** Free-form cells (custom and event fields) follow the events' string limit. */
export const fieldText: CellCheck = (v) => (utf8Bytes(v) > 1500 ? 'is longer than 1,500 UTF-8 bytes' : null);

export const fromZod =
  (schema: z.ZodType, message: string): CellCheck =>
  (v) =>
    schema.safeParse(v).success ? null : message;

export const oneOf =
  (values: readonly string[]): CellCheck =>
  (v) =>
    values.includes(v) ? null : `must be one of ${values.join(', ')}`;

export const boolean = oneOf(['true', 'false']);
export const positiveInteger: CellCheck = (v) =>
  /^[1-9][0-9]{0,15}$/.test(v) && Number(v) <= Number.MAX_SAFE_INTEGER
    ? null
    : 'must be a positive whole number';
export const epochMillis: CellCheck = (v) =>
  /^[0-9]{1,16}$/.test(v) && Number(v) <= 8_640_000_000_000_000
    ? null
    : 'must be epoch milliseconds (a whole number)';

/** Ids as through the API: at most 255 characters, no control characters. */
export const id: CellCheck = (v) => text(255)(v) ?? idProblem(v);
