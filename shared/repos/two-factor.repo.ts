import type { DbOrTrx } from '../db/knex';

export interface TwoFactorRow {
  operator_id: string;
  tenant_id: string;
  secret_sealed: string;
  enabled_at: Date | null;
  last_step: string | number;
}

/** Operators' TOTP secrets, recovery codes, sign-in challenges and the tenant's "require" setting. */
export function createTwoFactorRepo(db: DbOrTrx) {
  return {
    async find(operatorId: string, forUpdate = false): Promise<TwoFactorRow | undefined> {
      const q = db<TwoFactorRow>('operator_two_factor').where({ operator_id: operatorId });
      return (forUpdate ? q.forUpdate() : q).first();
    },

    /** A new pending enrolment replaces any earlier pending (never an enabled) one. */
    async upsertPending(row: {
      operator_id: string;
      tenant_id: string;
      secret_sealed: string;
    }): Promise<boolean> {
      const rows = await db.raw(
        `insert into operator_two_factor (operator_id, tenant_id, secret_sealed) values (?, ?, ?)
         on conflict (operator_id) do update set secret_sealed = excluded.secret_sealed, last_step = 0
           where operator_two_factor.enabled_at is null
         returning operator_id`,
        [row.operator_id, row.tenant_id, row.secret_sealed],
      );
      return (rows as { rows: unknown[] }).rows.length === 1;
    },

    async update(operatorId: string, patch: { enabled_at?: Date; last_step?: number }): Promise<void> {
      await db('operator_two_factor').where({ operator_id: operatorId }).update(patch);
    },

    async remove(operatorId: string): Promise<void> {
      await db('operator_two_factor').where({ operator_id: operatorId }).delete();
      await db('operator_recovery_codes').where({ operator_id: operatorId }).delete();
    },

    async replaceRecoveryCodes(operatorId: string, hashes: Buffer[]): Promise<void> {
      await db('operator_recovery_codes').where({ operator_id: operatorId }).delete();
      await db('operator_recovery_codes').insert(
        hashes.map((code_hash) => ({ operator_id: operatorId, code_hash })),
      );
    },

    /** Marks an unused recovery code used; true when there was one. */
    async useRecoveryCode(operatorId: string, hash: Buffer, at: Date): Promise<boolean> {
      const n = await db('operator_recovery_codes')
        .where({ operator_id: operatorId, code_hash: hash })
        .whereNull('used_at')
        .update({ used_at: at });
      return n === 1;
    },

    async insertChallenge(row: {
      token_hash: Buffer;
      operator_id: string;
      tenant_id: string;
      expires_at: Date;
    }) {
      await db('login_challenges').insert(row);
    },

    async findChallenge(
      hash: Buffer,
      now: Date,
    ): Promise<{ operator_id: string; tenant_id: string } | undefined> {
      return db('login_challenges')
        .where({ token_hash: hash })
        .andWhere('expires_at', '>', now)
        .first('operator_id', 'tenant_id');
    },

    async deleteChallenge(hash: Buffer): Promise<number> {
      return db('login_challenges').where({ token_hash: hash }).delete();
    },

    async deleteExpiredChallenges(now: Date): Promise<void> {
      await db('login_challenges').where('expires_at', '<=', now).delete();
    },

    async tenantRequires(tenantId: string): Promise<boolean> {
      const row = (await db('tenants').where({ id: tenantId }).first('require_two_factor')) as
        { require_two_factor: boolean } | undefined;
      return row?.require_two_factor ?? false;
    },

    async setTenantRequires(tenantId: string, required: boolean): Promise<void> {
      await db('tenants').where({ id: tenantId }).update({ require_two_factor: required });
    },
  };
}
