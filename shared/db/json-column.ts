import { z } from 'zod';

/**
 * A json/jsonb column's reader: its value goes through the column's schema, so a row the code did not
 * write that way (an older format, a manual edit) fails loudly, naming the table, column and row, instead
 * of travelling on under a type it does not have. Repos read every JSON column through one.
 */
export function jsonColumn<S extends z.ZodType>(table: string, column: string, schema: S) {
  return (value: unknown, rowId?: string): z.output<S> => {
    const parsed = schema.safeParse(value);
    if (parsed.success) return parsed.data;
    const row = rowId === undefined ? '' : ` (row ${rowId})`;
    throw new Error(`${table}.${column}${row} is malformed: ${z.prettifyError(parsed.error)}`);
  };
}

/**
 * A JSON object (not an array, not null). Any JSON object is a valid Record<string, unknown>, so its
 * members need no walk: a custom check is ~100 ns a row where z.record, visiting each member, is ~2 µs.
 */
export const jsonObjectSchema = z.custom<Record<string, unknown>>(
  (value) => value !== null && typeof value === 'object' && !Array.isArray(value),
  'must be a JSON object',
);
