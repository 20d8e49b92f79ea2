import type { Knex } from 'knex';

/**
 * Restoring a reversal (a Stripe dispute won, shared/domain/programs/reward-restores.ts): a reward closed
 * by a reversal, and a partial refund's share row the full reversal cancelled, keep what they were before
 * (`status_before_reversal`, `expires_before_reversal`), so undoing the reversal puts them back exactly.
 * Null on rows no reversal closed.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('rewards', (t) => {
    t.text('status_before_reversal');
    t.timestamp('expires_before_reversal', { useTz: true });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('rewards', (t) => {
    t.dropColumns('status_before_reversal', 'expires_before_reversal');
  });
}
