import type { Db } from '../shared/db/knex';

/**
 * The admin portal bench's data (bench/portal.ts), written with set-based SQL (generate_series) so a
 * million referrals take minutes rather than hours: `referrers` accounts, each with one user, e-mail
 * and share code; one referred account (with its user) per referral, started uniformly over the last
 * `days` days by a referrer drawn with a mild skew (a few busy referrers, a long tail); ~30% converted
 * and ~5% ended within 30 days of the start, when that is past; rewards as the API gives them (every
 * referred friend a 10% discount at attribution, cancelled when the referral ended; the referrer 10.00
 * USD of credit per conversion, a fifth of it redeemed in full and a fifth in part); and share-link
 * clicks per code and day (three visits per referral started that day, plus one). Everything is
 * under one tenant, so deleting the tenant's rows (or dropping the bench database) undoes it.
 */
export interface PortalSeedSize {
  referrals: number;
  referrers: number;
  days: number;
}

export interface PortalSeedSample {
  /** A referrer's e-mail, account and code (one of the busier ones): what the searches look for. */
  email: string;
  accountId: string;
  code: string;
}

/** Runs one statement and reports its duration on stderr. */
async function step(db: Db, what: string, sql: string, bindings: Record<string, unknown>) {
  const started = Date.now();
  await db.raw(sql, bindings as never);
  process.stderr.write(`seed: ${what} (${((Date.now() - started) / 1000).toFixed(1)} s)\n`);
}

export async function seedPortalData(
  db: Db,
  tenantId: string,
  size: PortalSeedSize,
): Promise<PortalSeedSample> {
  const b = { t: tenantId, r: size.referrers, n: size.referrals, days: size.days };
  await step(
    db,
    `${size.referrers} referrer accounts`,
    `insert into accounts (tenant_id, id, created_at, first_user_at)
     select :t, 'ref-' || i, c, c
     from (select i, now() - random() * interval '730 days' as c from generate_series(1, :r::int) i) x`,
    b,
  );
  await step(
    db,
    'referrer users',
    `insert into users (tenant_id, account_id, id, email, first_name, last_name, share_code, created_at)
     select a.tenant_id, a.id, 'user-' || substr(a.id, 5), 'referrer' || substr(a.id, 5) || '@example.com',
            'Ref' || substr(a.id, 5), 'Errer', 'RCODE' || substr(a.id, 5), a.created_at
     from accounts a where a.tenant_id = :t and a.id like 'ref-%'`,
    b,
  );
  await step(
    db,
    'referrer codes',
    `insert into referral_codes (tenant_id, code, account_id, user_id, created_at)
     select tenant_id, share_code, account_id, id, created_at from users
     where tenant_id = :t and share_code is not null`,
    b,
  );
  // One row per referral to come: start, referrer (skewed towards low numbers), fate.
  await step(
    db,
    `${size.referrals} planned referrals`,
    `create unlogged table portal_seed_plan as
     select i, started, referrer, settled,
            case when settled >= now() then 'IN_PROGRESS' when fate < 0.30 then 'CONVERTED'
                 when fate < 0.35 then 'ENDED' else 'IN_PROGRESS' end as outcome
     from (select i, s as started, 1 + floor(:r::int * power(random(), 1.5))::int as referrer,
                  random() as fate, s + random() * interval '30 days' as settled
           from (select i, now() - random() * (:days::int * interval '1 day') as s
                 from generate_series(1, :n::int) i) x) y`,
    b,
  );
  try {
    await step(
      db,
      'referred accounts',
      `insert into accounts (tenant_id, id, created_at, first_user_at, first_paid_at, subscription_status)
       select :t, 'acct-' || i, started, started, case when outcome = 'CONVERTED' then settled end,
              case outcome when 'CONVERTED' then 'PAID' when 'ENDED' then 'CANCELLED' else 'TRIAL' end
       from portal_seed_plan`,
      b,
    );
    await step(
      db,
      'referred users',
      `insert into users (tenant_id, account_id, id, email, first_name, last_name, created_at)
       select :t, 'acct-' || i, 'friend-' || i, 'friend' || i || '@example.com', 'Friend', 'No' || i, started
       from portal_seed_plan`,
      b,
    );
    await step(
      db,
      'referrals',
      `insert into referrals (tenant_id, referred_account_id, referrer_account_id, referrer_user_id,
                              referral_code_used, attribution_source, status, date_started, date_paid, date_ended)
       select :t, 'acct-' || i, 'ref-' || referrer, 'user-' || referrer, 'RCODE' || referrer,
              case when i % 10 = 0 then 'COOKIE' else 'CODE' end, outcome, started,
              case when outcome = 'CONVERTED' then settled end,
              case when outcome = 'ENDED' then settled end
       from portal_seed_plan`,
      b,
    );
  } finally {
    await db.raw('drop table if exists portal_seed_plan');
  }
  await step(
    db,
    "referred friends' discounts (given at attribution, cancelled when ended)",
    `insert into rewards (tenant_id, account_id, referral_id, reward_source, type, discount_percent, status,
                          date_given, date_cancelled)
     select tenant_id, referred_account_id, id, 'REFERRED', 'PCT_DISCOUNT', 10,
            case when status = 'ENDED' then 'CANCELLED' else 'AVAILABLE' end, date_started,
            case when status = 'ENDED' then date_ended end
     from referrals where tenant_id = :t`,
    b,
  );
  await step(
    db,
    "referrers' credit for conversions (some redeemed)",
    `insert into rewards (tenant_id, account_id, user_id, referral_id, reward_source, type, amount_cents, unit,
                          redeemed_cents, status, date_given, date_redeemed)
     select tenant_id, referrer_account_id, referrer_user_id, id, 'FRIEND_SIGNUP', 'CREDIT', 1000, 'USD',
            redeemed, case when redeemed = 1000 then 'REDEEMED' else 'AVAILABLE' end, date_paid,
            case when redeemed = 1000 then date_paid end
     from (select r.*, case abs(hashtext(r.id::text)) % 5 when 0 then 1000 when 1 then 400 else 0 end as redeemed
           from referrals r where r.tenant_id = :t and r.status = 'CONVERTED') x`,
    b,
  );
  await step(
    db,
    'share-link clicks per code and day',
    `insert into share_link_clicks (tenant_id, code, day, clicks)
     select :t, referral_code_used, (date_started at time zone 'UTC')::date, 3 * count(*) + 1
     from referrals where tenant_id = :t
     group by 2, 3`,
    b,
  );
  await step(
    db,
    'analyze',
    'analyze accounts, users, referral_codes, referrals, rewards, share_link_clicks',
    {},
  );
  const { rows } = await db.raw<{ rows: { email: string; account_id: string; code: string }[] }>(
    `select u.email, u.account_id, u.share_code as code from users u
     where u.tenant_id = ? and u.account_id = 'ref-' || ? limit 1`,
    [tenantId, Math.max(1, Math.floor(size.referrers / 50))],
  );
  const sample = rows[0]!;
  return { email: sample.email, accountId: sample.account_id, code: sample.code };
}
