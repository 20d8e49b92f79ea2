import type { Knex } from 'knex';

/**
 * Payment-processor integration: one connection per tenant (the private key encrypted at
 * rest), every verified webhook notification stored raw before it is acknowledged, and the refunds the
 * discount sync issued, so a referred customer's first charge is refunded at most once.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('processor_connections', (t) => {
    t.uuid('tenant_id').primary().references('id').inTable('tenants').onDelete('CASCADE');
    t.text('processor').notNullable().checkIn(['BRAINTREE']);
    t.text('environment').notNullable().checkIn(['SANDBOX', 'PRODUCTION']);
    t.text('merchant_id').notNullable();
    t.text('public_key').notNullable();
    // AES-256-GCM under a key derived from SECRET_KEY, bound to the tenant (shared/crypto/secret-box.ts).
    t.text('private_key_sealed').notNullable();
    t.timestamp('connected_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  await knex.schema.createTable('processor_notifications', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('tenant_id').notNullable().references('id').inTable('tenants').onDelete('CASCADE');
    t.text('processor').notNullable();
    // `{kind}:{subject id}:{timestamp}`: what the workflow ID is derived from; a redelivery has the same.
    t.text('notification_key').notNullable();
    t.text('kind').notNullable();
    t.text('subject_id');
    t.timestamp('notified_at', { useTz: true }).notNullable();
    t.text('signature').notNullable();
    t.text('payload').notNullable();
    t.text('status').notNullable().checkIn(['RECEIVED', 'PROCESSED', 'RECORDED', 'IGNORED', 'FAILED']);
    t.jsonb('outcome');
    t.integer('deliveries').notNullable().defaultTo(1);
    t.timestamp('received_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    // Set once its workflow is known to exist; the dispatcher retries rows left unset.
    t.timestamp('dispatched_at', { useTz: true });
    t.timestamp('processed_at', { useTz: true });
    t.unique(['tenant_id', 'processor', 'notification_key']);
  });
  await knex.raw(
    "create index processor_notifications_undispatched_idx on processor_notifications (received_at) where dispatched_at is null and status = 'RECEIVED'",
  );

  // The processor's notification time of the last status it set, so an older notification delivered
  // late cannot undo a newer one.
  await knex.schema.alterTable('accounts', (t) => {
    t.timestamp('processor_status_at', { useTz: true });
  });

  await knex.schema.createTable('processor_refunds', (t) => {
    t.uuid('tenant_id').notNullable().references('id').inTable('tenants').onDelete('CASCADE');
    t.text('transaction_id').notNullable();
    t.text('account_id').notNullable();
    t.text('subscription_id').notNullable();
    t.bigInteger('amount_cents').notNullable();
    // null when the processor already showed a refund on the transaction (we adopt it, never refund twice).
    t.text('refund_id');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['tenant_id', 'transaction_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('processor_refunds');
  await knex.schema.alterTable('accounts', (t) => {
    t.dropColumn('processor_status_at');
  });
  await knex.schema.dropTable('processor_notifications');
  await knex.schema.dropTable('processor_connections');
}
