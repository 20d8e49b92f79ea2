import type { Db } from '../shared/db/knex';

/**
 * The search bench's data (bench/search.ts), written with set-based SQL (generate_series): `referrers`
 * accounts with one user each, and `referrals` referred accounts (each with its user) referred by them.
 * Names come from 30 syllables (some accented: "zë", "ïa", "dé", "hé", "có"), two for a first name
 * (900 of them) and three for a last name (27,000), so a first name is shared by about 1 in 900 people, as
 * in a real customer base; every 1,000th person is "Priya Shah" and every 1,000th (offset 1) "Maïa
 * Dupont", the names the bench looks for. E-mails are the unaccented name with the row number.
 * The trigram indexes are dropped for the load and rebuilt after it from their own definitions
 * (a build is far faster than a million inserts into a GIN index).
 */
const SEARCH_INDEXES = ['users_search_trgm_idx', 'accounts_search_trgm_idx', 'referrals_id_prefix_idx'];

const SYLLABLES = `array['ka','lo','mi','ra','zë','an','ti','so','el','ma','ïa','no','be','ju','li','sa','dé','ro','ne','vi','ta','lu','có','pe','ri','ga','fo','yu','hé','da']`;

/** The person of row `i` (a SQL expression of column `i`): first name, last name. */
const FIRST = `case when i % 1000 = 0 then 'Priya' when i % 1000 = 1 then 'Maïa'
  else initcap((${SYLLABLES})[1 + i % 30] || (${SYLLABLES})[1 + (i / 30) % 30]) end`;
const LAST = `case when i % 1000 = 0 then 'Shah' when i % 1000 = 1 then 'Dupont'
  else initcap((${SYLLABLES})[1 + (i / 7) % 30] || (${SYLLABLES})[1 + (i / 211) % 30] || (${SYLLABLES})[1 + (i / 13) % 30]) end`;

async function step(db: Db, what: string, sql: string, bindings: Record<string, unknown> = {}) {
  const started = Date.now();
  await db.raw(sql, bindings as never);
  process.stderr.write(`seed: ${what} (${((Date.now() - started) / 1000).toFixed(1)} s)\n`);
}

export interface SearchSample {
  /** A referred account's id and a referral id (for the exact anchor and partial-id searches). */
  accountId: string;
  referralId: string;
  code: string;
}

export async function seedSearchData(
  db: Db,
  tenantId: string,
  size: { referrals: number; referrers: number },
): Promise<SearchSample> {
  const b = { t: tenantId, r: size.referrers, n: size.referrals };
  const defs = (
    await db.raw<{ rows: { indexdef: string; indexname: string }[] }>(
      'select indexname, indexdef from pg_indexes where indexname = any(?)',
      [SEARCH_INDEXES],
    )
  ).rows;
  for (const d of defs) await db.raw(`drop index ${d.indexname}`);
  await step(
    db,
    'people (referrers and friends) as a plan',
    `create unlogged table search_seed_people as
     select i, ${FIRST} as first_name, ${LAST} as last_name,
            case when i <= :r::int then 'ref-' || i else 'acct-' || i end as account_id,
            now() - random() * interval '730 days' as created_at
     from generate_series(1, :r::int + :n::int) i`,
    b,
  );
  try {
    await step(
      db,
      'accounts',
      'insert into accounts (tenant_id, id, created_at) select :t, account_id, created_at from search_seed_people',
      b,
    );
    await step(
      db,
      'users',
      `insert into users (tenant_id, account_id, id, email, first_name, last_name, share_code, created_at)
       select :t, account_id, 'user-' || i,
              lower(unaccent(first_name || '.' || last_name)) || i || '@example.' || (array['com','net','org'])[1 + i % 3],
              first_name, last_name, 'CODE' || upper(to_hex(i::bigint * 7919)), created_at
       from search_seed_people`,
      b,
    );
    await step(
      db,
      'share codes',
      `insert into referral_codes (tenant_id, code, account_id, user_id, created_at)
       select tenant_id, share_code, account_id, id, created_at from users where tenant_id = :t`,
      b,
    );
    await step(
      db,
      'referrals',
      `insert into referrals (tenant_id, referred_account_id, referrer_account_id, referrer_user_id,
                              referral_code_used, attribution_source, status, date_started)
       select :t, account_id, 'ref-' || k, 'user-' || k, 'CODE' || upper(to_hex(k::bigint * 7919)), 'CODE',
              'IN_PROGRESS', created_at
       from (select p.*, 1 + floor(:r::int * power(random(), 1.5))::int as k
             from search_seed_people p where p.i > :r::int offset 0) x`,
      b,
    );
  } finally {
    await db.raw('drop table if exists search_seed_people');
  }
  for (const d of defs) await step(db, `rebuild ${d.indexname}`, d.indexdef);
  await step(db, 'vacuum analyze', 'vacuum analyze accounts, users, referral_codes, referrals');
  const { rows } = await db.raw<{
    rows: { id: string; referred_account_id: string; referral_code_used: string }[];
  }>(
    `select id, referred_account_id, referral_code_used from referrals where tenant_id = ? and referred_account_id = ?`,
    [tenantId, `acct-${size.referrers + 4321}`],
  );
  const r = rows[0]!;
  return { accountId: r.referred_account_id, referralId: r.id, code: r.referral_code_used };
}
