/**
 * Rows dated in the past for the portal's read tests (dashboard, lists), written straight to the
 * tables: the API stamps everything with the current time. The rollup triggers of migration 010 see
 * these inserts as they see the API's writes.
 */
import type { Db } from '../../shared/db/knex';

export interface PastReferrer {
  accountId: string;
  userId: string;
  code: string;
  email?: string;
  firstName?: string;
  lastName?: string;
}

/** A referrer account with one user, an e-mail and a share code. */
export async function insertReferrer(db: Db, tenantId: string, r: PastReferrer): Promise<void> {
  await db('accounts').insert({ tenant_id: tenantId, id: r.accountId });
  await db('users').insert({
    tenant_id: tenantId,
    account_id: r.accountId,
    id: r.userId,
    email: r.email ?? null,
    first_name: r.firstName ?? null,
    last_name: r.lastName ?? null,
    share_code: r.code,
  });
  await db('referral_codes').insert({
    tenant_id: tenantId,
    code: r.code,
    account_id: r.accountId,
    user_id: r.userId,
  });
}

export interface PastReferral {
  referredAccountId: string;
  /** A user of the referred account, when given. */
  referredUserId?: string;
  referredEmail?: string;
  started: string;
  paid?: string;
  ended?: string;
  status?: 'IN_PROGRESS' | 'CONVERTED' | 'ENDED';
  /**
   * Rewards, as the API gives them: the referred's discount at `started` (attribution), the
   * referrer's (FRIEND_SIGNUP) at `paid`; both cancelled at `cancelled` when given.
   */
  rewards?: {
    referrer?: { type: 'CREDIT'; cents: number; unit: string; redeemed?: number } | { type: 'PCT_DISCOUNT' };
    referred?: boolean;
    cancelled?: string;
  };
}

/** A referral by `referrer` of a new account, with its dates (ISO instants); returns its id. */
export async function insertReferral(
  db: Db,
  tenantId: string,
  referrer: PastReferrer,
  r: PastReferral,
): Promise<string> {
  await db('accounts').insert({ tenant_id: tenantId, id: r.referredAccountId, created_at: r.started });
  if (r.referredUserId) {
    await db('users').insert({
      tenant_id: tenantId,
      account_id: r.referredAccountId,
      id: r.referredUserId,
      email: r.referredEmail ?? null,
      created_at: r.started,
    });
  }
  const status = r.status ?? (r.ended ? 'ENDED' : r.paid ? 'CONVERTED' : 'IN_PROGRESS');
  const [row] = await db('referrals')
    .insert({
      tenant_id: tenantId,
      referred_account_id: r.referredAccountId,
      referrer_account_id: referrer.accountId,
      referrer_user_id: referrer.userId,
      referral_code_used: referrer.code,
      attribution_source: 'CODE',
      status,
      date_started: r.started,
      date_paid: r.paid ?? null,
      date_ended: r.ended ?? null,
    })
    .returning('id');
  const id = (row as { id: string }).id;
  const rewards = r.rewards;
  if (rewards) {
    const cancelled = rewards.cancelled ?? null;
    const base = { tenant_id: tenantId, referral_id: id, date_cancelled: cancelled };
    const state = (fully: boolean) => (cancelled ? 'CANCELLED' : fully ? 'REDEEMED' : 'AVAILABLE');
    if (rewards.referrer && r.paid) {
      const credit = rewards.referrer.type === 'CREDIT' ? rewards.referrer : null;
      const redeemed = credit?.redeemed ?? 0;
      await db('rewards').insert({
        ...base,
        date_given: r.paid,
        account_id: referrer.accountId,
        user_id: referrer.userId,
        reward_source: 'FRIEND_SIGNUP',
        type: rewards.referrer.type,
        discount_percent: credit ? null : 10,
        amount_cents: credit?.cents ?? null,
        unit: credit?.unit ?? null,
        redeemed_cents: redeemed,
        status: state(credit !== null && redeemed === credit.cents),
        date_redeemed: credit && redeemed === credit.cents ? r.paid : null,
      });
    }
    if (rewards.referred) {
      await db('rewards').insert({
        ...base,
        date_given: r.started,
        account_id: r.referredAccountId,
        user_id: r.referredUserId ?? null,
        reward_source: 'REFERRED',
        type: 'PCT_DISCOUNT',
        discount_percent: 10,
        status: state(false),
      });
    }
  }
  return id;
}

/** Share-link visits of a code on a day (YYYY-MM-DD), added as the gateway's flush adds them. */
export async function insertClicks(db: Db, tenantId: string, code: string, day: string, clicks: number) {
  await db.raw(
    `insert into share_link_clicks (tenant_id, code, day, clicks) values (?, ?, ?, ?)
     on conflict (tenant_id, code, day) do update set clicks = share_link_clicks.clicks + excluded.clicks`,
    [tenantId, code, day, clicks],
  );
}
