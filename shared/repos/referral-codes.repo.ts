import type { DbOrTrx } from '../db/knex';
import { inTransaction, notifyTenantChanged } from '../db/notify';
import { RETIRED_SHARE_CODE_GRACE_DAYS } from '../types/hand-actions';
import { DEFAULT_PROGRAM_ID } from '../types/program';

/** A retired code resolves while it was retired less than the grace period ago. */
const IN_GRACE = `r.retired_at > clock_timestamp() - (? * interval '1 day')`;

export interface ReferralCodeRow {
  tenant_id: string;
  code: string;
  account_id: string;
  user_id: string;
  /** The program the code shares (migration 032). */
  program_id: string;
  created_at: Date;
}

/** A code with its owner's name, for lookups and the referrer name. */
export interface CodeOwner extends ReferralCodeRow {
  first_name: string | null;
  last_name: string | null;
}

export function createReferralCodesRepo(db: DbOrTrx) {
  return {
    /**
     * Case-insensitive, on the (tenant_id, upper(code)) unique index; a code an operator replaced still
     * finds its user for RETIRED_SHARE_CODE_GRACE_DAYS after the change (`retired_share_codes`).
     */
    async findOwner(tenantId: string, code: string, trx: DbOrTrx = db): Promise<CodeOwner | undefined> {
      // One round trip either way, so a known and an unknown code cost the same lookups.
      const upper = code.toUpperCase();
      const { rows } = await trx.raw<{ rows: CodeOwner[] }>(
        `select x.tenant_id, x.code, x.account_id, x.user_id, x.program_id, x.created_at,
                u.first_name, u.last_name
         from (
           select c.tenant_id, c.code, c.account_id, c.user_id, c.program_id, c.created_at, 0 as retired
           from referral_codes c where c.tenant_id = ? and upper(c.code) = ?
           union all
           select r.tenant_id, r.code, r.account_id, r.user_id, r.program_id, r.created_at, 1 as retired
           from retired_share_codes r where r.tenant_id = ? and upper(r.code) = ? and ${IN_GRACE}
         ) x
         join users u on u.tenant_id = x.tenant_id and u.account_id = x.account_id and u.id = x.user_id
         order by x.retired
         limit 1`,
        [tenantId, upper, tenantId, upper, RETIRED_SHARE_CODE_GRACE_DAYS],
      );
      return rows[0];
    },

    /**
     * Moves a user's code to `retired_share_codes` (it keeps resolving for the grace period); the user's
     * live codes lose it. Gateways drop their cached answers for the tenant's codes at commit.
     */
    async retire(
      tenantId: string,
      accountId: string,
      userId: string,
      code: string,
      trx: DbOrTrx,
    ): Promise<void> {
      const key = { tenant_id: tenantId, account_id: accountId, user_id: userId };
      const removed: ReferralCodeRow[] = await trx('referral_codes')
        .where(key)
        .whereRaw('upper(code) = ?', [code.toUpperCase()])
        .delete()
        .returning('*');
      for (const row of removed) {
        await trx.raw(
          `insert into retired_share_codes (tenant_id, code, account_id, user_id, program_id, created_at)
           values (?, ?, ?, ?, ?, ?)
           on conflict (tenant_id, upper(code)) do update
             set account_id = excluded.account_id, user_id = excluded.user_id,
                 program_id = excluded.program_id, retired_at = clock_timestamp()`,
          [row.tenant_id, row.code, row.account_id, row.user_id, row.program_id, row.created_at],
        );
      }
      await notifyTenantChanged(trx, tenantId, 'codes');
    },

    /** Who holds a retired code still in its grace period (case-insensitive), if anyone. */
    async retiredHolder(
      tenantId: string,
      code: string,
      trx: DbOrTrx = db,
    ): Promise<{ account_id: string; user_id: string } | undefined> {
      return trx('retired_share_codes as r')
        .where('r.tenant_id', tenantId)
        .whereRaw('upper(r.code) = ?', [code.toUpperCase()])
        .whereRaw(IN_GRACE, [RETIRED_SHARE_CODE_GRACE_DAYS])
        .first('r.account_id', 'r.user_id');
    },

    /** Takes a retired code back out of `retired_share_codes` (its user claims it again). */
    async unretire(tenantId: string, code: string, trx: DbOrTrx): Promise<void> {
      await trx('retired_share_codes')
        .where('tenant_id', tenantId)
        .whereRaw('upper(code) = ?', [code.toUpperCase()])
        .delete();
    },

    /**
     * Which of these candidates are taken (upper-cased): one probe of the (tenant_id, upper(code)) index
     * per candidate. Written as a probe per candidate rather than `upper(code) = any(...)`: with
     * statistics taken while the tenant was small, the planner answered that form by reading every code of
     * the tenant (6.4 million rows for a 1,146-name chunk, 4.4 s) instead of probing, so a big import
     * slowed as it grew (test/integration/analytics/stale-statistics-plans.test.ts).
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
    async claim(
      row: Omit<ReferralCodeRow, 'created_at' | 'program_id'> & { program_id?: string },
      trx: DbOrTrx,
    ): Promise<boolean> {
      return inTransaction(trx, async (t) => {
        const result = await t.raw(
          `insert into referral_codes (tenant_id, code, account_id, user_id, program_id) values (?, ?, ?, ?, ?)
           on conflict (tenant_id, upper(code)) do nothing returning code`,
          [row.tenant_id, row.code, row.account_id, row.user_id, row.program_id ?? DEFAULT_PROGRAM_ID],
        );
        const claimed = (result as { rows: unknown[] }).rows.length > 0;
        if (claimed) await notifyTenantChanged(t, row.tenant_id, 'new-code');
        return claimed;
      });
    },

    /** The user's live code in a program other than the default (the newest, if several). */
    async userCodeIn(
      tenantId: string,
      accountId: string,
      userId: string,
      programId: string,
      trx: DbOrTrx = db,
    ): Promise<string | undefined> {
      const row = await trx<ReferralCodeRow>('referral_codes')
        .where({ tenant_id: tenantId, account_id: accountId, user_id: userId, program_id: programId })
        .orderBy('created_at', 'desc')
        .first('code');
      return row?.code;
    },
  };
}
