import type { Knex } from 'knex';

/**
 * What makes the admin portal's reads fast on a tenant with a million referrals (measured by
 * bench/portal.ts, recorded in BENCHMARKS.md): indexes for the referral and account lists, their
 * filters and searches, and the leaderboard; and a daily rollup for the dashboard's counters.
 *
 * The rollup: counting a year of referrals, clicks and rewards per day means reading ~3 million rows
 * (0.4-1 s here), so the dashboard reads per-day totals instead, kept by statement-level triggers in the
 * same transaction as the change (exact at every commit, whatever writes: API, imports, workflows,
 * direct SQL). Each backend adds to its own shard row (pg_backend_pid() % 16), so concurrent writers of
 * one tenant and day rarely wait on each other's row lock; a read sums the shards (≤ 16 rows a day).
 * Triggers are statement-level with transition tables, so a bulk write adds one row per day and shard,
 * not one per written row. TRUNCATE is not tracked (nothing truncates these tables outside tests).
 */

/** Every tenant's counters per UTC day, in shards; a day's value is the sum of its shards. */
export const DAILY = 'portal_daily_stats';
/** Every tenant's credit outstanding (AVAILABLE credit rewards' amount minus redeemed) per unit, in shards. */
export const CREDIT = 'portal_credit_stats';
export const SHARD = '(pg_backend_pid() % 16)::smallint';

/** The transition rows of a statement with a sign: +1 for rows written, -1 for rows replaced or deleted. */
export function deltas(op: 'insert' | 'update' | 'delete', columns: string): string {
  const added = `select ${columns}, 1 as sign from new_rows`;
  const removed = `select ${columns}, -1 as sign from old_rows`;
  if (op === 'insert') return added;
  if (op === 'delete') return removed;
  return `${added} union all ${removed}`;
}

/**
 * Adds the deltas to the daily rollup: rows grouped by tenant and day (in that order, so concurrent
 * statements take row locks in one order), zero sums skipped, a tenant being deleted skipped (its
 * rollup rows go with it, by the foreign key).
 */
export function addDaily(source: string, counter: string): string {
  return `
    insert into ${DAILY} as s (tenant_id, day, shard, ${counter})
    select d.tenant_id, d.day, ${SHARD}, sum(d.n)
    from (${source}) d
    where exists (select 1 from tenants t where t.id = d.tenant_id)
    group by d.tenant_id, d.day
    having sum(d.n) <> 0
    order by d.tenant_id, d.day
    on conflict (tenant_id, day, shard) do update set ${counter} = s.${counter} + excluded.${counter};`;
}

export const utcDay = (column: string) => `(${column} at time zone 'UTC')::date`;

/** The body of one trigger function per table and operation. */
const triggerBodies: Record<string, (op: 'insert' | 'update' | 'delete') => string> = {
  referrals: (op) => {
    const src = `(${deltas(op, 'tenant_id, date_started, date_paid')})`;
    return [
      addDaily(`select tenant_id, ${utcDay('date_started')} as day, sign as n from ${src} r`, 'started'),
      addDaily(
        `select tenant_id, ${utcDay('date_paid')} as day, sign as n from ${src} r where date_paid is not null`,
        'converted',
      ),
    ].join('\n');
  },
  rewards: (op) => {
    const src = `(${deltas(op, 'tenant_id, date_given, status, type, unit, amount_cents, redeemed_cents')})`;
    return `${addDaily(
      `select tenant_id, ${utcDay('date_given')} as day, sign as n from ${src} r where status <> 'CANCELLED'`,
      'rewards_given',
    )}
    insert into ${CREDIT} as c (tenant_id, unit, shard, outstanding_cents)
    select r.tenant_id, r.unit, ${SHARD}, sum(r.sign * (r.amount_cents - r.redeemed_cents))
    from ${src} r
    where r.type = 'CREDIT' and r.status = 'AVAILABLE' and r.unit is not null
      and exists (select 1 from tenants t where t.id = r.tenant_id)
    group by r.tenant_id, r.unit
    having sum(r.sign * (r.amount_cents - r.redeemed_cents)) <> 0
    order by r.tenant_id, r.unit
    on conflict (tenant_id, unit, shard) do update
      set outstanding_cents = c.outstanding_cents + excluded.outstanding_cents;`;
  },
  share_link_clicks: (op) =>
    addDaily(
      `select tenant_id, day, sign * clicks as n from (${deltas(op, 'tenant_id, day, clicks')}) c`,
      'clicks',
    ),
};

const OPS = ['insert', 'update', 'delete'] as const;

export async function up(knex: Knex): Promise<void> {
  // Referral list, newest first, with keyset pages (date_started, id) and a date filter on date_started.
  await knex.raw(
    'create index referrals_tenant_started_idx on referrals (tenant_id, date_started desc, id desc)',
  );
  // The list filtered by status (with or without dates): rows of one status in list order.
  await knex.raw(
    'create index referrals_tenant_status_started_idx on referrals (tenant_id, status, date_started desc, id desc)',
  );
  // The list filtered or searched by the code used (codes match ignoring case), in list order.
  await knex.raw(
    'create index referrals_tenant_code_started_idx on referrals (tenant_id, upper(referral_code_used), date_started desc, id desc)',
  );
  // A referrer's referrals by start: the search by referrer account or user, the account view, the
  // widget, and the leaderboard's started count per candidate (index-only). Replaces
  // referrals_referrer_idx (tenant_id, referrer_account_id), a prefix of it.
  await knex.raw(
    'create index referrals_tenant_referrer_started_idx on referrals (tenant_id, referrer_account_id, referrer_user_id, date_started)',
  );
  await knex.raw('drop index referrals_referrer_idx');
  // The leaderboard's conversions per referrer in a range: an index-only scan already grouped by
  // referrer (no hash of 50,000 referrers), converted rows only.
  await knex.raw(
    'create index referrals_tenant_referrer_paid_idx on referrals (tenant_id, referrer_account_id, referrer_user_id, date_paid) where date_paid is not null',
  );
  // (tenant_id, referred_account_id), the search by referred account, is the existing unique index.

  // Searches by e-mail (any case) and by user id (users' key starts with the account id). Not partial:
  // the planner reads lower(email)'s statistics only from a full index, and misjudges matches without.
  await knex.raw('create index users_tenant_email_idx on users (tenant_id, lower(email))');
  await knex.raw('create index users_tenant_user_idx on users (tenant_id, id)');
  // The Install page's last notifications, newest first.
  await knex.raw(
    'create index processor_notifications_tenant_received_idx on processor_notifications (tenant_id, received_at desc)',
  );
  // Account list, newest first, with keyset pages (created_at, id).
  await knex.raw(
    'create index accounts_tenant_created_idx on accounts (tenant_id, created_at desc, id desc)',
  );

  await knex.schema.createTable(DAILY, (t) => {
    t.uuid('tenant_id').notNullable().references('id').inTable('tenants').onDelete('CASCADE');
    t.date('day').notNullable();
    t.smallint('shard').notNullable();
    t.bigInteger('clicks').notNullable().defaultTo(0);
    t.integer('started').notNullable().defaultTo(0);
    t.integer('converted').notNullable().defaultTo(0);
    t.integer('rewards_given').notNullable().defaultTo(0);
    t.primary(['tenant_id', 'day', 'shard']);
  });
  await knex.schema.createTable(CREDIT, (t) => {
    t.uuid('tenant_id').notNullable().references('id').inTable('tenants').onDelete('CASCADE');
    t.text('unit').notNullable();
    t.smallint('shard').notNullable();
    t.bigInteger('outstanding_cents').notNullable().defaultTo(0);
    t.primary(['tenant_id', 'unit', 'shard']);
  });

  // Triggers first: they lock each table against writes until this migration commits, so the
  // backfill below misses nothing and nothing is counted twice.
  for (const [table, body] of Object.entries(triggerBodies)) {
    for (const op of OPS) {
      const name = `portal_rollup_${table}_${op}`;
      await knex.raw(`create function ${name}() returns trigger language plpgsql as $$
        begin
          ${body(op)}
          return null;
        end $$`);
      const referencing =
        op === 'insert'
          ? 'new table as new_rows'
          : op === 'delete'
            ? 'old table as old_rows'
            : 'old table as old_rows new table as new_rows';
      await knex.raw(
        `create trigger ${name} after ${op} on ${table} referencing ${referencing} for each statement execute function ${name}()`,
      );
    }
  }

  await knex.raw(`
    insert into ${DAILY} (tenant_id, day, shard, clicks, started, converted, rewards_given)
    select tenant_id, day, 0, sum(clicks), sum(started), sum(converted), sum(rewards_given)
    from (
      select tenant_id, day, clicks, 0 as started, 0 as converted, 0 as rewards_given from share_link_clicks
      union all
      select tenant_id, ${utcDay('date_started')}, 0, 1, 0, 0 from referrals
      union all
      select tenant_id, ${utcDay('date_paid')}, 0, 0, 1, 0 from referrals where date_paid is not null
      union all
      select tenant_id, ${utcDay('date_given')}, 0, 0, 0, 1 from rewards where status <> 'CANCELLED'
    ) x
    where exists (select 1 from tenants t where t.id = x.tenant_id)
    group by tenant_id, day`);
  await knex.raw(`
    insert into ${CREDIT} (tenant_id, unit, shard, outstanding_cents)
    select tenant_id, unit, 0, sum(amount_cents - redeemed_cents) from rewards r
    where type = 'CREDIT' and status = 'AVAILABLE' and unit is not null
      and exists (select 1 from tenants t where t.id = r.tenant_id)
    group by tenant_id, unit`);
}

export async function down(knex: Knex): Promise<void> {
  for (const table of Object.keys(triggerBodies)) {
    for (const op of OPS) {
      const name = `portal_rollup_${table}_${op}`;
      await knex.raw(`drop trigger ${name} on ${table}`);
      await knex.raw(`drop function ${name}()`);
    }
  }
  await knex.schema.dropTable(CREDIT);
  await knex.schema.dropTable(DAILY);
  await knex.raw('drop index accounts_tenant_created_idx');
  await knex.raw('drop index users_tenant_user_idx');
  await knex.raw('drop index processor_notifications_tenant_received_idx');
  await knex.raw('drop index users_tenant_email_idx');
  await knex.raw('drop index referrals_tenant_referrer_paid_idx');
  await knex.raw('create index referrals_referrer_idx on referrals (tenant_id, referrer_account_id)');
  await knex.raw('drop index referrals_tenant_referrer_started_idx');
  await knex.raw('drop index referrals_tenant_code_started_idx');
  await knex.raw('drop index referrals_tenant_status_started_idx');
  await knex.raw('drop index referrals_tenant_started_idx');
}
