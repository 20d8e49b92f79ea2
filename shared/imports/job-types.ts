import { z } from 'zod';
import { SUBSCRIPTION_STATUSES } from '../domain/referral-rules';
import { referralCodeInputSchema, shareCodeSchema } from '../domain/share-codes';
import { IDEMPOTENCY_KEY_PATTERN } from '../domain/user-events.schema';

/** The bulk import job types of the spec. */
export const JOB_TYPES = [
  'MUTATION/USER',
  'MUTATION/DELETE_USER',
  'MUTATION/USER_EVENT',
  'MUTATION/REDEEMABLE_REWARD_BALANCE',
] as const;
export type JobType = (typeof JOB_TYPES)[number];

export function isJobType(value: string): value is JobType {
  return (JOB_TYPES as readonly string[]).includes(value);
}

/** Why a (non-empty) cell is unacceptable, or null. */
type CellCheck = (value: string) => string | null;

interface ColumnSpec {
  /** An exact column name, or a prefix ending in `.` for a family (`customFields.`). */
  name: string;
  required?: boolean;
  check: CellCheck;
}

const utf8Bytes = (value: string) => Buffer.byteLength(value, 'utf8');

const text =
  (maxChars: number): CellCheck =>
  (v) =>
    v.length > maxChars ? `is longer than ${maxChars} characters` : null;

/** Free-form cells (custom and event fields) follow the events' string limit. */
const fieldText: CellCheck = (v) => (utf8Bytes(v) > 1500 ? 'is longer than 1,500 UTF-8 bytes' : null);

const fromZod =
  (schema: z.ZodType, message: string): CellCheck =>
  (v) =>
    schema.safeParse(v).success ? null : message;

const oneOf =
  (values: readonly string[]): CellCheck =>
  (v) =>
    values.includes(v) ? null : `must be one of ${values.join(', ')}`;

const boolean = oneOf(['true', 'false']);
const positiveInteger: CellCheck = (v) =>
  /^[1-9][0-9]{0,15}$/.test(v) && Number(v) <= Number.MAX_SAFE_INTEGER
    ? null
    : 'must be a positive whole number';
const epochMillis: CellCheck = (v) =>
  /^[0-9]{1,16}$/.test(v) && Number(v) <= 8_640_000_000_000_000
    ? null
    : 'must be epoch milliseconds (a whole number)';

const id = text(255);

const COLUMNS: Record<JobType, ColumnSpec[]> = {
  'MUTATION/USER': [
    { name: 'id', required: true, check: id },
    { name: 'accountId', required: true, check: id },
    { name: 'email', check: fromZod(z.email().max(254), 'must be an e-mail address') },
    { name: 'firstName', check: text(100) },
    { name: 'lastName', check: text(100) },
    {
      name: 'locale',
      check: (v) =>
        /^[A-Za-z]{2,3}([_-][A-Za-z0-9]{2,8}){0,3}$/.test(v) ? null : 'must be a locale such as en or en_US',
    },
    { name: 'paymentProviderId', check: text(255) },
    { name: 'accountStatus', check: oneOf(SUBSCRIPTION_STATUSES) },
    { name: 'shareCode', check: fromZod(shareCodeSchema, 'must be 1 to 15 letters and digits') },
    { name: 'referredBy.code', check: fromZod(referralCodeInputSchema, 'must be a referral code') },
    { name: 'customFields.', check: fieldText },
  ],
  'MUTATION/DELETE_USER': [
    { name: 'id', required: true, check: id },
    { name: 'accountId', required: true, check: id },
    { name: 'preserveEmptyAccount', check: boolean },
    { name: 'doNotTrack', check: boolean },
  ],
  'MUTATION/USER_EVENT': [
    { name: 'userId', required: true, check: id },
    { name: 'accountId', required: true, check: id },
    {
      name: 'idempotencyKey',
      check: (v) =>
        IDEMPOTENCY_KEY_PATTERN.test(v) ? null : 'must be 8 to 64 characters of A-Z a-z 0-9 - _ .',
    },
    { name: 'event.key', required: true, check: text(255) },
    { name: 'event.dateTriggered', check: epochMillis },
    { name: 'event.fields.', check: fieldText },
  ],
  'MUTATION/REDEEMABLE_REWARD_BALANCE': [
    { name: 'accountId', required: true, check: id },
    { name: 'userId', check: id },
    {
      name: 'unit',
      required: true,
      check: (v) =>
        /^[A-Z][A-Z0-9_]{0,31}$/.test(v) ? null : 'must be 1-32 upper-case letters, digits or _',
    },
    { name: 'valueToRedeem', required: true, check: positiveInteger },
  ],
};

/** The column of a job type that a header name belongs to, or undefined for an unknown column. */
function specFor(type: JobType, column: string): ColumnSpec | undefined {
  return COLUMNS[type].find((c) =>
    c.name.endsWith('.') ? column.startsWith(c.name) && column.length > c.name.length : c.name === column,
  );
}

/** Problems with a header, as messages (without the line prefix). */
export function headerProblems(type: JobType, columns: string[]): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const column of columns) {
    if (column === '') problems.push('a column has no name');
    else if (seen.has(column)) problems.push(`column "${column}" appears twice`);
    else if (!specFor(type, column)) problems.push(`unknown column "${column}" for ${type}`);
    seen.add(column);
  }
  for (const c of COLUMNS[type]) {
    if (c.required && !seen.has(c.name)) problems.push(`missing required column "${c.name}"`);
  }
  return problems;
}

/** Problems with one row's cells (keyed by column), as messages naming the column. */
export function rowProblems(type: JobType, cells: Map<string, string>): string[] {
  const problems: string[] = [];
  for (const c of COLUMNS[type]) {
    if (c.required && !cells.get(c.name)) problems.push(`column "${c.name}" is required`);
  }
  for (const [column, value] of cells) {
    if (value === '') continue;
    if (value.includes('\u0000')) {
      problems.push(`column "${column}" contains a NUL character`);
      continue;
    }
    const problem = specFor(type, column)?.check(value);
    if (problem) problems.push(`column "${column}" ${problem}`);
  }
  return problems;
}
