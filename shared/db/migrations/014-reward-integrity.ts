import type { Knex } from 'knex';

/**
 * Reward integrity, second part: moderation, holds and credit expiry.
 * - A referral the fraud policy sent to REVIEW has review_status PENDING until an operator approves or
 *   denies it (APPROVED / DENIED, with the reason, who and when); its rewards wait as PENDING_REVIEW.
 * - A referrer's reward granted under a hold (the program's reward_hold_days) is PENDING until
 *   hold_until; a CREDIT reward granted under credit_expiry_days carries expiry_ms and, once AVAILABLE,
 *   expires_at, when its unredeemed part becomes EXPIRED (redeemed parts stay redeemed).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table rewards drop constraint rewards_status_check');
  await knex.raw(
    "alter table rewards add constraint rewards_status_check check (status in ('PENDING', 'PENDING_REVIEW', 'AVAILABLE', 'REDEEMED', 'CANCELLED', 'EXPIRED'))",
  );
  await knex.schema.alterTable('rewards', (t) => {
    t.timestamp('hold_until', { useTz: true });
    t.bigInteger('expiry_ms');
    t.timestamp('expires_at', { useTz: true });
    t.timestamp('date_expired', { useTz: true });
  });

  await knex.schema.alterTable('referrals', (t) => {
    t.text('review_status');
    t.text('review_reason');
    t.timestamp('reviewed_at', { useTz: true });
    t.text('reviewed_by');
  });
  await knex.raw(
    "alter table referrals add constraint referrals_review_status_check check (review_status in ('PENDING', 'APPROVED', 'DENIED'))",
  );
  // The review queue: a tenant's referrals awaiting review in list order (newest first), keyset pages.
  await knex.raw(
    "create index referrals_review_queue_idx on referrals (tenant_id, date_started desc, id desc) where review_status = 'PENDING'",
  );

  await knex.schema.alterTable('tenants', (t) => {
    t.integer('reward_hold_days').notNullable().defaultTo(0);
    t.integer('credit_expiry_days');
  });
  await knex.raw(
    'alter table tenants add constraint tenants_reward_hold_days_check check (reward_hold_days between 0 and 365)',
  );
  await knex.raw(
    'alter table tenants add constraint tenants_credit_expiry_days_check check (credit_expiry_days between 1 and 3650)',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table tenants drop constraint tenants_credit_expiry_days_check');
  await knex.raw('alter table tenants drop constraint tenants_reward_hold_days_check');
  await knex.schema.alterTable('tenants', (t) => {
    t.dropColumn('reward_hold_days');
    t.dropColumn('credit_expiry_days');
  });
  await knex.raw('drop index referrals_review_queue_idx');
  await knex.raw('alter table referrals drop constraint referrals_review_status_check');
  await knex.schema.alterTable('referrals', (t) => {
    t.dropColumn('review_status');
    t.dropColumn('review_reason');
    t.dropColumn('reviewed_at');
    t.dropColumn('reviewed_by');
  });
  await knex.schema.alterTable('rewards', (t) => {
    t.dropColumn('hold_until');
    t.dropColumn('expiry_ms');
    t.dropColumn('expires_at');
    t.dropColumn('date_expired');
  });
  await knex.raw(
    "update rewards set status = 'CANCELLED' where status not in ('AVAILABLE', 'REDEEMED', 'CANCELLED')",
  );
  await knex.raw('alter table rewards drop constraint rewards_status_check');
  await knex.raw(
    "alter table rewards add constraint rewards_status_check check (status in ('AVAILABLE', 'REDEEMED', 'CANCELLED'))",
  );
}
