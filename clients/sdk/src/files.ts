import { createReadStream, createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { toApiError, type CallOptions, type RequestBody, type Transport } from './http';

/**
 * What uploadFile sends: a Buffer or Uint8Array, a file path (a string), a Node Readable, a web
 * ReadableStream or any async iterable of bytes. Streams are sent as they are read (chunked), never
 * buffered whole. To upload text, pass `Buffer.from(text)`.
 */
export type UploadSource =
  Uint8Array | string | Readable | WebReadableStream<Uint8Array> | AsyncIterable<Uint8Array>;

export interface UploadOptions extends CallOptions {
  /** The stored file's name; its extension picks the format (.csv). Default: the path's name, or upload.csv. */
  filename?: string;
  /** Default: from the extension (text/csv, application/x-ndjson, else application/octet-stream). */
  contentType?: string;
}

function contentTypeOf(filename: string): string {
  if (/\.csv$/i.test(filename)) return 'text/csv';
  if (/\.(ndjson|jsonl)$/i.test(filename)) return 'application/x-ndjson';
  return 'application/octet-stream';
}

/** The bytes of a stream source, chunk by chunk. */
async function* chunksOf(source: Readable | WebReadableStream<Uint8Array> | AsyncIterable<Uint8Array>) {
  if (Symbol.asyncIterator in source) {
    for await (const chunk of source as AsyncIterable<Uint8Array | string>) {
      yield typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    }
    return;
  }
  const reader = (source as WebReadableStream<Uint8Array>).getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    reader.releaseLock();
  }
}

/**
 * POST /export/upload: streams an import file to the service; answers its `fileRef`. A Buffer or a path
 * can be sent again, so those uploads are retried like reads; a stream is spent once read, so a streamed
 * upload is sent once.
 */
export async function uploadFile(
  transport: Transport,
  source: UploadSource,
  options: UploadOptions = {},
): Promise<{ fileRef: string }> {
  const isPath = typeof source === 'string';
  const isBytes = source instanceof Uint8Array;
  // A missing file fails here, before anything is sent (not as a network error of the upload).
  if (isPath && !(await stat(source)).isFile()) throw new Error(`${source} is not a file`);
  const filename = options.filename ?? (isPath ? basename(source) : 'upload.csv');
  const headers = { 'content-type': options.contentType ?? contentTypeOf(filename) };
  let used = false;
  const body = (): RequestBody => {
    if (isBytes) return { body: source, headers, streamed: false };
    if (isPath) return { body: createReadStream(source), headers, streamed: true };
    if (used) throw new Error('A stream can be sent only once');
    used = true;
    return { body: chunksOf(source), headers, streamed: true };
  };
  return transport.json<{ fileRef: string }>(
    {
      operation: 'uploadFile',
      method: 'POST',
      path: '/export/upload',
      query: { filename },
      body,
      retryable: isBytes || isPath,
    },
    // A large file takes as long as it takes; the service fails a body that stalls on its own.
    { ...options, timeoutMs: options.timeoutMs ?? 0 },
  );
}

export interface DownloadToFile extends CallOptions {
  /** Write the file here (created or replaced) instead of answering a stream. */
  to: string;
}

/**
 * GET /export/download?fileRef=: one of the tenant's files (an upload, or a job's result file) as a Node
 * Readable, or written to `options.to` (answers its path and size). 404 NOT_FOUND for an unknown ref.
 * The call's timeout covers the wait for the answer's headers; the transfer itself has none.
 */
export async function downloadFile(
  transport: Transport,
  fileRef: string,
  options?: CallOptions,
): Promise<Readable>;
export async function downloadFile(
  transport: Transport,
  fileRef: string,
  options: DownloadToFile,
): Promise<{ path: string; bytes: number }>;
export async function downloadFile(
  transport: Transport,
  fileRef: string,
  options: CallOptions & { to?: string } = {},
): Promise<Readable | { path: string; bytes: number }> {
  const answer = await transport.request(
    {
      operation: 'downloadFile',
      method: 'GET',
      path: '/export/download',
      query: { fileRef },
      retryable: true,
      accept: '*/*',
    },
    options,
    async (res) => res.body,
  );
  if (!answer.ok) throw toApiError(answer);
  const stream = answer.value
    ? Readable.fromWeb(answer.value as unknown as WebReadableStream<Uint8Array>)
    : Readable.from([]);
  if (options.to === undefined) return stream;
  let bytes = 0;
  const count = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  await pipeline(stream, count, createWriteStream(options.to));
  return { path: options.to, bytes };
}
