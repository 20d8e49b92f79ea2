import type { Knex } from 'knex';

/**
 * The referral lifecycle: program settings, account subscription facts, share codes,
 * referrals and rewards. Account facts (first PAID, first identified user, last CANCELLED) are the
 * inputs; a referral's status and its rewards are the effects the lifecycle workflow derives from them.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('tenants', (t) => {
    t.integer('referred_discount_percent').notNullable().defaultTo(10);
    t.jsonb('referrer_reward')
      .notNullable()
      .defaultTo(JSON.stringify({ type: 'PCT_DISCOUNT', discountPercent: 10 }));
    t.integer('max_referrer_discount_percent').notNullable().defaultTo(100);
    t.text('discount_id').notNullable().defaultTo('service_discount');
  });

  await knex.schema.alterTable('accounts', (t) => {
    t.text('subscription_status').checkIn(['TRIAL', 'PAID', 'FREE', 'CANCELLED']);
    t.text('billing_interval_type').checkIn(['DAY', 'WEEK', 'MONTH', 'QUARTER', 'SEMI_ANNUAL', 'YEAR']);
    t.integer('billing_interval_value');
    t.decimal('subscription_value', 20, 4);
    t.text('currency').notNullable().defaultTo('USD');
    t.text('payment_provider_id');
    // Facts, stamped with clock_timestamp() while the account row is locked, so their order is the
    // order in which the changes were applied.
    t.timestamp('first_paid_at', { useTz: true });
    t.timestamp('first_user_at', { useTz: true });
    t.timestamp('last_cancelled_at', { useTz: true });
    // A first PAID without a referral: codes sent later are ignored.
    t.boolean('never_referable').notNullable().defaultTo(false);
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(
    'create unique index accounts_payment_provider_idx on accounts (tenant_id, payment_provider_id) where payment_provider_id is not null',
  );

  await knex.schema.alterTable('users', (t) => {
    t.text('locale');
    t.text('share_code');
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  // Every code a user has held; a replaced vanity code keeps resolving so shared links keep working.
  await knex.schema.createTable('referral_codes', (t) => {
    t.uuid('tenant_id').notNullable();
    t.text('code').notNullable();
    t.text('account_id').notNullable();
    t.text('user_id').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.foreign(['tenant_id', 'account_id', 'user_id'])
      .references(['tenant_id', 'account_id', 'id'])
      .inTable('users')
      .onDelete('CASCADE');
  });
  await knex.raw('create unique index referral_codes_code_idx on referral_codes (tenant_id, upper(code))');
  await knex.raw('create index referral_codes_user_idx on referral_codes (tenant_id, account_id, user_id)');

  await knex.schema.createTable('referrals', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('tenant_id').notNullable();
    t.text('referred_account_id').notNullable();
    t.text('referrer_account_id').notNullable();
    t.text('referrer_user_id').notNullable();
    t.text('referral_code_used').notNullable();
    t.text('attribution_source').notNullable().checkIn(['CODE', 'COOKIE', 'PROCESSOR']);
    t.text('status').notNullable().checkIn(['IN_PROGRESS', 'CONVERTED', 'ENDED']);
    t.timestamp('date_started', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('date_paid', { useTz: true });
    t.timestamp('date_ended', { useTz: true });
    // Set when a change the lifecycle workflow must apply is committed (attribution, a conversion or an
    // end due), cleared by the workflow's activity once applied. The reconciler re-delivers rows that
    // stay set: a request whose Temporal call failed after commit, or a bulk import that wrote first.
    t.timestamp('lifecycle_pending_since', { useTz: true });
    // An account is referred at most once, ever.
    t.unique(['tenant_id', 'referred_account_id']);
    t.foreign(['tenant_id', 'referred_account_id'])
      .references(['tenant_id', 'id'])
      .inTable('accounts')
      .onDelete('CASCADE');
  });
  await knex.raw('create index referrals_referrer_idx on referrals (tenant_id, referrer_account_id)');
  await knex.raw(
    'create index referrals_lifecycle_pending_idx on referrals (lifecycle_pending_since) where lifecycle_pending_since is not null',
  );

  await knex.schema.createTable('rewards', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('tenant_id').notNullable();
    t.text('account_id').notNullable();
    t.text('user_id');
    t.uuid('referral_id').notNullable().references('id').inTable('referrals').onDelete('CASCADE');
    t.text('reward_source').notNullable().checkIn(['REFERRED', 'FRIEND_SIGNUP']);
    t.text('type').notNullable().checkIn(['PCT_DISCOUNT', 'CREDIT']);
    t.integer('discount_percent');
    t.bigInteger('amount_cents');
    t.text('unit');
    t.bigInteger('redeemed_cents').notNullable().defaultTo(0);
    t.text('status').notNullable().checkIn(['AVAILABLE', 'REDEEMED', 'CANCELLED']);
    t.timestamp('date_given', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('date_cancelled', { useTz: true });
    t.timestamp('date_redeemed', { useTz: true });
    // One reward per side of a referral: unlocking twice is a no-op.
    t.unique(['tenant_id', 'referral_id', 'reward_source']);
  });
  await knex.raw('create index rewards_account_idx on rewards (tenant_id, account_id, date_given)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('rewards');
  await knex.schema.dropTable('referrals');
  await knex.schema.dropTable('referral_codes');
  await knex.schema.alterTable('users', (t) => {
    t.dropColumns('locale', 'share_code', 'updated_at');
  });
  await knex.raw('drop index accounts_payment_provider_idx');
  await knex.schema.alterTable('accounts', (t) => {
    t.dropColumns(
      'subscription_status',
      'billing_interval_type',
      'billing_interval_value',
      'subscription_value',
      'currency',
      'payment_provider_id',
      'first_paid_at',
      'first_user_at',
      'last_cancelled_at',
      'never_referable',
      'updated_at',
    );
  });
  await knex.schema.alterTable('tenants', (t) => {
    t.dropColumns(
      'referred_discount_percent',
      'referrer_reward',
      'max_referrer_discount_percent',
      'discount_id',
    );
  });
}
