import type { Readable } from 'node:stream';
import { headerProblems } from './columns';
import type { ImportFormat } from './format';
import type { JobType } from './job-types';
import { readCsvHeader, UnreadableFileError } from './records';

/** How far into a file the binary check looks (as git does): text files have no NUL byte there. */
export const BINARY_SNIFF_BYTES = 8000;

export interface FileInspection {
  /** `line N: ...` problems that stop a job before it starts; empty when it can start. */
  problems: string[];
  /** A CSV file's header: its columns and where its first data record starts. */
  header?: { columns: string[]; dataOffset: number };
}

/** Up to `bytes` bytes from the start of a stream (which is then closed). */
async function readPrefix(source: Readable, bytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let length = 0;
  try {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      chunks.push(chunk);
      length += chunk.length;
      if (length >= bytes) break;
    }
  } finally {
    source.destroy();
  }
  return Buffer.concat(chunks).subarray(0, bytes);
}

const lineOf = (bytes: Buffer, offset: number) => {
  let line = 1;
  for (let i = bytes.indexOf(10); i !== -1 && i < offset; i = bytes.indexOf(10, i + 1)) line += 1;
  return line;
};

/**
 * The cheap checks a job needs before it starts, run by createJob before the workflow and by the job
 * itself: the file is text (no NUL byte in its first 8,000 bytes; UTF-16 is named as such) and, for
 * CSV, its header is one the job can run with (UTF-8 names, known columns, the required ones present).
 * Reads only that much of the file.
 */
export async function inspectImportFile(
  open: () => Promise<Readable | undefined>,
  type: JobType,
  format: ImportFormat,
): Promise<FileInspection> {
  const gone = { problems: ['the uploaded file is gone from file storage'] };
  const first = await open();
  if (!first) return gone;
  const head = await readPrefix(first, BINARY_SNIFF_BYTES);
  if (head.length === 0) return { problems: ['line 1: the file is empty'] };
  if ((head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff)) {
    return { problems: ['line 1: the file is UTF-16 text; save it as UTF-8'] };
  }
  const nul = head.indexOf(0);
  if (nul !== -1) {
    return {
      problems: [`line ${lineOf(head, nul)}: binary content (a NUL byte); expected a UTF-8 text file`],
    };
  }
  if (format === 'jsonl') return { problems: [] };
  const again = await open();
  if (!again) return gone;
  try {
    const header = await readCsvHeader(again);
    if (!header) return { problems: ['line 1: the file is empty; a header row of column names is expected'] };
    return { problems: headerProblems(type, header.columns).map((p) => `line 1: ${p}`), header };
  } catch (err) {
    if (err instanceof UnreadableFileError) return { problems: [err.message] };
    throw err;
  }
}
