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

    /**
     * Which of these candidates are taken (upper-cased): one probe of the (tenant_id, upper(code)) index
     * per candidate. Written as a probe per candidate rather than `upper(code) = any(...)`: with
     * statistics taken while the tenant was small, the planner answered that form by reading every code of
     * the tenant (6.4 million rows for a 1,146-name chunk, 4.4 s) instead of probing, so a big import
     * slowed as it grew (test/integration/stale-statistics-plans.test.ts).
     */
    async takenAmong(tenantId: string, candidates: string[], trx: DbOrTrx = db): Promise<Set<string>> {
      const upper = [...new Set(candidates.map((c) => c.toUpperCase()))];
      const { rows } = await trx.raw<{ rows: { code: string }[] }>(
        // LATERAL ... LIMIT 1 cannot be turned into a join that hashes the tenant's codes: it stays a probe.
        `select c.code from unnest(?::text[]) as c(code)
           cross join lateral (
             select 1 from referral_codes r where r.tenant_id = ? and upper(r.code) = c.code limit 1) hit`,
        [upper, tenantId],
      );
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
