import type { Db } from '../../shared/db/knex';
import type { PortalTenant } from '../helpers/admin-api';
import { uid } from '../helpers/referrals';
import { identify } from '../helpers/webhook-faults';

/**
 * Conversions as a merchant's server sends them during a fault: a referred user identified with a code,
 * then the conversion (accountStatus PAID). Every answer is kept, so the checks afterwards can go
 * through them row by row. A 503 says the change is saved; the client then either retries the same
 * request until it is acknowledged (`retries`) or leaves the rest to the reconciler.
 */
export interface Answer {
  status: number;
  body: Record<string, any>;
  at: number;
}

export interface Conversion {
  accountId: string;
  userId: string;
  code: string;
  /** Whether this client retries a 503 (otherwise the reconciler must finish its referral). */
  retries: boolean;
  attribution: Answer[];
  conversion: Answer[];
}

async function send(
  api: string,
  tenant: PortalTenant,
  c: Conversion,
  body: Record<string, unknown>,
  answers: Answer[],
  retryUntil: number,
): Promise<void> {
  for (;;) {
    const res = await identify(api, tenant, c.accountId, c.userId, body);
    answers.push({ ...res, at: Date.now() });
    if (res.status !== 503 || !c.retries || Date.now() > retryUntil) return;
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** One conversion: attribution then PAID, whatever the attribution answered (a 503 saved it too). */
export async function convert(
  api: string,
  tenant: PortalTenant,
  code: string,
  retries: boolean,
  retryForMs: number,
): Promise<Conversion> {
  const c: Conversion = {
    accountId: uid('acct-conv'),
    userId: uid('user-conv'),
    code,
    retries,
    attribution: [],
    conversion: [],
  };
  const retryUntil = Date.now() + retryForMs;
  await send(api, tenant, c, { referredByCode: code }, c.attribution, retryUntil);
  await send(api, tenant, c, { accountStatus: 'PAID' }, c.conversion, retryUntil);
  return c;
}

/** The standard body of a 503 from a change that is saved but did not reach its workflow. */
export const SAVED_BUT_UNAVAILABLE = {
  statusCode: 503,
  apiErrorCode: 'SERVICE_UNAVAILABLE',
  message:
    'The change is saved, but the referral lifecycle could not be reached; retry the request to finish it',
};

/**
 * Row by row: every conversion's user exists once, its referral exists once (by the code it was sent
 * with), converted and no longer pending, with one reward for the referred side and one for the referrer;
 * and the tenant has no referral or reward beyond those (nothing stored twice or from nowhere).
 * Answers the problems found, empty when none.
 */
export async function conversionProblems(
  db: Db,
  tenantId: string,
  conversions: Conversion[],
  referrersOfCode: Map<string, string>,
): Promise<string[]> {
  const problems: string[] = [];
  const users: { account_id: string; id: string }[] = await db('users')
    .where({ tenant_id: tenantId })
    .select('account_id', 'id');
  const referrals: {
    id: string;
    referred_account_id: string;
    referrer_account_id: string;
    status: string;
    lifecycle_pending_since: Date | null;
  }[] = await db('referrals')
    .where({ tenant_id: tenantId })
    .select('id', 'referred_account_id', 'referrer_account_id', 'status', 'lifecycle_pending_since');
  const rewards: { referral_id: string; reward_source: string; account_id: string }[] = await db('rewards')
    .where({ tenant_id: tenantId })
    .select('referral_id', 'reward_source', 'account_id');
  const count = <T>(rows: T[], key: (row: T) => string) => {
    const map = new Map<string, number>();
    for (const row of rows) map.set(key(row), (map.get(key(row)) ?? 0) + 1);
    return map;
  };
  const userCount = count(users, (u) => `${u.account_id}/${u.id}`);
  const referralsOf = new Map<string, typeof referrals>();
  for (const r of referrals)
    referralsOf.set(r.referred_account_id, [...(referralsOf.get(r.referred_account_id) ?? []), r]);
  const rewardCount = count(rewards, (w) => `${w.referral_id}/${w.reward_source}/${w.account_id}`);

  for (const c of conversions) {
    const who = `${c.accountId}`;
    if (userCount.get(`${c.accountId}/${c.userId}`) !== 1) problems.push(`${who}: user not stored once`);
    const mine = referralsOf.get(c.accountId) ?? [];
    if (mine.length !== 1) {
      problems.push(`${who}: ${mine.length} referrals`);
      continue;
    }
    const r = mine[0]!;
    if (r.referrer_account_id !== referrersOfCode.get(c.code)) problems.push(`${who}: wrong referrer`);
    if (r.status !== 'CONVERTED') problems.push(`${who}: referral ${r.status}`);
    if (r.lifecycle_pending_since !== null) problems.push(`${who}: lifecycle still pending`);
    if (rewardCount.get(`${r.id}/REFERRED/${c.accountId}`) !== 1) problems.push(`${who}: referred reward`);
    if (rewardCount.get(`${r.id}/FRIEND_SIGNUP/${r.referrer_account_id}`) !== 1)
      problems.push(`${who}: referrer reward not once`);
  }
  if (referrals.length !== conversions.length)
    problems.push(`${referrals.length} referrals stored for ${conversions.length} conversions`);
  if (rewards.length !== 2 * conversions.length)
    problems.push(`${rewards.length} rewards stored for ${conversions.length} conversions`);
  return problems;
}
