import type { Readable } from 'node:stream';

/**
 * A file opened for reading over SFTP. Clients ask for pieces by offset, usually many at once and in
 * order; a stored file is read as one stream that follows those offsets (reopened only when a client
 * jumps), so a download neither loads the file whole nor opens it once per piece.
 */
export interface ReadHandle {
  readonly size: number;
  /** Up to `length` bytes from `offset`; null at the end of the file. */
  read(offset: number, length: number): Promise<Buffer | null>;
  close(): void;
}

/** A small file made in memory (a `/status/` document). */
export function bufferHandle(content: Buffer): ReadHandle {
  return {
    size: content.length,
    async read(offset, length) {
      if (offset >= content.length) return null;
      return content.subarray(offset, Math.min(content.length, offset + length));
    },
    close() {},
  };
}

/** A file in storage (a `/results/` file), streamed from `open(start)`. */
export function streamHandle(
  size: number,
  open: (start: number) => Promise<Readable | undefined>,
): ReadHandle {
  let stream: Readable | undefined;
  let chunks: AsyncIterator<Buffer> | undefined;
  let position = 0;
  let pending: Buffer = Buffer.alloc(0);
  let queue: Promise<unknown> = Promise.resolve();

  const reopen = async (offset: number) => {
    stream?.destroy();
    stream = await open(offset);
    chunks = stream?.[Symbol.asyncIterator]() as AsyncIterator<Buffer> | undefined;
    position = offset;
    pending = Buffer.alloc(0);
  };

  const readNow = async (offset: number, length: number): Promise<Buffer | null> => {
    if (offset >= size) return null;
    if (!chunks || offset !== position) await reopen(offset);
    while (pending.length < length && chunks) {
      const next = await chunks.next();
      if (next.done) break;
      pending = pending.length === 0 ? next.value : Buffer.concat([pending, next.value]);
    }
    if (pending.length === 0) return null;
    const piece = pending.subarray(0, length);
    pending = pending.subarray(piece.length);
    position += piece.length;
    return piece;
  };

  return {
    size,
    read(offset, length) {
      // One at a time, in the order asked: pipelined requests then find the stream where they expect it.
      const result = queue.then(() => readNow(offset, length));
      queue = result.catch(() => undefined);
      return result;
    },
    close() {
      stream?.destroy();
      stream = undefined;
      chunks = undefined;
    },
  };
}
