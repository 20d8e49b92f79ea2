import type { DbOrTrx } from '../db/knex';
import { inTransaction, notifyTenantChanged } from '../db/notify';

export interface ReferralCodeRow {
  tenant_id: string;
  code: string;
  account_id: string;
  user_id: string;
  created_at: Date;
}

/** A code with its owner's name, for lookups and the referrer name. */
export interface CodeOwner extends ReferralCodeRow {
  first_name: string | null;
  last_name: string | null;
}

export function createReferralCodesRepo(db: DbOrTrx) {
  return {
    /** Case-insensitive, on the (tenant_id, upper(code)) unique index. */
    async findOwner(tenantId: string, code: string, trx: DbOrTrx = db): Promise<CodeOwner | undefined> {
      return trx('referral_codes as c')
        .join('users as u', function joinOwner() {
          this.on('u.tenant_id', 'c.tenant_id')
            .andOn('u.account_id', 'c.account_id')
            .andOn('u.id', 'c.user_id');
        })
        .where('c.tenant_id', tenantId)
        .whereRaw('upper(c.code) = ?', [code.toUpperCase()])
        .first('c.*', 'u.first_name', 'u.last_name');
    },

    /** Which of these candidates are taken (upper-cased). */
    async takenAmong(tenantId: string, candidates: string[], trx: DbOrTrx = db): Promise<Set<string>> {
      const upper = candidates.map((c) => c.toUpperCase());
      const rows: { code: string }[] = await trx('referral_codes')
        .where('tenant_id', tenantId)
        .whereRaw('upper(code) = any(?)', [upper])
        .select(trx.raw('upper(code) as code'));
      return new Set(rows.map((r) => r.code));
    },

    /**
     * Claims a code; false when another transaction holds it (no error, so the transaction goes on).
     * A claim ends gateways' cached "unknown code" answers for the tenant when it commits.
     */
    async claim(row: Omit<ReferralCodeRow, 'created_at'>, trx: DbOrTrx): Promise<boolean> {
      return inTransaction(trx, async (t) => {
        const result = await t.raw(
          `insert into referral_codes (tenant_id, code, account_id, user_id) values (?, ?, ?, ?)
           on conflict (tenant_id, upper(code)) do nothing returning code`,
          [row.tenant_id, row.code, row.account_id, row.user_id],
        );
        const claimed = (result as { rows: unknown[] }).rows.length > 0;
        if (claimed) await notifyTenantChanged(t, row.tenant_id, 'new-code');
        return claimed;
      });
    },
  };
}
