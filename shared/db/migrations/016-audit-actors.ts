import type { Knex } from 'knex';

/**
 * the audit log records every change whatever the principal, not only operators' ones.
 * `actor_kind` says who acted (an operator, an API key, a user JWT, an SFTP user, the CLI, the service
 * itself, or nobody yet for a failed sign-in), `actor_label` names it without a secret (a key's prefix,
 * a user id, an SFTP key's fingerprint), and the client's address and user agent say from where.
 * Rows written before this migration were an operator's (operator_id set) or an API key's.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('audit_log', (t) => {
    t.text('actor_kind');
    t.text('actor_label');
    t.text('client_address');
    t.text('user_agent');
  });
  await knex.raw(
    "update audit_log set actor_kind = case when operator_id is not null or operator_email is not null then 'operator' else 'apiKey' end",
  );
  await knex.raw("alter table audit_log alter column actor_kind set default 'operator'");
  await knex.raw('alter table audit_log alter column actor_kind set not null');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('audit_log', (t) => {
    t.dropColumn('actor_kind');
    t.dropColumn('actor_label');
    t.dropColumn('client_address');
    t.dropColumn('user_agent');
  });
}
