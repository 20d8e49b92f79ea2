import { notifyTenantChanged } from '../db/notify';
import { randomCode } from '../domain/referrals/share-codes';
import { createReferralCodesRepo } from '../repos/referral-codes.repo';
import type { ChunkContext } from './rows';

/**
 * A share code for each user of a run, distinct within the run and free when looked at: the name's code
 * when no one holds it, else the name's first letters with a random tail (a random code without a name).
 */
export async function proposeShareCodes(ctx: ChunkContext, bases: (string | null)[]): Promise<string[]> {
  const wanted = [...new Set(bases.flatMap((b) => (b ? [b.slice(0, 15)] : [])))];
  const used = await createReferralCodesRepo(ctx.trx).takenAmong(ctx.tenant.id, wanted, ctx.trx);
  return bases.map((base) => {
    if (!base) return randomCode();
    const code = base.slice(0, 15);
    if (used.has(code)) return `${base.slice(0, 9)}${randomCode(6)}`;
    used.add(code);
    return code;
  });
}

/**
 * Claims the codes users were given in referral_codes. A code a concurrent writer claimed since it was
 * proposed is replaced: those users get fresh codes (the name's first letters when its `base` is given,
 * as proposeShareCodes falls back), by rounds of random tails until each has one.
 * Answers the replacements, by `account_id NUL user_id`.
 */
export async function claimShareCodes(
  ctx: ChunkContext,
  users: { account_id: string; id: string; share_code: string; base?: string | null }[],
): Promise<Map<string, string>> {
  const replacements = new Map<string, string>();
  if (users.length === 0) return replacements;
  const { trx } = ctx;
  const claim = async (codes: string[], owners: typeof users) => {
    const won = await trx.raw<{ rows: { code: string; account_id: string; user_id: string }[] }>(
      `insert into referral_codes (tenant_id, code, account_id, user_id)
       select ?, code, account_id, user_id from unnest(?::text[], ?::text[], ?::text[]) as t(code, account_id, user_id)
       on conflict do nothing
       returning code, account_id, user_id`,
      [ctx.tenant.id, codes, owners.map((u) => u.account_id), owners.map((u) => u.id)],
    );
    const wonBy = new Set(won.rows.map((w) => `${w.account_id}\u0000${w.user_id}`));
    return { won: won.rows, lost: owners.filter((u) => !wonBy.has(`${u.account_id}\u0000${u.id}`)) };
  };
  let { lost } = await claim(
    users.map((u) => u.share_code),
    users,
  );
  const replaced: { code: string; account_id: string; user_id: string }[] = [];
  for (let round = 0; lost.length > 0; round += 1) {
    if (round > 20) throw new Error('could not find free share codes');
    // As a proposal falls back: the name's first letters with a random tail, or a random code.
    const attempt = await claim(
      lost.map((u) => (u.base ? `${u.base.slice(0, 9)}${randomCode(6)}` : randomCode())),
      lost,
    );
    replaced.push(...attempt.won);
    lost = attempt.lost;
  }
  if (replaced.length > 0) {
    await trx.raw(
      `update users u set share_code = t.code
         from unnest(?::text[], ?::text[], ?::text[]) as t(code, account_id, user_id)
        where u.tenant_id = ? and u.account_id = t.account_id and u.id = t.user_id`,
      [
        replaced.map((c) => c.code),
        replaced.map((c) => c.account_id),
        replaced.map((c) => c.user_id),
        ctx.tenant.id,
      ],
    );
  }
  await notifyTenantChanged(trx, ctx.tenant.id, 'new-code');
  for (const c of replaced) replacements.set(`${c.account_id}\u0000${c.user_id}`, c.code);
  return replacements;
}
