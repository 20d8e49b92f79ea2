import type { Knex } from 'knex';

/**
 * acting on referrals and rewards by hand: every hand action (cancel, re-attribute, grant,
 * void, mark fulfilled, note) is a row of `referral_actions`, unique per (tenant, idempotency key), so an
 * action sent twice is applied once; `delivered_at` says the referral's lifecycle workflow has taken it
 * (and asked for the discount sync it calls for). A reward an operator grants is numbered per side
 * (`grant_no`, 0 for the automatic one), so a referral keeps one automatic reward per side and any number
 * of granted ones; a reward paid outside the service keeps its fulfilment (when, the reference).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('referral_actions', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('tenant_id').notNullable().references('id').inTable('tenants').onDelete('CASCADE');
    t.uuid('referral_id').notNullable().references('id').inTable('referrals').onDelete('CASCADE');
    t.text('action')
      .notNullable()
      .checkIn(['CANCEL', 'REATTRIBUTE', 'GRANT_REWARD', 'VOID_REWARD', 'MARK_FULFILLED', 'NOTE']);
    t.text('idempotency_key').notNullable();
    t.text('reason').notNullable();
    t.text('actor').notNullable();
    t.uuid('reward_id');
    t.jsonb('details').notNullable().defaultTo('{}');
    /** What the lifecycle must pass on: rewards given or taken, and whether the referred side changed. */
    t.integer('rewards_granted').notNullable().defaultTo(0);
    t.integer('rewards_cancelled').notNullable().defaultTo(0);
    t.boolean('referred_side').notNullable().defaultTo(false);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.raw('clock_timestamp()'));
    t.timestamp('delivered_at', { useTz: true });
    t.unique(['tenant_id', 'idempotency_key']);
    t.index(['tenant_id', 'referral_id', 'created_at']);
  });
  await knex.raw(
    'create index referral_actions_undelivered_idx on referral_actions (referral_id) where delivered_at is null',
  );
  await knex.schema.alterTable('rewards', (t) => {
    t.integer('grant_no').notNullable().defaultTo(0);
    t.timestamp('fulfilled_at', { useTz: true });
    t.text('fulfilment_reference');
  });
  await knex.raw('alter table rewards drop constraint rewards_tenant_id_referral_id_reward_source_unique');
  await knex.raw(
    'alter table rewards add constraint rewards_side_grant_unique unique (tenant_id, referral_id, reward_source, grant_no)',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('delete from rewards where grant_no > 0');
  await knex.raw('alter table rewards drop constraint rewards_side_grant_unique');
  await knex.raw(
    'alter table rewards add constraint rewards_tenant_id_referral_id_reward_source_unique unique (tenant_id, referral_id, reward_source)',
  );
  await knex.schema.alterTable('rewards', (t) => {
    t.dropColumn('fulfilment_reference');
    t.dropColumn('fulfilled_at');
    t.dropColumn('grant_no');
  });
  await knex.schema.dropTable('referral_actions');
}
