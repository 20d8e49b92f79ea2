import type { Knex } from 'knex';

/**
 * Payouts (shared/domain/payouts, docs/payouts.md):
 *
 * - `payout_policies`: per program, the minimum balance paid out, the schedule (MANUAL, WEEKLY,
 *   MONTHLY) and whether an operator approves each run; a program without a row has the defaults.
 * - `payout_connections`: a tenant's PayPal Payouts and gift-card provider credentials, sealed (Stripe
 *   Connect uses the tenant's Stripe connection).
 * - `payees`: a referrer account's payout method (its details sealed, a masked form to show), its tax
 *   status (form received, country) and an operator's hold.
 * - `payout_runs` and `payouts`: one run per program and request, one payout per payee and currency in
 *   it; the payout id is the provider's idempotency key.
 * - `tenants.payout_tax_threshold_cents`: the yearly total above which a payee without a tax form waits.
 * - The ledger posts each payout's state change once: unique (payout, kind).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('payout_policies', (t) => {
    t.uuid('tenant_id').notNullable().references('id').inTable('tenants').onDelete('CASCADE');
    t.text('program_id').notNullable();
    t.bigInteger('minimum_cents').notNullable();
    t.text('schedule').notNullable().checkIn(['MANUAL', 'WEEKLY', 'MONTHLY']);
    t.boolean('require_approval').notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.raw('clock_timestamp()'));
    t.primary(['tenant_id', 'program_id']);
  });
  await knex.schema.alterTable('tenants', (t) => {
    t.bigInteger('payout_tax_threshold_cents');
  });
  await knex.schema.createTable('payout_connections', (t) => {
    t.uuid('tenant_id').notNullable().references('id').inTable('tenants').onDelete('CASCADE');
    t.text('provider').notNullable().checkIn(['PAYPAL', 'GIFT_CARD']);
    t.text('client_id');
    t.text('secret_sealed').notNullable();
    t.text('webhook_secret_sealed');
    t.text('key_hint').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.raw('clock_timestamp()'));
    t.primary(['tenant_id', 'provider']);
  });
  await knex.schema.createTable('payees', (t) => {
    t.uuid('tenant_id').notNullable().references('id').inTable('tenants').onDelete('CASCADE');
    t.text('account_id').notNullable();
    t.text('method_type').checkIn(['PAYPAL', 'STRIPE_CONNECT', 'GIFT_CARD']);
    t.text('method_sealed');
    t.text('method_masked');
    t.timestamp('method_updated_at', { useTz: true });
    t.boolean('tax_form_received').notNullable().defaultTo(false);
    t.text('tax_country');
    t.timestamp('held_at', { useTz: true });
    t.text('held_reason');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.raw('clock_timestamp()'));
    t.primary(['tenant_id', 'account_id']);
  });
  await knex.schema.createTable('payout_runs', (t) => {
    t.uuid('id').primary();
    t.uuid('tenant_id').notNullable().references('id').inTable('tenants').onDelete('CASCADE');
    t.text('program_id').notNullable();
    t.text('status')
      .notNullable()
      .checkIn(['RESERVING', 'AWAITING_APPROVAL', 'SENDING', 'SETTLING', 'COMPLETED', 'CANCELLED']);
    t.text('trigger').notNullable().checkIn(['MANUAL', 'SCHEDULE']);
    t.text('requested_by').notNullable();
    t.text('approved_by');
    t.integer('payees').notNullable().defaultTo(0);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.raw('clock_timestamp()'));
    t.timestamp('approved_at', { useTz: true });
    t.timestamp('finished_at', { useTz: true });
    t.index(['tenant_id', 'created_at']);
  });
  await knex.schema.createTable('payouts', (t) => {
    t.uuid('id').primary();
    t.uuid('tenant_id').notNullable().references('id').inTable('tenants').onDelete('CASCADE');
    t.uuid('run_id').notNullable().references('id').inTable('payout_runs').onDelete('CASCADE');
    t.text('account_id').notNullable();
    t.text('program_id').notNullable();
    t.text('method_type').notNullable();
    t.bigInteger('amount_cents').notNullable();
    t.text('currency').notNullable();
    t.integer('batch_no').notNullable();
    t.text('status')
      .notNullable()
      .checkIn(['RESERVED', 'SENT', 'PAID', 'FAILED', 'RETURNED', 'UNCLAIMED', 'CANCELLED']);
    t.text('provider_ref');
    t.text('provider_message');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.raw('clock_timestamp()'));
    t.timestamp('sent_at', { useTz: true });
    t.timestamp('settled_at', { useTz: true });
    t.unique(['run_id', 'account_id', 'currency']);
    t.index(['run_id', 'batch_no']);
    t.index(['tenant_id', 'account_id', 'created_at']);
  });
  await knex.raw(
    `create unique index ledger_transactions_payout_kind_idx on ledger_transactions (payout_id, kind)
     where payout_id is not null`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index ledger_transactions_payout_kind_idx');
  await knex.raw('delete from ledger_transactions where payout_id is not null');
  await knex.schema.dropTable('payouts');
  await knex.schema.dropTable('payout_runs');
  await knex.schema.dropTable('payees');
  await knex.schema.dropTable('payout_connections');
  await knex.schema.alterTable('tenants', (t) => {
    t.dropColumn('payout_tax_threshold_cents');
  });
  await knex.schema.dropTable('payout_policies');
}
