import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { PassThrough, pipeline, type Readable } from 'node:stream';
import busboy from 'busboy';
import { AppError } from '../../../shared/errors';
import type { StoredUpload } from '../../../shared/storage/uploads';

/**
 * How long an upload runs before its average rate is held to the minimum (UPLOAD_MIN_BYTES_PER_S): 10 s,
 * or the idle timeout when that is shorter.
 */
export const UPLOAD_RATE_GRACE_MS = 10_000;
const RATE_CHECK_MS = 1000;

/**
 * The request body of an upload as a stream that fails, instead of waiting, when the client stops
 * sending for `idleMs` or, past the first 10 s, averages less than `minBytesPerS` (408 REQUEST_TIMEOUT:
 * a byte every few seconds would otherwise hold the connection for good), or goes away before the end
 * (499 CLIENT_CLOSED_REQUEST). Whoever reads it sees that failure as the stream's error; time the
 * storage spends pushing back (the request paused) does not count as the client's.
 */
export function guardUploadBody(req: IncomingMessage, idleMs: number, minBytesPerS = 0): Readable {
  const body = new PassThrough();
  let received = 0;
  let clientMs = 0;
  const rateTimer =
    minBytesPerS > 0
      ? setInterval(() => {
          if (req.isPaused()) return;
          clientMs += RATE_CHECK_MS;
          if (
            clientMs >= Math.min(UPLOAD_RATE_GRACE_MS, idleMs) &&
            received < (minBytesPerS * clientMs) / 1000
          ) {
            fail(
              new AppError(
                'REQUEST_TIMEOUT',
                `The upload is slower than ${minBytesPerS} bytes/s on average; nothing was kept`,
              ),
            );
          }
        }, RATE_CHECK_MS)
      : undefined;
  const count = (chunk: Buffer) => {
    received += chunk.length;
  };
  req.on('data', count);
  // Its readers report its failure; this keeps a failure nobody reads yet from being an unhandled event.
  body.on('error', () => undefined);
  let timer: NodeJS.Timeout | undefined;
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(onIdle, idleMs);
  };
  const stop = () => {
    clearTimeout(timer);
    clearInterval(rateTimer);
    req.off('data', count);
    req.off('data', arm);
    req.off('close', onClose);
  };
  const fail = (err: AppError) => {
    stop();
    req.unpipe(body);
    body.destroy(err);
  };
  function onIdle() {
    if (req.isPaused()) return arm();
    fail(new AppError('REQUEST_TIMEOUT', `No part of the upload arrived for ${idleMs} ms; nothing was kept`));
  }
  function onClose() {
    if (!req.complete) {
      fail(new AppError('CLIENT_CLOSED_REQUEST', 'The client closed the connection before the upload ended'));
    }
  }
  req.on('data', arm);
  req.once('end', () => {
    clearTimeout(timer);
    clearInterval(rateTimer);
  });
  req.on('close', onClose);
  body.once('close', stop);
  req.pipe(body);
  arm();
  return body;
}

function malformed(err?: unknown): AppError {
  const reason = err instanceof Error && /^[\w ,.'-]{1,80}$/.test(err.message) ? ` (${err.message})` : '';
  return new AppError('VALIDATION_FAILED', `Malformed multipart/form-data body${reason}; nothing was kept`, {
    validationErrors: [{ path: 'file', message: 'the multipart/form-data body could not be read whole' }],
  });
}

/**
 * The multipart body's part named `file`, handed to `store` as it streams; other parts are drained.
 * Resolves once that part is stored and the body has ended well. Any failure (a malformed or truncated
 * body, a timeout, the client leaving, the storage refusing the file) rejects, after the part's storage
 * has settled and a part already stored has been discarded, so nothing is kept: a malformed body is 400,
 * the other failures keep their own error.
 */
export function receiveMultipart(
  headers: IncomingHttpHeaders,
  body: Readable,
  options: {
    maxBytes: number;
    store: (name: string | undefined, stream: Readable) => Promise<StoredUpload>;
    discard: (upload: StoredUpload) => Promise<void>;
  },
): Promise<StoredUpload> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      // One byte over the limit lets the storage see the overflow instead of a silently truncated file.
      parser = busboy({
        headers,
        limits: { files: 1, fields: 20, parts: 30, fileSize: options.maxBytes + 1 },
      });
    } catch (err) {
      reject(malformed(err));
      return;
    }
    let stored: Promise<StoredUpload> | undefined;
    let failure: AppError | undefined;
    const fail = (err: unknown) => {
      if (failure) return;
      failure = err instanceof AppError ? err : malformed(err);
      parser.destroy();
      const settled = stored ? stored.then(options.discard, () => undefined) : Promise.resolve();
      settled.catch(() => undefined).finally(() => reject(failure));
    };
    parser.on('file', (field, stream, info) => {
      // Listening at once: the part may fail while the storage is still getting ready to read it.
      stream.on('error', () => undefined);
      if (field !== 'file' || stored) {
        stream.resume();
        return;
      }
      stored = options.store(info.filename, stream);
      stored.catch(fail);
    });
    parser.on('error', fail);
    parser.on('close', () => {
      if (failure) return;
      if (!stored) {
        fail(
          new AppError('VALIDATION_FAILED', 'The upload has no part named "file"', {
            validationErrors: [
              { path: 'file', message: 'a multipart/form-data part named file is required' },
            ],
          }),
        );
        return;
      }
      stored.then(resolve, fail);
    });
    // A failing body destroys the parser with its error, and the parser the part's stream.
    pipeline(body, parser, () => undefined);
  });
}
