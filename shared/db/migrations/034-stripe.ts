import type { Knex } from 'knex';

/**
 * Stripe, the second payment processor (shared/processors/coupon-billing.ts):
 *
 * - `processor_connections` holds either processor. A Stripe connection keeps its secret key sealed in
 *   `private_key_sealed`, a masked hint of it (`key_hint`, e.g. `sk_test_…4242`), the account id when the
 *   key may read it (`merchant_id`), and the webhook endpoint we created (`webhook_endpoint_id`) with its
 *   signing secret sealed (`webhook_secret_sealed`), or the secret of an endpoint registered by hand.
 *   Braintree's public key is its own; Stripe has none.
 * - `processor_notifications.customer_id`: the processor customer an event names, and status WAITING:
 *   an event about a customer no account is tied to yet waits, and is started again when a tie arrives
 *   (shared/domain/accounts/account-changes.ts), instead of being lost to an out-of-order delivery.
 * - `processor_credits`: each reward row (credit, or a negative row reversing one) applied to the
 *   customer's balance at the processor, once: its idempotency key is the processor's. A debt taken back
 *   and later cancelled (a dispute won) is given back by a further row of the same reward (`seq` 1, 2…),
 *   and taken back again by another if a later reversal revives it: the rows' sum is what the processor
 *   holds of it.
 * - `processor_promotion_codes`: each referral code's promotion code at the processor, and the coupon
 *   it grants, so a changed code or coupon is replaced rather than duplicated.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table processor_connections drop constraint processor_connections_processor_check');
  await knex.raw(
    "alter table processor_connections add constraint processor_connections_processor_check check (processor in ('BRAINTREE', 'STRIPE'))",
  );
  await knex.schema.alterTable('processor_connections', (t) => {
    t.text('merchant_id').nullable().alter();
    t.text('public_key').nullable().alter();
    t.text('key_hint');
    t.text('webhook_endpoint_id');
    t.text('webhook_secret_sealed');
  });

  await knex.schema.alterTable('processor_notifications', (t) => {
    t.text('customer_id');
  });
  await knex.raw('alter table processor_notifications drop constraint processor_notifications_status_check');
  await knex.raw(
    "alter table processor_notifications add constraint processor_notifications_status_check check (status in ('RECEIVED', 'WAITING', 'PROCESSED', 'RECORDED', 'IGNORED', 'FAILED', 'REJECTED'))",
  );
  await knex.raw(
    "create index processor_notifications_waiting_idx on processor_notifications (tenant_id, customer_id) where status = 'WAITING'",
  );

  await knex.schema.createTable('processor_credits', (t) => {
    t.uuid('tenant_id').notNullable().references('id').inTable('tenants').onDelete('CASCADE');
    t.uuid('reward_id').notNullable().references('id').inTable('rewards').onDelete('CASCADE');
    t.text('processor').notNullable();
    t.text('customer_id').notNullable();
    // Negative: credit given to the customer; positive: taken back (a reversal's row).
    t.bigInteger('amount_cents').notNullable();
    t.text('currency').notNullable();
    t.text('idempotency_key').notNullable();
    t.text('transaction_id').notNullable();
    t.integer('seq').notNullable().defaultTo(0);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['tenant_id', 'reward_id', 'seq']);
  });

  await knex.schema.createTable('processor_promotion_codes', (t) => {
    t.uuid('tenant_id').notNullable().references('id').inTable('tenants').onDelete('CASCADE');
    t.text('account_id').notNullable();
    t.text('code').notNullable();
    t.text('coupon_id').notNullable();
    t.text('promotion_code_id').notNullable();
    t.timestamp('synced_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['tenant_id', 'account_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('processor_promotion_codes');
  await knex.schema.dropTable('processor_credits');
  await knex.raw("update processor_notifications set status = 'RECEIVED' where status = 'WAITING'");
  await knex.raw('alter table processor_notifications drop constraint processor_notifications_status_check');
  await knex.raw(
    "alter table processor_notifications add constraint processor_notifications_status_check check (status in ('RECEIVED', 'PROCESSED', 'RECORDED', 'IGNORED', 'FAILED', 'REJECTED'))",
  );
  await knex.schema.alterTable('processor_notifications', (t) => {
    t.dropColumn('customer_id');
  });
  await knex.raw("delete from processor_connections where processor = 'STRIPE'");
  await knex.schema.alterTable('processor_connections', (t) => {
    t.dropColumn('webhook_secret_sealed');
    t.dropColumn('webhook_endpoint_id');
    t.dropColumn('key_hint');
    t.text('merchant_id').notNullable().alter();
    t.text('public_key').notNullable().alter();
  });
  await knex.raw('alter table processor_connections drop constraint processor_connections_processor_check');
  await knex.raw(
    "alter table processor_connections add constraint processor_connections_processor_check check (processor in ('BRAINTREE'))",
  );
}
