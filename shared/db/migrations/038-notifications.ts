import type { Knex } from 'knex';

/**
 * E-mail notifications (shared/domain/notifications, docs/notifications.md):
 *
 * - `notification_settings`: a program's switch per kind (no row: on).
 * - `notification_templates`: a tenant's own subject and body per program, kind and locale (no row: the
 *   built-in text).
 * - `tenants.mail_sender_name` / `mail_sender_address`: the tenant's sender (null: MAIL_FROM);
 *   `operators.digest_enabled`: the operator's opt-in daily digest.
 * - `mail_suppressions`: addresses a tenant never mails again (unsubscribed, refused, added by hand).
 * - `notification_deliveries`: one row per (event, recipient), unique by `key`, with its state.
 * - `notification_outbox`: the webhook events that may cause mail, copied by a trigger on
 *   `webhook_events` in the writing transaction, taken and deleted by the worker's notifier.
 * - `notification_scans`: when each periodic scan (credit expiry, digests) last ran, so replicas take turns.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('notification_settings', (t) => {
    t.uuid('tenant_id').notNullable().references('id').inTable('tenants').onDelete('CASCADE');
    t.text('program_id').notNullable();
    t.text('kind').notNullable();
    t.boolean('enabled').notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.raw('clock_timestamp()'));
    t.primary(['tenant_id', 'program_id', 'kind']);
  });
  await knex.schema.createTable('notification_templates', (t) => {
    t.uuid('tenant_id').notNullable().references('id').inTable('tenants').onDelete('CASCADE');
    t.text('program_id').notNullable();
    t.text('kind').notNullable();
    t.text('locale').notNullable();
    t.text('subject').notNullable();
    t.text('body').notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.raw('clock_timestamp()'));
    t.primary(['tenant_id', 'program_id', 'kind', 'locale']);
  });
  await knex.schema.alterTable('tenants', (t) => {
    t.text('mail_sender_name');
    t.text('mail_sender_address');
  });
  await knex.schema.alterTable('operators', (t) => {
    t.boolean('digest_enabled').notNullable().defaultTo(false);
  });
  await knex.schema.createTable('mail_suppressions', (t) => {
    t.uuid('tenant_id').notNullable().references('id').inTable('tenants').onDelete('CASCADE');
    t.text('email').notNullable();
    t.text('reason').notNullable().checkIn(['UNSUBSCRIBED', 'REFUSED', 'MANUAL']);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.raw('clock_timestamp()'));
    t.primary(['tenant_id', 'email']);
  });
  await knex.schema.createTable('notification_deliveries', (t) => {
    t.uuid('id').primary();
    t.uuid('tenant_id').notNullable().references('id').inTable('tenants').onDelete('CASCADE');
    t.text('key').notNullable();
    t.text('kind').notNullable();
    t.text('program_id');
    t.text('recipient').notNullable();
    t.text('status')
      .notNullable()
      .checkIn(['PENDING', 'SENT', 'REFUSED', 'SUPPRESSED', 'NOT_SENT', 'DISABLED']);
    t.text('response');
    t.text('message_id').notNullable();
    t.integer('attempts').notNullable().defaultTo(0);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.raw('clock_timestamp()'));
    t.timestamp('sent_at', { useTz: true });
    t.unique(['tenant_id', 'key']);
    t.index(['tenant_id', 'created_at']);
  });
  await knex.schema.createTable('notification_outbox', (t) => {
    t.uuid('event_id').primary();
    t.uuid('tenant_id').notNullable();
    t.text('type').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.raw('clock_timestamp()'));
  });
  await knex.schema.createTable('notification_scans', (t) => {
    t.text('name').primary();
    t.timestamp('last_at', { useTz: true }).notNullable();
  });
  await knex.raw(`
    create function notification_outbox_copy() returns trigger language plpgsql as $$
    begin
      insert into notification_outbox (event_id, tenant_id, type)
        select n.id, n.tenant_id, n.type from new_events n
        where n.type in ('referral.started', 'reward.created', 'reward.available', 'payout.sent')
          -- An import's transaction (historic referrals moved in) tells nobody: notificationsQuiet.
          and coalesce(current_setting('referral.notifications_quiet', true), '') <> 'on'
      on conflict do nothing;
      return null;
    end $$`);
  await knex.raw(`
    create trigger webhook_events_notification_outbox after insert on webhook_events
    referencing new table as new_events for each statement execute function notification_outbox_copy()`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop trigger if exists webhook_events_notification_outbox on webhook_events');
  await knex.raw('drop function if exists notification_outbox_copy()');
  await knex.schema.dropTable('notification_scans');
  await knex.schema.dropTable('notification_outbox');
  await knex.schema.dropTable('notification_deliveries');
  await knex.schema.dropTable('mail_suppressions');
  await knex.schema.alterTable('operators', (t) => t.dropColumn('digest_enabled'));
  await knex.schema.alterTable('tenants', (t) => {
    t.dropColumn('mail_sender_name');
    t.dropColumn('mail_sender_address');
  });
  await knex.schema.dropTable('notification_templates');
  await knex.schema.dropTable('notification_settings');
}
