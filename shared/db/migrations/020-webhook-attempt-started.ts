import type { Knex } from 'knex';

/**
 * An attempt is logged as started (`UNKNOWN`) before its request is sent and
 * completed with its outcome after, so a request that reached a receiver is in the log even when the
 * worker was killed before the answer was recorded; such a row keeps the outcome UNKNOWN. Completing a
 * row changes no indexed column, and pages keep 30% free, so the update is in place (HOT).
 */
const OUTCOMES = ['SUCCEEDED', 'FAILED', 'GONE', 'ABANDONED'];

async function allow(knex: Knex, outcomes: string[]): Promise<void> {
  await knex.raw('alter table webhook_deliveries drop constraint webhook_deliveries_outcome_check');
  await knex.raw(
    `alter table webhook_deliveries add constraint webhook_deliveries_outcome_check check (outcome in (${outcomes.map((o) => `'${o}'`).join(', ')}))`,
  );
}

export async function up(knex: Knex): Promise<void> {
  await allow(knex, [...OUTCOMES, 'UNKNOWN']);
  await knex.raw('alter table webhook_deliveries set (fillfactor = 70)');
}

export async function down(knex: Knex): Promise<void> {
  await knex('webhook_deliveries').where({ outcome: 'UNKNOWN' }).update({ outcome: 'FAILED' });
  await allow(knex, OUTCOMES);
  await knex.raw('alter table webhook_deliveries reset (fillfactor)');
}
