import { isUtf8 } from 'node:buffer';
import { Transform, Writable, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { StringDecoder } from 'node:string_decoder';
import { CsvError, parse, type Options } from 'csv-parse';
import { columnProblems, headerProblems, rowProblems } from './columns';
import type { ImportFormat } from './format';
import type { JobType } from './job-types';
import { CSV_OPTIONS, csvProblem, linesSpanned, MAX_LINE_BYTES, parseJsonRow } from './records';

export const MAX_LISTED_ERRORS = 100;

/** Line-numbered errors, at most MAX_LISTED_ERRORS listed; the last says how many more there were. */
class ErrorList {
  private readonly listed: { line: number; message: string }[] = [];
  private total = 0;

  add(line: number, message: string): void {
    this.total += 1;
    if (this.listed.length < MAX_LISTED_ERRORS) this.listed.push({ line, message });
  }

  get count(): number {
    return this.total;
  }

  lines(): string[] {
    const sorted = [...this.listed].sort((a, b) => a.line - b.line);
    const text = sorted.map((e) => `line ${e.line}: ${e.message}`);
    if (this.total <= MAX_LISTED_ERRORS) return text;
    const shown = text.slice(0, MAX_LISTED_ERRORS - 1);
    return [...shown, `... and ${(this.total - shown.length).toLocaleString('en-US')} more errors`];
  }
}

/**
 * Checks the bytes of every physical line (NUL bytes mean binary content; anything else must be UTF-8)
 * and passes the bytes on unchanged. A line is checked in pieces, so a file without newlines is never
 * held in memory whole.
 */
function byteChecks(errors: ErrorList): Transform {
  let line = 1;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let reported = false;
  const checkLine = (bytes: Buffer) => {
    if (reported) return;
    if (bytes.includes(0)) errors.add(line, 'binary content (a NUL byte); expected a UTF-8 text file');
    else if (!isUtf8(bytes)) errors.add(line, 'invalid UTF-8');
    else return;
    reported = true;
  };
  const finishLine = () => {
    if (pending.length > 0) checkLine(Buffer.concat(pending));
    pending = [];
    pendingBytes = 0;
    line += 1;
    reported = false;
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      try {
        checkChunk(chunk);
        callback(null, chunk);
      } catch (err) {
        callback(err as Error);
      }
    },
    flush(callback) {
      if (pending.length > 0) finishLine();
      callback();
    },
  });

  function checkChunk(chunk: Buffer): void {
    let start = 0;
    for (let nl = chunk.indexOf(10); nl !== -1; nl = chunk.indexOf(10, start)) {
      pending.push(chunk.subarray(start, nl));
      finishLine();
      start = nl + 1;
    }
    if (start < chunk.length) {
      pending.push(chunk.subarray(start));
      pendingBytes += chunk.length - start;
      if (pendingBytes > MAX_LINE_BYTES) {
        if (!reported) errors.add(line, `longer than ${MAX_LINE_BYTES} bytes`);
        reported = true;
        // Keep only the tail: a multi-byte character may straddle the cut.
        pending = [Buffer.concat(pending).subarray(-4)];
        pendingBytes = pending[0]!.length;
      }
    }
  }
}

/** A writable end for a pipeline whose work happens in callbacks. */
const sink = () => new Writable({ objectMode: true, write: (_c, _e, cb) => cb() });

async function validateCsv(source: Readable, type: JobType, errors: ErrorList): Promise<void> {
  let header: string[] | undefined;
  let headerOk = false;
  let rows = 0;
  let nextLine = 1;
  const parser = parse({
    bom: true,
    ...CSV_OPTIONS,
    on_record: (cells: string[]) => {
      const line = nextLine;
      nextLine += linesSpanned(cells);
      if (!header) {
        header = cells.map((c) => c.trim());
        // Its own problems only: the byte checks run ahead of the parser and may have found later lines'.
        const problems = headerProblems(type, header);
        for (const problem of problems) errors.add(line, problem);
        headerOk = problems.length === 0;
        return null;
      }
      if (cells.length === 1 && cells[0] === '' && header.length !== 1) {
        errors.add(line, 'empty line');
        return null;
      }
      rows += 1;
      if (cells.length !== header.length) {
        errors.add(line, `${cells.length} cells, but the header has ${header.length} columns`);
        return null;
      }
      if (!headerOk) return null;
      const byColumn = new Map(header.map((column, i) => [column, cells[i]!]));
      for (const problem of rowProblems(type, byColumn)) errors.add(line, problem);
      return null;
    },
  } as Options);
  try {
    await pipeline(source, byteChecks(errors), parser, sink());
  } catch (err) {
    if (!(err instanceof CsvError)) throw err;
    errors.add(nextLine, csvProblem(err));
    return;
  }
  if (!header) errors.add(1, 'the file is empty; a header row of column names is expected');
  else if (rows === 0) errors.add(2, 'the file has a header but no data rows');
}

async function validateJsonl(source: Readable, type: JobType, errors: ErrorList): Promise<void> {
  const decoder = new StringDecoder('utf8');
  let line = 0;
  let rows = 0;
  let carry = '';
  const handle = (text: string) => {
    line += 1;
    const trimmed = text.replace(/\r$/, '').trim();
    if (trimmed === '') {
      errors.add(line, 'empty line');
      return;
    }
    rows += 1;
    const row = parseJsonRow(trimmed);
    if ('problem' in row) {
      errors.add(line, row.problem);
      return;
    }
    // Each line names its own columns (required ones are the row checks' concern).
    for (const problem of columnProblems(type, [...row.cells.keys()])) errors.add(line, problem);
    for (const problem of rowProblems(type, row.cells)) errors.add(line, problem);
  };
  const lines = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      // A throw here would escape the stream machinery (and end the process): it fails the pipeline.
      try {
        const text = carry + decoder.write(chunk);
        const parts = text.split('\n');
        carry = parts.pop()!;
        if (carry.length > MAX_LINE_BYTES) carry = carry.slice(-MAX_LINE_BYTES);
        for (const part of parts) handle(part);
        callback();
      } catch (err) {
        callback(err as Error);
      }
    },
    final(callback) {
      try {
        const rest = carry + decoder.end();
        if (rest !== '') handle(rest);
        callback();
      } catch (err) {
        callback(err as Error);
      }
    },
  });
  await pipeline(source, byteChecks(errors), lines);
  if (rows === 0 && errors.count === 0) errors.add(1, 'the file has no rows');
}

/**
 * Validates an import file for a job type as it streams by: line-numbered errors (the header is line 1),
 * at most 100 listed. An empty list means a job can be created from the file.
 */
export async function validateImportFile(
  source: Readable,
  type: JobType,
  format: ImportFormat,
): Promise<string[]> {
  const errors = new ErrorList();
  if (format === 'csv') await validateCsv(source, type, errors);
  else await validateJsonl(source, type, errors);
  return errors.lines();
}
