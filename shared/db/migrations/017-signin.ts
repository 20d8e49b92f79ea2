import type { Knex } from 'knex';

/**
 * findings 6 and 10 (operators' sign-in).
 * - A sign-in reserves its attempt in `login_failures` before the password hash is checked (an id, so a
 *   success releases exactly its own reservation). A third scope, 'device', is the small throttle of a
 *   sign-in that presents a trusted-device cookie.
 * - `trusted_devices`: a browser an operator signed in from before (the device cookie; only the SHA-256
 *   of its value is stored). A sign-in from it is not held back by other clients' failures.
 * - TOTP two-factor sign-in: an operator's secret (sealed with SECRET_KEY; pending until confirmed with a
 *   code), hashed single-use recovery codes, the short-lived challenge between password and code, and a
 *   tenant setting that requires two-factor sign-in of every operator.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    DO $$ DECLARE c text; BEGIN
      FOR c IN SELECT conname FROM pg_constraint
               WHERE conrelid = 'login_failures'::regclass AND contype = 'c' LOOP
        EXECUTE format('ALTER TABLE login_failures DROP CONSTRAINT %I', c);
      END LOOP;
    END $$;`);
  await knex.raw(
    `ALTER TABLE login_failures ADD CONSTRAINT login_failures_scope_check
       CHECK (scope IN ('account', 'address', 'device'))`,
  );
  await knex.schema.alterTable('login_failures', (t) => {
    t.bigIncrements('id').primary();
  });
  await knex.schema.createTable('trusted_devices', (t) => {
    // SHA-256 of the cookie value; the value itself is never stored.
    t.binary('token_hash').primary();
    t.uuid('operator_id').notNullable().references('id').inTable('operators').onDelete('CASCADE');
    t.uuid('tenant_id').notNullable().references('id').inTable('tenants').onDelete('CASCADE');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('last_used_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.index(['operator_id']);
  });
  await knex.schema.createTable('operator_two_factor', (t) => {
    t.uuid('operator_id').primary().references('id').inTable('operators').onDelete('CASCADE');
    t.uuid('tenant_id').notNullable().references('id').inTable('tenants').onDelete('CASCADE');
    // The base32 TOTP secret sealed with SECRET_KEY (shared/crypto/secret-box.ts), bound to the operator.
    t.text('secret_sealed').notNullable();
    // Null while enrolment waits for its first code.
    t.timestamp('enabled_at', { useTz: true });
    // The newest 30-second step a code was accepted for: a code is never accepted twice.
    t.bigInteger('last_step').notNullable().defaultTo(0);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.schema.createTable('operator_recovery_codes', (t) => {
    t.bigIncrements('id').primary();
    t.uuid('operator_id').notNullable().references('id').inTable('operators').onDelete('CASCADE');
    // SHA-256 of the code (80 random bits); the code itself is shown once.
    t.binary('code_hash').notNullable();
    t.timestamp('used_at', { useTz: true });
    t.index(['operator_id']);
  });
  await knex.schema.createTable('login_challenges', (t) => {
    // SHA-256 of the challenge token the first step answers.
    t.binary('token_hash').primary();
    t.uuid('operator_id').notNullable().references('id').inTable('operators').onDelete('CASCADE');
    t.uuid('tenant_id').notNullable().references('id').inTable('tenants').onDelete('CASCADE');
    t.timestamp('expires_at', { useTz: true }).notNullable();
  });
  await knex.schema.alterTable('tenants', (t) => {
    t.boolean('require_two_factor').notNullable().defaultTo(false);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('tenants', (t) => {
    t.dropColumn('require_two_factor');
  });
  await knex.schema.dropTable('login_challenges');
  await knex.schema.dropTable('operator_recovery_codes');
  await knex.schema.dropTable('operator_two_factor');
  await knex.schema.dropTable('trusted_devices');
  await knex.schema.alterTable('login_failures', (t) => {
    t.dropColumn('id');
  });
  await knex.raw('ALTER TABLE login_failures DROP CONSTRAINT login_failures_scope_check');
  await knex.raw(
    `ALTER TABLE login_failures ADD CONSTRAINT login_failures_scope_check CHECK (scope IN ('account', 'address'))`,
  );
}
