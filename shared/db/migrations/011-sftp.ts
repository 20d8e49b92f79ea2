import type { Knex } from 'knex';

/**
 * SFTP imports: the tenant's switch, its SSH public keys (only public keys are stored; a key
 * generated for the tenant is handed out once), and one row per file uploaded over SFTP, which the
 * `/status/<file>.json` documents are made from. SFTP servers read keys and the switch from here at each
 * authentication (no cache), so a revocation or a disabled tenant takes effect at the next connection
 * on every replica.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('tenants', (t) => {
    t.boolean('sftp_enabled').notNullable().defaultTo(false);
  });

  await knex.schema.createTable('sftp_keys', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('tenant_id').notNullable().references('id').inTable('tenants').onDelete('CASCADE');
    // OpenSSH's form, SHA256:<unpadded base64 of the SHA-256 of the key's wire blob>.
    t.text('fingerprint').notNullable();
    // The one-line OpenSSH form, `ssh-ed25519 AAAA… [comment]`, as given or generated.
    t.text('public_key').notNullable();
    t.text('key_type').notNullable();
    t.text('comment');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('last_used_at', { useTz: true });
    t.timestamp('revoked_at', { useTz: true });
  });
  // One active key per fingerprint and tenant; the same key may be added again once revoked.
  await knex.raw(
    'create unique index sftp_keys_active_fingerprint_idx on sftp_keys (tenant_id, fingerprint) where revoked_at is null',
  );

  await knex.schema.createTable('sftp_uploads', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('tenant_id').notNullable().references('id').inTable('tenants').onDelete('CASCADE');
    // The job type whose folder the file was uploaded to (/imports/<TYPE>/).
    t.text('folder').notNullable();
    t.text('file_name').notNullable();
    t.text('content_sha256').notNullable();
    t.bigInteger('bytes').notNullable();
    t.uuid('job_id').references('id').inTable('import_jobs').onDelete('SET NULL');
    // Line-numbered validation messages (a JSON array of strings); empty for a file that became a job.
    t.jsonb('errors').notNullable().defaultTo('[]');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(
    'create index sftp_uploads_tenant_file_idx on sftp_uploads (tenant_id, file_name, created_at desc)',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('sftp_uploads');
  await knex.schema.dropTable('sftp_keys');
  await knex.schema.alterTable('tenants', (t) => {
    t.dropColumn('sftp_enabled');
  });
}
