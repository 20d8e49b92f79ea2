import type { Knex } from 'knex';

/**
 * The admin portal's people: per-tenant operators with a password and a role, their
 * server-side sessions (only the SHA-256 of the cookie value is stored), failed sign-ins for the login
 * throttle, and the audit log of every change made in the portal.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('operators', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('tenant_id').notNullable().references('id').inTable('tenants').onDelete('CASCADE');
    // Stored lower-case: sign-in matches e-mail addresses without regard to case.
    t.text('email').notNullable();
    // scrypt$N$r$p$salt$hash (shared/domain/operators/passwords.ts)
    t.text('password_hash').notNullable();
    t.text('role').notNullable().checkIn(['OWNER', 'ADMIN', 'VIEWER']);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['tenant_id', 'email']);
  });

  await knex.schema.createTable('operator_sessions', (t) => {
    // SHA-256 of the cookie value; the value itself is never stored.
    t.binary('token_hash').primary();
    t.uuid('operator_id').notNullable().references('id').inTable('operators').onDelete('CASCADE');
    t.uuid('tenant_id').notNullable().references('id').inTable('tenants').onDelete('CASCADE');
    t.text('csrf_token').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('last_seen_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    // Absolute expiry; the idle expiry is last_seen_at plus ADMIN_SESSION_IDLE_S.
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('revoked_at', { useTz: true });
    t.index(['operator_id']);
  });

  await knex.schema.createTable('login_failures', (t) => {
    // 'account' (key tenant_id:email) or 'address' (key: the client's IP address)
    t.text('scope').notNullable().checkIn(['account', 'address']);
    t.text('key').notNullable();
    t.timestamp('failed_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['scope', 'key', 'failed_at']);
  });

  await knex.schema.createTable('audit_log', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('tenant_id').notNullable().references('id').inTable('tenants').onDelete('CASCADE');
    // Null for a change made with an API key; the e-mail stays when the operator is removed.
    t.uuid('operator_id').references('id').inTable('operators').onDelete('SET NULL');
    t.text('operator_email');
    t.text('action').notNullable();
    t.text('target');
    t.jsonb('details').notNullable().defaultTo('{}');
    t.timestamp('at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('create index audit_log_tenant_at_idx on audit_log (tenant_id, at desc, id desc)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('audit_log');
  await knex.schema.dropTable('login_failures');
  await knex.schema.dropTable('operator_sessions');
  await knex.schema.dropTable('operators');
}
