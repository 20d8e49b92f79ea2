import { pipeline, type Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import { parse as parseSync } from 'csv-parse/sync';
import type { ImportFormat } from './format';

/** A physical line longer than this is an error (and is never held whole in memory). */
export const MAX_LINE_BYTES = 1024 * 1024;

/** One data record of an import file, as the job applies it. */
export interface ImportRecord {
  /** The line it starts on (the header is line 1). */
  line: number;
  /** Byte offset just past the record: where the next one starts. */
  end: number;
  /** Line number of the next record. */
  nextLine: number;
  /** Cells by column name; absent when the record cannot be read (see problem). */
  cells?: Map<string, string>;
  problem?: string;
}

/** A record the file cannot go past (invalid CSV): the job stops there. */
export class UnreadableFileError extends Error {}

/** A JSON Lines row nests at most this deep, as event fields do: the row object is level 1. */
export const MAX_ROW_DEPTH = 16;

/**
 * Whether a JSON text nests objects and arrays deeper than `limit`: a scan of its characters (strings
 * skipped), stopping at the first level past the limit, so a hostile line is refused before it is parsed.
 */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92)
        i += 1; // a backslash escapes the next character
      else if (c === 34) inString = false;
    } else if (c === 34) {
      inString = true;
    } else if (c === 123 || c === 91) {
      depth += 1;
      if (depth > limit) return true;
    } else if (c === 125 || c === 93) {
      depth -= 1;
    }
  }
  return false;
}

/**
 * A JSON object's members as dotted columns (`{ referredBy: { code } }` is `referredBy.code`), in member
 * order. Iterative: the depth of the value costs heap, never stack (callers bound it anyway).
 */
export function flatten(value: Record<string, unknown>): Map<string, string> {
  const out = new Map<string, string>();
  const stack: { prefix: string; members: [string, unknown][]; next: number }[] = [
    { prefix: '', members: Object.entries(value), next: 0 },
  ];
  while (stack.length > 0) {
    const top = stack[stack.length - 1]!;
    if (top.next >= top.members.length) {
      stack.pop();
      continue;
    }
    const [key, member] = top.members[top.next]!;
    top.next += 1;
    const column = `${top.prefix}${key}`;
    if (member !== null && typeof member === 'object' && !Array.isArray(member)) {
      stack.push({ prefix: `${column}.`, members: Object.entries(member), next: 0 });
    } else if (member === null || member === undefined) {
      out.set(column, '');
    } else {
      out.set(column, typeof member === 'string' ? member : JSON.stringify(member));
    }
  }
  return out;
}

/** One JSON Lines row (a trimmed, non-empty line) as cells, or why it is not one. */
export function parseJsonRow(text: string): { cells: Map<string, string> } | { problem: string } {
  if (nestsDeeperThan(text, MAX_ROW_DEPTH)) {
    return { problem: `nested deeper than ${MAX_ROW_DEPTH} levels` };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { problem: 'not valid JSON' };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return { problem: 'must be a JSON object' };
  }
  return { cells: flatten(value as Record<string, unknown>) };
}

/** CSV options shared by the validator and the job: RFC 4180, LF or CRLF, empty lines kept (they are errors). */
export const CSV_OPTIONS = {
  relax_column_count: true,
  skip_empty_lines: false,
  record_delimiter: ['\r\n', '\n'],
  max_record_size: MAX_LINE_BYTES,
};

/**
 * How many lines a CSV record spans: one, plus the newlines inside its quoted cells (counted here rather
 * than taken from the parser, which counts a quoted CRLF as two lines).
 */
export function linesSpanned(cells: string[]): number {
  let lines = 1;
  for (const c of cells) {
    for (let i = c.indexOf('\n'); i !== -1; i = c.indexOf('\n', i + 1)) lines += 1;
  }
  return lines;
}

export function csvProblem(err: CsvError): string {
  // The message quotes the offending value, which may be binary: keep only its first sentence.
  return `not valid CSV: ${err.message.split(/[:,]/)[0]!.trim()}`;
}

/**
 * The header of a CSV file: its column names and where the first data record starts. Undefined for an
 * empty file. Reads only as far as the header's end (parsing the prefix read so far until it holds one
 * whole record), so a large file is never read through here.
 */
export async function readCsvHeader(
  source: Readable,
): Promise<{ columns: string[]; dataOffset: number } | undefined> {
  const parseFirst = (bytes: Buffer) =>
    parseSync(bytes, { ...CSV_OPTIONS, bom: true, info: true, to_line: 1 }) as unknown as {
      record: string[];
      info: { bytes: number };
    }[];
  const header = (entry: { record: string[]; info: { bytes: number } }) => ({
    columns: entry.record.map((c) => c.trim()),
    dataOffset: entry.info.bytes,
  });
  let read = Buffer.alloc(0);
  try {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      read = Buffer.concat([read, chunk]);
      const newline = read.lastIndexOf(10);
      if (newline === -1) {
        if (read.length > MAX_LINE_BYTES)
          throw new UnreadableFileError(`line 1: longer than ${MAX_LINE_BYTES} bytes`);
        continue;
      }
      try {
        const [first] = parseFirst(read.subarray(0, newline + 1));
        // A record that ends at a newline is whole; one that does not may go on (a quoted newline).
        if (first && read[first.info.bytes - 1] === 10) return header(first);
      } catch (err) {
        if (!(err instanceof CsvError)) throw err;
        if (read.length > MAX_LINE_BYTES) throw new UnreadableFileError(`line 1: ${csvProblem(err)}`);
      }
    }
    const [first] = parseFirst(read);
    return first ? header(first) : undefined;
  } catch (err) {
    if (err instanceof CsvError) throw new UnreadableFileError(`line 1: ${csvProblem(err)}`);
    throw err;
  } finally {
    source.destroy();
  }
}

/**
 * The data records of a file from a byte offset that starts a record (`line` is that record's line).
 * CSV cells are keyed by the header's columns; JSON Lines members are flattened to dotted columns.
 */
export function readRecords(
  source: Readable,
  options: { format: ImportFormat; columns: string[] | null; offset: number; line: number },
): AsyncGenerator<ImportRecord> {
  return options.format === 'csv'
    ? readCsvRecords(source, options.columns ?? [], options.offset, options.line)
    : readJsonlRecords(source, options.offset, options.line);
}

async function* readCsvRecords(
  source: Readable,
  columns: string[],
  offset: number,
  line: number,
): AsyncGenerator<ImportRecord> {
  const parser = parse({ ...CSV_OPTIONS, bom: offset === 0, info: true });
  // Unlike pipe(), a pipeline ends the parser (and so the reading) when the source is destroyed early.
  pipeline(source, parser, () => undefined);
  let nextLine = line;
  let lastEnd = offset;
  try {
    for await (const entry of parser as AsyncIterable<{ record: string[]; info: { bytes: number } }>) {
      const cells = entry.record;
      const start = nextLine;
      const end = offset + entry.info.bytes;
      nextLine = start + linesSpanned(cells);
      lastEnd = end;
      const record: ImportRecord = { line: start, end, nextLine };
      if (cells.length === 1 && cells[0] === '' && columns.length !== 1) {
        record.problem = 'empty line';
      } else if (cells.length !== columns.length) {
        record.problem = `${cells.length} cells, but the header has ${columns.length} columns`;
      } else if (cells.some((c) => c.includes('\uFFFD'))) {
        record.problem = 'invalid UTF-8';
      } else {
        record.cells = new Map(columns.map((column, i) => [column, cells[i]!]));
      }
      yield record;
    }
  } catch (err) {
    if (err instanceof CsvError) {
      throw new UnreadableFileError(
        `line ${nextLine}: ${csvProblem(err)} (the file is read up to byte ${lastEnd})`,
      );
    }
    throw err;
  } finally {
    source.destroy();
  }
}

async function* readJsonlRecords(
  source: Readable,
  offset: number,
  line: number,
): AsyncGenerator<ImportRecord> {
  let carry: Buffer = Buffer.alloc(0);
  let position = offset;
  let current = line;
  const toRecord = (bytes: Buffer, end: number): ImportRecord => {
    const record: ImportRecord = { line: current, end, nextLine: current + 1 };
    current += 1;
    const text = bytes.toString('utf8').replace(/\r$/, '').trim();
    if (text === '') record.problem = 'empty line';
    else if (bytes.length > MAX_LINE_BYTES) record.problem = `longer than ${MAX_LINE_BYTES} bytes`;
    else if (text.includes('\uFFFD')) record.problem = 'invalid UTF-8';
    else {
      const row = parseJsonRow(text);
      if ('problem' in row) record.problem = row.problem;
      else record.cells = row.cells;
    }
    return record;
  };
  try {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      let start = 0;
      for (let nl = chunk.indexOf(10); nl !== -1; nl = chunk.indexOf(10, start)) {
        const piece = chunk.subarray(start, nl);
        const bytes = carry.length > 0 ? Buffer.concat([carry, piece]) : piece;
        carry = Buffer.alloc(0);
        position += piece.length + 1;
        yield toRecord(bytes, position);
        start = nl + 1;
      }
      const rest = chunk.subarray(start);
      position += rest.length;
      // An over-long line keeps only enough to be reported as such.
      carry = carry.length > MAX_LINE_BYTES ? carry : Buffer.concat([carry, rest]);
    }
    if (carry.length > 0) yield toRecord(carry, position);
  } finally {
    source.destroy();
  }
}

/**
 * How many data records a file holds, from a fast scan of its bytes (every line is a record, empty
 * ones included, since the job reports those as rejected rows): CSV newlines outside quotes (a doubled
 * quote toggles twice) less the header, JSON Lines newlines. A trailing newline ends the last record
 * rather than starting another.
 */
export async function countRecords(source: Readable, format: ImportFormat): Promise<number> {
  let newlines = 0;
  let inQuotes = false;
  let lastByte = 10;
  for await (const chunk of source as AsyncIterable<Buffer>) {
    if (chunk.length === 0) continue;
    lastByte = chunk[chunk.length - 1]!;
    if (format === 'jsonl' || (!inQuotes && chunk.indexOf(34) === -1)) {
      for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) newlines += 1;
      continue;
    }
    for (let i = 0; i < chunk.length; i += 1) {
      const byte = chunk[i]!;
      if (byte === 34) inQuotes = !inQuotes;
      else if (byte === 10 && !inQuotes) newlines += 1;
    }
  }
  const lines = newlines + (lastByte === 10 ? 0 : 1);
  return format === 'csv' ? Math.max(0, lines - 1) : lines;
}
