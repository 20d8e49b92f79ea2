import crypto from 'node:crypto';
import type { Db } from '../../db/knex';
import { createHostedImagesRepo, type ShareImageKey } from '../../repos/hosted-images.repo';

/**
 * A share link's preview image, rendered at most once per (program settings version, code) across every
 * gateway: a process joins a render already in flight for the same key, and processes agree through
 * PostgreSQL: a transaction-scoped advisory lock on the key, then a second look for the stored image,
 * so a renderer waiting on the lock finds what the first one stored instead of rendering again.
 */
export interface ShareImages {
  get(key: ShareImageKey, render: () => Promise<Buffer> | Buffer): Promise<Buffer>;
}

/** A short content hash of everything an image shows: its version. */
export function imageVersion(parts: unknown): string {
  return crypto.createHash('sha256').update(JSON.stringify(parts)).digest('base64url').slice(0, 16);
}

export function createShareImages(db: Db, onRender: () => void = () => {}): ShareImages {
  const repo = createHostedImagesRepo(db);
  const flights = new Map<string, Promise<Buffer>>();

  async function load(key: ShareImageKey, render: () => Promise<Buffer> | Buffer): Promise<Buffer> {
    const stored = await repo.findShareImage(key);
    if (stored) return stored;
    return db.transaction(async (trx) => {
      await trx.raw('select pg_advisory_xact_lock(hashtextextended(?, 30))', [
        `share-image ${key.tenantId} ${key.code} ${key.version}`,
      ]);
      const again = await repo.findShareImage(key, trx);
      if (again) return again;
      const png = await render();
      onRender();
      await repo.insertShareImage(key, png, trx);
      return png;
    });
  }

  return {
    get(key, render) {
      const id = `${key.tenantId} ${key.code} ${key.version}`;
      let flight = flights.get(id);
      if (!flight) {
        flight = load(key, render).finally(() => flights.delete(id));
        flights.set(id, flight);
      }
      return flight;
    },
  };
}
