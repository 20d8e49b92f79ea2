import type { Knex } from 'knex';

/**
 * Charge-backs: the first time the processor tells us that a charge of an account's customer
 * was disputed (Braintree `dispute_opened` / `dispute_lost`), `charged_back_at` records when, once. The
 * referral lifecycle reads it under the account's lock and cancels that referral's rewards still held
 * (PENDING, or waiting for review) at that moment.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('accounts', (t) => {
    t.timestamp('charged_back_at', { useTz: true });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('accounts', (t) => {
    t.dropColumn('charged_back_at');
  });
}
