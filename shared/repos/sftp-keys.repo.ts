import type { DbOrTrx } from '../db/knex';

/**
 * The SFTP integration's switch (tenants.sftp_enabled) and the tenant's SSH public keys (migration
 * 011-sftp.ts). Nothing is cached: SFTP servers read these at each authentication, so there is no
 * cache to notify when they change.
 */
export interface SftpKeyRow {
  id: string;
  tenant_id: string;
  fingerprint: string;
  public_key: string;
  key_type: string;
  comment: string | null;
  created_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

/** What an SFTP login needs: the tenant, if its integration is on, and the active key of that fingerprint. */
export interface SftpLoginRow {
  tenant_id: string;
  alias: string;
  mode: 'live' | 'test';
  key_id: string;
  key_type: string;
  public_key: string;
}

const newestFirst = [
  { column: 'created_at', order: 'desc' as const },
  { column: 'id', order: 'desc' as const },
];

export function createSftpKeysRepo(db: DbOrTrx) {
  return {
    /** The switch; undefined when there is no such tenant. */
    async isEnabled(tenantId: string, trx: DbOrTrx = db): Promise<boolean | undefined> {
      const row = await trx('tenants')
        .where({ id: tenantId })
        .first<{ sftp_enabled: boolean } | undefined>('sftp_enabled');
      return row?.sftp_enabled;
    },

    async setEnabled(tenantId: string, enabled: boolean, trx: DbOrTrx = db): Promise<boolean | undefined> {
      const [row] = await trx('tenants')
        .where({ id: tenantId })
        .update({ sftp_enabled: enabled })
        .returning<{ sftp_enabled: boolean }[]>('sftp_enabled');
      return row?.sftp_enabled;
    },

    /** Inserts an active key, or returns undefined when the tenant has an active key of this fingerprint. */
    async insert(
      key: {
        tenantId: string;
        fingerprint: string;
        publicKey: string;
        keyType: string;
        comment: string | null;
      },
      trx: DbOrTrx = db,
    ): Promise<SftpKeyRow | undefined> {
      const [row] = await trx('sftp_keys')
        .insert({
          tenant_id: key.tenantId,
          fingerprint: key.fingerprint,
          public_key: key.publicKey,
          key_type: key.keyType,
          comment: key.comment,
        })
        .onConflict(trx.raw('(tenant_id, fingerprint) where revoked_at is null'))
        .ignore()
        .returning<SftpKeyRow[]>('*');
      return row;
    },

    /** The tenant's active keys, newest first. */
    async listActive(tenantId: string, trx: DbOrTrx = db): Promise<SftpKeyRow[]> {
      return trx<SftpKeyRow>('sftp_keys')
        .where({ tenant_id: tenantId })
        .whereNull('revoked_at')
        .orderBy(newestFirst);
    },

    /**
     * Revokes the tenant's active key of this fingerprint. When none is active, the latest revoked one
     * is returned as it is (revoking twice changes nothing); undefined when the tenant never had it.
     */
    async revoke(tenantId: string, fingerprint: string, trx: DbOrTrx = db): Promise<SftpKeyRow | undefined> {
      const [revoked] = await trx<SftpKeyRow>('sftp_keys')
        .where({ tenant_id: tenantId, fingerprint })
        .whereNull('revoked_at')
        .update({ revoked_at: trx.fn.now() })
        .returning('*');
      if (revoked) return revoked as SftpKeyRow;
      return trx<SftpKeyRow>('sftp_keys')
        .where({ tenant_id: tenantId, fingerprint })
        .orderBy('revoked_at', 'desc')
        .first();
    },

    /**
     * One statement per authentication: the tenant of this alias with the integration on, and its
     * active key of this fingerprint; undefined otherwise.
     */
    async findLogin(
      alias: string,
      fingerprint: string,
      trx: DbOrTrx = db,
    ): Promise<SftpLoginRow | undefined> {
      return trx('tenants as t')
        .join('sftp_keys as k', 'k.tenant_id', 't.id')
        .where({ 't.alias': alias, 't.sftp_enabled': true, 'k.fingerprint': fingerprint })
        .whereNull('k.revoked_at')
        .first<SftpLoginRow | undefined>(
          't.id as tenant_id',
          't.alias',
          't.mode',
          'k.id as key_id',
          'k.key_type',
          'k.public_key',
        );
    },

    /** Records a successful login (never moves last_used_at backwards). */
    async touch(keyId: string, at: Date, trx: DbOrTrx = db): Promise<void> {
      await trx('sftp_keys')
        .where({ id: keyId })
        .andWhere((q) => q.whereNull('last_used_at').orWhere('last_used_at', '<', at))
        .update({ last_used_at: at });
    },
  };
}

export type SftpKeysRepo = ReturnType<typeof createSftpKeysRepo>;
