import type { Knex } from 'knex';

/**
 * Partial refunds (shared/domain/programs/reward-reversals.ts):
 *
 * - `rule_occurrences.refunded_cents`: what the merchant has refunded of a payment so far (the service's
 *   own refunds left out), never lowered. While it is below the payment's amount, a growth makes the
 *   reversal due again (`reversal_applied_at` cleared) and the lifecycle reverses that share of the
 *   payment's amount rewards; refunded in full (or charged back), the payment is reversed as before.
 * - `rewards.reversed_through_cents`: on a row that reverses part of a reward (negative amount,
 *   `reverses_reward_id`), the refunded total it brought the reversal to. A debt row (the used part of a
 *   reward reversed in full) has none. One row per reward and total, one debt per reward: unique
 *   (`reverses_reward_id`, `reversed_through_cents`) with nulls not distinct (rows reversing a reward only), so applying a total twice
 *   writes nothing and a larger total writes only the difference.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('rule_occurrences', (t) => {
    t.bigInteger('refunded_cents').notNullable().defaultTo(0);
  });
  await knex.raw('drop index rule_occurrences_due_idx');
  await knex.raw(
    `create index rule_occurrences_due_idx on rule_occurrences (tenant_id, referral_id)
     where applied_at is null
       or ((reversed_at is not null or refunded_cents > 0) and reversal_applied_at is null)`,
  );
  await knex.schema.alterTable('rewards', (t) => {
    t.bigInteger('reversed_through_cents');
    t.dropUnique(['reverses_reward_id']);
  });
  await knex.raw(
    `create unique index rewards_reverses_reward_through_idx
     on rewards (reverses_reward_id, reversed_through_cents) nulls not distinct
     where reverses_reward_id is not null`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index rewards_reverses_reward_through_idx');
  await knex.raw('delete from rewards where reversed_through_cents is not null');
  await knex.schema.alterTable('rewards', (t) => {
    t.dropColumn('reversed_through_cents');
    t.unique(['reverses_reward_id']);
  });
  await knex.raw('drop index rule_occurrences_due_idx');
  await knex.raw(
    `create index rule_occurrences_due_idx on rule_occurrences (tenant_id, referral_id)
     where applied_at is null or (reversed_at is not null and reversal_applied_at is null)`,
  );
  await knex.schema.alterTable('rule_occurrences', (t) => {
    t.dropColumn('refunded_cents');
  });
}
