import type { DbOrTrx } from '../db/knex';

/** A signed-in operator's server-side session; the cookie value is known only by its SHA-256. */
export interface OperatorSessionRow {
  token_hash: Buffer;
  operator_id: string;
  tenant_id: string;
  csrf_token: string;
  /** The highest role the session may act with (a session opened by a twin switch), or null. */
  role_cap: string | null;
  created_at: Date;
  last_seen_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
}

/** A session joined with its operator and tenant: everything a request needs to act for the operator. */
export interface ResolvedSessionRow extends OperatorSessionRow {
  email: string;
  role: string;
  tenant_alias: string;
  tenant_mode: 'live' | 'test';
}

export function createOperatorSessionsRepo(db: DbOrTrx) {
  return {
    async insert(
      row: Pick<OperatorSessionRow, 'token_hash' | 'operator_id' | 'tenant_id' | 'csrf_token'> & {
        created_at: Date;
        expires_at: Date;
        role_cap?: string | null;
      },
      trx: DbOrTrx = db,
    ): Promise<void> {
      await trx('operator_sessions').insert({ ...row, last_seen_at: row.created_at });
    },

    /** The session (revoked or not), its operator's e-mail and role and its tenant, in one round trip. */
    async findWithOperator(tokenHash: Buffer, trx: DbOrTrx = db): Promise<ResolvedSessionRow | undefined> {
      return trx('operator_sessions as s')
        .join('operators as o', 'o.id', 's.operator_id')
        .join('tenants as t', 't.id', 's.tenant_id')
        .where('s.token_hash', tokenHash)
        .andWhereRaw('o.tenant_id = s.tenant_id')
        .first('s.*', 'o.email', 'o.role', 't.alias as tenant_alias', 't.mode as tenant_mode') as Promise<
        ResolvedSessionRow | undefined
      >;
    },

    async touch(tokenHash: Buffer, at: Date, trx: DbOrTrx = db): Promise<void> {
      await trx('operator_sessions').where({ token_hash: tokenHash }).update({ last_seen_at: at });
    },

    async revoke(tokenHash: Buffer, at: Date, trx: DbOrTrx = db): Promise<void> {
      await trx('operator_sessions')
        .where({ token_hash: tokenHash })
        .whereNull('revoked_at')
        .update({ revoked_at: at });
    },
    /** Ends every open session of the operator except `keepTokenHash` (when given); returns how many. */
    async revokeAllForOperator(
      tenantId: string,
      operatorId: string,
      at: Date,
      keepTokenHash: Buffer | null,
      trx: DbOrTrx = db,
    ): Promise<number> {
      const query = trx('operator_sessions')
        .where({ tenant_id: tenantId, operator_id: operatorId })
        .whereNull('revoked_at');
      if (keepTokenHash) query.whereNot({ token_hash: keepTokenHash });
      return query.update({ revoked_at: at });
    },
  };
}
