import type { DbOrTrx } from '../db/knex';

/** Program logos (re-encoded PNG) and rendered share images, kept in PostgreSQL (migration 023). */
export function createHostedImagesRepo(db: DbOrTrx) {
  return {
    async findLogo(tenantId: string, hash: string, trx: DbOrTrx = db): Promise<Buffer | undefined> {
      const row = await trx('program_logos').where({ tenant_id: tenantId, hash }).first('png');
      return row?.png as Buffer | undefined;
    },

    async insertLogo(
      logo: { tenantId: string; hash: string; png: Buffer; width: number; height: number },
      trx: DbOrTrx = db,
    ): Promise<void> {
      await trx('program_logos')
        .insert({
          tenant_id: logo.tenantId,
          hash: logo.hash,
          png: logo.png,
          width: logo.width,
          height: logo.height,
        })
        .onConflict(['tenant_id', 'hash'])
        .ignore();
    },

    /** Logos no longer set (a replaced logo stays served for a day, for pages and previews cached). */
    async deleteUnusedLogos(tenantId: string, keepHash: string | null, trx: DbOrTrx = db): Promise<void> {
      await trx('program_logos')
        .where({ tenant_id: tenantId })
        .whereNot('hash', keepHash ?? '')
        .where('created_at', '<', trx.raw("now() - interval '1 day'"))
        .delete();
    },

    async findShareImage(key: ShareImageKey, trx: DbOrTrx = db): Promise<Buffer | undefined> {
      const row = await trx('share_images')
        .where({ tenant_id: key.tenantId, code: key.code, version: key.version })
        .first('png');
      return row?.png as Buffer | undefined;
    },

    async insertShareImage(key: ShareImageKey, png: Buffer, trx: DbOrTrx = db): Promise<void> {
      await trx('share_images')
        .insert({ tenant_id: key.tenantId, code: key.code, version: key.version, png })
        .onConflict(['tenant_id', 'code', 'version'])
        .ignore();
    },
  };
}

export interface ShareImageKey {
  tenantId: string;
  /** As stored (upper case). */
  code: string;
  /** A hash of everything the image shows. */
  version: string;
}
