import type { Knex } from 'knex';
import { addDaily, deltas, utcDay, CREDIT, SHARD } from './010-portal';

/**
 * acting on accounts and users by hand: every hand action (adjust or redeem credit, edit a
 * user, change a share code, delete a user) is a row of `hand_actions`, unique per (tenant, idempotency
 * key) and written in the change's transaction, so an action sent twice is applied once.
 *
 * - Credit an operator adjusts is a reward with source ADJUSTMENT and no referral (`referral_id` null
 *   for it only); the dashboard's rewards-given counter leaves it out (it is not a referral reward),
 *   the credit outstanding counts it.
 * - A share code an operator replaces moves to `retired_share_codes` and keeps resolving to its user for
 *   a grace period (RETIRED_SHARE_CODE_GRACE_DAYS, counted from `retired_at`); it goes with the user.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('hand_actions', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('tenant_id').notNullable().references('id').inTable('tenants').onDelete('CASCADE');
    t.text('idempotency_key').notNullable();
    t.text('kind')
      .notNullable()
      .checkIn(['ADJUST_CREDIT', 'REDEEM_CREDIT', 'UPDATE_USER', 'CHANGE_SHARE_CODE', 'DELETE_USER']);
    t.text('account_id').notNullable();
    t.text('user_id');
    t.text('actor').notNullable();
    t.text('reason').notNullable();
    t.jsonb('result').notNullable().defaultTo('{}');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.raw('clock_timestamp()'));
    t.unique(['tenant_id', 'idempotency_key']);
    t.index(['tenant_id', 'account_id', 'created_at']);
  });

  await knex.schema.createTable('retired_share_codes', (t) => {
    t.uuid('tenant_id').notNullable();
    t.text('code').notNullable();
    t.text('account_id').notNullable();
    t.text('user_id').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('retired_at', { useTz: true }).notNullable().defaultTo(knex.raw('clock_timestamp()'));
    t.foreign(['tenant_id', 'account_id', 'user_id'])
      .references(['tenant_id', 'account_id', 'id'])
      .inTable('users')
      .onDelete('CASCADE');
  });
  await knex.raw(
    'create unique index retired_share_codes_code_idx on retired_share_codes (tenant_id, upper(code))',
  );
  await knex.raw(
    'create index retired_share_codes_user_idx on retired_share_codes (tenant_id, account_id, user_id)',
  );

  await knex.raw('alter table rewards alter column referral_id drop not null');
  await knex.raw('alter table rewards drop constraint rewards_reward_source_check');
  await knex.raw(
    "alter table rewards add constraint rewards_reward_source_check check (reward_source in ('REFERRED', 'FRIEND_SIGNUP', 'ADJUSTMENT'))",
  );
  await knex.raw(
    "alter table rewards add constraint rewards_referral_unless_adjustment check ((reward_source = 'ADJUSTMENT') = (referral_id is null))",
  );
  await replaceRewardsRollup(knex, "and reward_source <> 'ADJUSTMENT'");
}

export async function down(knex: Knex): Promise<void> {
  await replaceRewardsRollup(knex, '');
  await knex.raw("delete from rewards where reward_source = 'ADJUSTMENT'");
  await knex.raw('alter table rewards drop constraint rewards_referral_unless_adjustment');
  await knex.raw('alter table rewards drop constraint rewards_reward_source_check');
  await knex.raw(
    "alter table rewards add constraint rewards_reward_source_check check (reward_source in ('REFERRED', 'FRIEND_SIGNUP'))",
  );
  await knex.raw('alter table rewards alter column referral_id set not null');
  await knex.schema.dropTable('retired_share_codes');
  await knex.schema.dropTable('hand_actions');
}

/**
 * The rewards' rollup triggers of migration 010 with a filter on what counts as a reward given (ADJUSTMENT
 * credit is not a referral reward); the credit outstanding counts every credit as before.
 */
async function replaceRewardsRollup(knex: Knex, givenFilter: string): Promise<void> {
  for (const op of ['insert', 'update', 'delete'] as const) {
    const src = `(${deltas(op, 'tenant_id, date_given, status, type, unit, amount_cents, redeemed_cents, reward_source')})`;
    const body = `${addDaily(
      `select tenant_id, ${utcDay('date_given')} as day, sign as n from ${src} r where status <> 'CANCELLED' ${givenFilter}`,
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
    await knex.raw(`create or replace function portal_rollup_rewards_${op}() returns trigger language plpgsql as $$
        begin
          ${body}
          return null;
        end $$`);
  }
}
