import type { Knex } from 'knex';
import { addDaily, deltas, utcDay, CREDIT, SHARD } from './010-portal';

/**
 * Rules that follow money (shared/domain/programs):
 *
 * - `rule_occurrences`: the payments and user events of a referred account that a referral's rules may
 *   reward, each once under a stable id (`occurrence_id`, unique per tenant and kind: a processor
 *   transaction, a synced billing period, a payment event). They are recorded by the door that heard of
 *   them and applied by the referral's lifecycle (`applied_at`). A refund or charge-back of a payment is
 *   recorded on its row once (`reversal_*`), and applied by the lifecycle (`reversal_applied_at`).
 * - Rewards of two more types: FIXED_DISCOUNT (an amount off) and CASH (owed to the referrer); a reward
 *   names the payment that gave it (`payment_id`). A reversed reward says by what (`reversed_by`,
 *   `date_reversed`); the part of it already used becomes a debt row of negative amount that points at
 *   it (`reverses_reward_id`, unique: a reversal applied twice changes nothing), so the balance goes below
 *   zero and later rewards pay it down. (Migration 033 adds partial refunds' share rows: unique per
 *   reward and refunded total since.)
 * - The program's payment event key (`payment_event_key`): a user event of that key with `revenue` and
 *   `currency` is a payment of the account.
 * - The dashboard's rewards-given counter leaves debt rows out (negative amounts).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('tenants', (t) => {
    t.text('payment_event_key');
  });
  await knex.schema.createTable('rule_occurrences', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('tenant_id').notNullable().references('id').inTable('tenants').onDelete('CASCADE');
    t.uuid('referral_id').notNullable().references('id').inTable('referrals').onDelete('CASCADE');
    t.text('kind').notNullable().checkIn(['PAYMENT', 'EVENT']);
    t.text('occurrence_id').notNullable();
    t.text('source').notNullable().checkIn(['PROCESSOR', 'SYNC', 'EVENT']);
    t.bigInteger('amount_cents');
    t.text('currency');
    t.text('event_key');
    t.jsonb('fields');
    t.timestamp('occurred_at', { useTz: true }).notNullable();
    t.timestamp('recorded_at', { useTz: true }).notNullable().defaultTo(knex.raw('clock_timestamp()'));
    t.timestamp('applied_at', { useTz: true });
    t.text('reversal_kind').checkIn(['REFUND', 'CHARGEBACK']);
    t.text('reversal_ref');
    t.timestamp('reversed_at', { useTz: true });
    t.timestamp('reversal_applied_at', { useTz: true });
    t.unique(['tenant_id', 'kind', 'occurrence_id']);
  });
  await knex.raw(
    `create index rule_occurrences_due_idx on rule_occurrences (tenant_id, referral_id)
     where applied_at is null or (reversed_at is not null and reversal_applied_at is null)`,
  );
  await knex.raw('alter table rewards drop constraint rewards_type_check');
  await knex.raw(
    "alter table rewards add constraint rewards_type_check check (type in ('PCT_DISCOUNT', 'CREDIT', 'FIXED_DISCOUNT', 'CASH'))",
  );
  await knex.schema.alterTable('rewards', (t) => {
    t.text('payment_id');
    t.text('reversed_by');
    t.timestamp('date_reversed', { useTz: true });
    t.uuid('reverses_reward_id').references('id').inTable('rewards').onDelete('CASCADE');
    t.unique(['reverses_reward_id']);
  });
  await replaceRewardsRollup(knex, "and reward_source <> 'ADJUSTMENT' and coalesce(amount_cents, 0) >= 0");
}

export async function down(knex: Knex): Promise<void> {
  await replaceRewardsRollup(knex, "and reward_source <> 'ADJUSTMENT'");
  await knex.raw('delete from rewards where reverses_reward_id is not null');
  await knex.schema.alterTable('rewards', (t) => {
    t.dropUnique(['reverses_reward_id']);
    t.dropColumns('payment_id', 'reversed_by', 'date_reversed', 'reverses_reward_id');
  });
  await knex.raw("delete from rewards where type in ('FIXED_DISCOUNT', 'CASH')");
  await knex.raw('alter table rewards drop constraint rewards_type_check');
  await knex.raw(
    "alter table rewards add constraint rewards_type_check check (type in ('PCT_DISCOUNT', 'CREDIT'))",
  );
  await knex.schema.dropTable('rule_occurrences');
  await knex.schema.alterTable('tenants', (t) => {
    t.dropColumn('payment_event_key');
  });
}

/** The rewards' rollup triggers (as migration 028 wrote them) with another filter on what counts as given. */
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
