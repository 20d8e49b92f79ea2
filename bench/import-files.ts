import fs from 'node:fs';
import { once } from 'node:events';
import { finished } from 'node:stream/promises';

/**
 * Import files for benches (and tests) of any size, generated row by row and written with backpressure:
 * a file is never held in memory, whatever its row count. Everything is deterministic in (runId, row),
 * so a second generation of the same file is byte for byte the same.
 *
 * - MUTATION/USER: one user per account, `u{runId}-{i}` in `a{runId}-{i}`. First and last names come
 *   from two short lists of coprime lengths, so every pair recurs every 31 × 37 = 1,147 rows and the
 *   share codes generated from names collide as they do in real data (JANEDOE, JANEDOE2, ...).
 * - MUTATION/USER_EVENT: a purchase per row for user `i mod users` of the same run's USER file, under
 *   the idempotency key `k{runId}-{i}`, triggered one second after the previous row's.
 */

export const USER_COLUMNS = [
  'id',
  'accountId',
  'email',
  'firstName',
  'lastName',
  'locale',
  'customFields.plan',
] as const;

export const USER_EVENT_COLUMNS = [
  'userId',
  'accountId',
  'idempotencyKey',
  'event.key',
  'event.dateTriggered',
  'event.fields.amount',
] as const;

/** 31 and 37 names: coprime lengths, so (first, last) runs through all 1,147 pairs before repeating. */
// prettier-ignore
const FIRST_NAMES = [
  'James', 'Mary', 'John', 'Patricia', 'Robert', 'Jennifer', 'Michael', 'Linda', 'David', 'Elizabeth',
  'William', 'Barbara', 'Richard', 'Susan', 'Joseph', 'Jessica', 'Thomas', 'Sarah', 'Carlos', 'Karen',
  'José', 'María', 'Wei', 'Aisha', 'Noah', 'Zoë', 'Liam', 'Olivia', 'Emma', 'Lucas', 'Sofia',
];
// prettier-ignore
const LAST_NAMES = [
  'Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez',
  'Martinez', 'Hernandez', 'Lopez', 'Gonzalez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore',
  'Jackson', 'Martin', 'Lee', 'Perez', 'Thompson', 'White', 'Harris', 'Sanchez', 'Clark', 'Ramirez',
  "O'Brien", 'Müller', 'Nguyen', 'Kim', 'Chen', 'Patel', 'Dubois', 'Rossi', 'Silva',
];

/** 2026-01-01T00:00:00Z: the first generated event's dateTriggered unless the caller picks another. */
export const DEFAULT_FIRST_TRIGGERED = Date.UTC(2026, 0, 1);

/** RFC 4180: a cell with a comma, quote or line break is quoted, its quotes doubled. */
export function csvCell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

const csvLine = (cells: readonly string[]) => `${cells.map(csvCell).join(',')}\n`;

/** The ids of user i of a run (as the USER file writes them and the USER_EVENT file references them). */
export function userIds(runId: string, i: number): { id: string; accountId: string } {
  return { id: `u${runId}-${i}`, accountId: `a${runId}-${i}` };
}

/** Row i of a run's USER file, without its line break. */
export function userRow(runId: string, i: number): string[] {
  const { id, accountId } = userIds(runId, i);
  return [
    id,
    accountId,
    `user${i}@example.com`,
    FIRST_NAMES[i % FIRST_NAMES.length]!,
    LAST_NAMES[i % LAST_NAMES.length]!,
    'en',
    i % 4 === 0 ? 'pro' : 'free',
  ];
}

/** Row i of a run's USER_EVENT file: a purchase by user `i mod users`. */
export function userEventRow(
  runId: string,
  i: number,
  users: number,
  firstTriggered = DEFAULT_FIRST_TRIGGERED,
): string[] {
  const { id, accountId } = userIds(runId, i % users);
  return [
    id,
    accountId,
    `k${runId}-${i}`,
    'purchase',
    String(firstTriggered + i * 1000),
    String(10 + (i % 200) / 2), // 10, 10.5, 11, ... 109.5
  ];
}

/** The lines of a run's USER file: the header, then `rows` users. */
export function* userFileLines(runId: string, rows: number): Generator<string> {
  yield csvLine(USER_COLUMNS);
  for (let i = 0; i < rows; i += 1) yield csvLine(userRow(runId, i));
}

/** The lines of a run's USER_EVENT file: the header, then `rows` events over `users` users. */
export function* userEventFileLines(
  runId: string,
  rows: number,
  options: { users?: number; firstTriggered?: number } = {},
): Generator<string> {
  const users = options.users ?? rows;
  if (!(users > 0)) throw new Error('events need at least one user to reference');
  yield csvLine(USER_EVENT_COLUMNS);
  for (let i = 0; i < rows; i += 1) yield csvLine(userEventRow(runId, i, users, options.firstTriggered));
}

export interface FileCounts {
  /** Data rows (lines after the header). */
  rows: number;
  bytes: number;
}

/** Lines are gathered into chunks of about this many characters, each written once. */
const CHUNK_CHARS = 64 * 1024;

/**
 * Writes the lines to `file` (created or truncated), waiting for the stream to drain whenever it asks
 * to, so at most a chunk or two is ever in memory. The first line is taken to be the header.
 */
export async function writeLines(file: string, lines: Iterable<string>): Promise<FileCounts> {
  const out = fs.createWriteStream(file);
  let chunk = '';
  let lineCount = 0;
  let bytes = 0;
  const flush = async () => {
    bytes += Buffer.byteLength(chunk, 'utf8');
    const ok = out.write(chunk);
    chunk = '';
    if (!ok) await once(out, 'drain');
  };
  try {
    for (const line of lines) {
      chunk += line;
      lineCount += 1;
      if (chunk.length >= CHUNK_CHARS) await flush();
    }
    if (chunk !== '') await flush();
    out.end();
    await finished(out);
  } catch (err) {
    out.destroy();
    throw err;
  }
  return { rows: Math.max(0, lineCount - 1), bytes };
}

export const writeUserFile = (file: string, runId: string, rows: number) =>
  writeLines(file, userFileLines(runId, rows));

export const writeUserEventFile = (
  file: string,
  runId: string,
  rows: number,
  options: { users?: number; firstTriggered?: number } = {},
) => writeLines(file, userEventFileLines(runId, rows, options));

/**
 * Data rows and bytes of a file with a header line, read as a stream (no quoted line breaks assumed,
 * which holds for the files above). A last line without a line break counts.
 */
export async function countFile(file: string): Promise<FileCounts> {
  let newlines = 0;
  let bytes = 0;
  let last = -1;
  for await (const chunk of fs.createReadStream(file, {
    highWaterMark: 1024 * 1024,
  }) as AsyncIterable<Buffer>) {
    bytes += chunk.length;
    for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) newlines += 1;
    last = chunk[chunk.length - 1]!;
  }
  const lines = newlines + (bytes > 0 && last !== 10 ? 1 : 0);
  return { rows: Math.max(0, lines - 1), bytes };
}
