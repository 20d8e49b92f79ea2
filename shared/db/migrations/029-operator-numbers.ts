import type { Knex } from 'knex';

/**
 * safe defaults and the operator's numbers. A new program caps a referrer's summed discount
 * at 50 % (was 100 %: a busy referrer reached 100 % off for ever) and holds SAME_EMAIL and
 * DISPOSABLE_EMAIL referrals for review (was: every signal ALLOW). Only the column defaults change:
 * programs that exist keep the settings they have.
 */
export const SAFE_FRAUD_POLICY = [
  { signal: 'SAME_EMAIL', action: 'REVIEW' },
  { signal: 'DISPOSABLE_EMAIL', action: 'REVIEW' },
];

export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table tenants alter column max_referrer_discount_percent set default 50');
  // DDL takes no bind parameters; the JSON is our own constant (no quotes to escape).
  await knex.raw(
    `alter table tenants alter column fraud_policy set default '${JSON.stringify(SAFE_FRAUD_POLICY)}'::jsonb`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table tenants alter column max_referrer_discount_percent set default 100');
  await knex.raw("alter table tenants alter column fraud_policy set default '[]'::jsonb");
}
