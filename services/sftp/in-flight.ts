import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { Logger } from '../../shared/logger';
import type { FileStorage } from '../../shared/storage/file-storage';
import type { TenantRef } from '../../shared/use-cases/use-case-deps';

/**
 * Uploads in flight, for the case nothing else can clean up: an SFTP server killed (SIGKILL, a crash, a
 * lost machine) while it streamed a file into storage. Each upload writes a small entry naming its stored
 * file as the storage starts writing it, keeps it fresh while it runs, and removes it once the file is
 * taken or discarded. A sweeper (on every replica sharing the folder) discards the file of an entry that
 * has not been refreshed for a while, unless a job reads it, so a cut-off upload leaves no job and no
 * file behind.
 */

export interface InFlightUploads {
  /** A storage for one upload whose write is recorded, and the call that ends the record. */
  track(storage: FileStorage, tenant: TenantRef): { storage: FileStorage; end(cleaned: boolean): void };
  /** Discards what stale entries name; resolves with how many files it removed. */
  sweep(): Promise<number>;
  close(): void;
}

const entrySchema = z.object({
  tenantId: z.string(),
  tenantAlias: z.string(),
  fileRef: z.string(),
});

export function createInFlightUploads(options: {
  dir: string;
  /** How often live entries are refreshed and stale ones swept. */
  heartbeatMs: number;
  discard: (tenant: TenantRef, fileRef: string) => Promise<boolean>;
  logger: Logger;
}): InFlightUploads {
  const { dir, heartbeatMs, logger } = options;
  // Three missed heartbeats: the server that wrote it is gone.
  const staleMs = heartbeatMs * 3;
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const live = new Set<string>();
  let sweeping: Promise<number> | undefined;

  const refresh = () => {
    const now = new Date();
    for (const file of live) fs.utimes(file, now, now, () => undefined);
  };

  const sweepOnce = async (): Promise<number> => {
    let removed = 0;
    for (const name of await fs.promises.readdir(dir)) {
      const file = path.join(dir, name);
      if (!name.endsWith('.json') || live.has(file)) continue;
      try {
        const stat = await fs.promises.stat(file);
        if (Date.now() - stat.mtimeMs < staleMs) continue;
        const entry = entrySchema.parse(JSON.parse(await fs.promises.readFile(file, 'utf8')));
        const tenant = { id: entry.tenantId, alias: entry.tenantAlias };
        if (await options.discard(tenant, entry.fileRef)) removed += 1;
        await fs.promises.rm(file, { force: true });
        logger.warn({ fileRef: entry.fileRef, tenant: tenant.alias }, 'discarded a cut-off SFTP upload');
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') continue; // another replica took it
        logger.error({ err, file }, 'could not clean up a cut-off SFTP upload');
      }
    }
    return removed;
  };

  const sweep = () => {
    sweeping ??= sweepOnce().finally(() => (sweeping = undefined));
    return sweeping;
  };

  const timer = setInterval(() => {
    refresh();
    sweep().catch((err: unknown) => logger.error({ err }, 'SFTP upload sweep failed'));
  }, heartbeatMs);
  timer.unref();

  return {
    track(storage, tenant) {
      const file = path.join(dir, `${crypto.randomUUID()}.json`);
      let ended = false;
      return {
        storage: {
          ...storage,
          async write(ref, source, writeOptions) {
            const entry = { tenantId: tenant.id, tenantAlias: tenant.alias, fileRef: ref.value };
            await fs.promises.writeFile(file, JSON.stringify(entry), { mode: 0o600 });
            if (!ended) live.add(file);
            return storage.write(ref, source, writeOptions);
          },
        },
        end(cleaned) {
          ended = true;
          live.delete(file);
          // Not cleaned (the discard itself failed): left to go stale, so a sweep tries again.
          if (cleaned) fs.rm(file, { force: true }, () => undefined);
        },
      };
    },
    sweep,
    close() {
      clearInterval(timer);
    },
  };
}
