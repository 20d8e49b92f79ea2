import { AppError } from '../../shared/errors';
import type { Logger } from '../../shared/logger';
import type { SftpUpload, SftpUploadOutcome } from '../../shared/use-cases/sftp-upload';

/**
 * One file being written over SFTP. Its bytes go straight on to storage (shared/use-cases/sftp-upload.ts);
 * each WRITE is answered only once its bytes are on their way, so a client that sends faster than storage
 * takes them waits for its answers instead of filling memory (OpenSSH keeps at most 64 writes of 32 KB
 * unanswered). Writes must come in order: resuming or writing at random offsets is refused.
 */
export class UploadHandle {
  private offset = 0;
  private failure: string | undefined;
  private settled = false;
  private readonly openedAt = performance.now();

  constructor(
    private readonly upload: SftpUpload,
    private readonly onEnd: (cleaned: boolean) => void,
    private readonly logger: Logger,
  ) {
    upload.sink.on('error', (err) => {
      this.failure ??= messageOf(err, logger);
    });
  }

  get size(): number {
    return this.offset;
  }

  write(offset: number, data: Buffer, reply: (error?: string) => void): void {
    if (this.failure !== undefined) return reply(this.failure);
    if (offset !== this.offset) {
      this.failure = `writes must follow each other from offset 0 (expected ${this.offset}, got ${offset}); upload the whole file again`;
      void this.abort(new Error('write out of order'));
      return reply(this.failure);
    }
    this.offset += data.length;
    // No copy: ssh2 hands a view of the buffer this packet was read and decrypted into, which it never
    // reuses, so storage may hold it until written.
    this.upload.sink.write(data, (err) => {
      if (err) reply(this.failure ?? messageOf(err, this.logger));
      else reply();
    });
  }

  /** The client's CLOSE: the file is complete, take it. Resolves with the error text to answer, if any. */
  async close(): Promise<{ outcome?: SftpUploadOutcome; error?: string }> {
    if (this.failure !== undefined) {
      await this.abort(new Error(this.failure));
      return { error: this.failure };
    }
    if (this.settled) return { error: 'the upload was already closed' };
    this.settled = true;
    const receivedMs = Math.round(performance.now() - this.openedAt);
    this.logger.info({ bytes: this.offset, receivedMs }, 'SFTP upload received; taking it');
    try {
      const outcome = await this.upload.finish();
      this.onEnd(true);
      return { outcome };
    } catch (err) {
      // finish() keeps nothing it refused; a job saved but not started keeps the file it reads.
      this.onEnd(true);
      return { error: messageOf(err, this.logger) };
    }
  }

  /**
   * The connection went away (or the write order broke): keep nothing. A client that drops its own upload
   * is no fault of the server's: logged at info, without a stack.
   */
  async abort(reason: Error): Promise<void> {
    if (this.settled) return;
    this.settled = true;
    // Set first: the sink's error event and writes still waiting then answer with it, logging nothing.
    this.failure ??= 'the upload was cut off';
    this.logger.info({ bytes: this.offset, reason: reason.message }, 'SFTP upload dropped; discarding it');
    try {
      await this.upload.abort(reason);
      this.onEnd(true);
    } catch (err) {
      this.logger.error({ err }, 'could not discard a cut-off SFTP upload');
      this.onEnd(false);
    }
  }
}

/** What a client may read about a failure: an AppError's message, else a generic text (logged). */
export function messageOf(err: unknown, logger: Logger): string {
  if (err instanceof AppError) return err.message;
  if ((err as NodeJS.ErrnoException)?.code === 'ERR_STREAM_DESTROYED') return 'the upload was cut off';
  logger.error({ err }, 'SFTP upload failed');
  return 'the upload failed; try again';
}
