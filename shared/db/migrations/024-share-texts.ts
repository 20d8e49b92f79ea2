import type { Knex } from 'knex';

/**
 * a widget people share from: the program's share message and e-mail subject templates
 * ({program}, {offer}, {link}, {name}; null: the widget's default text for the friend's locale), and the
 * referrer's list paged by a keyset on (date_started, id): the referrer's index gains the id, so a page
 * after a cursor is one index range with a LIMIT, however many friends the referrer has.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('tenants', (t) => {
    t.text('share_message');
    t.text('share_email_subject');
  });
  await knex.raw(
    'create index referrals_tenant_referrer_started_id_idx on referrals (tenant_id, referrer_account_id, referrer_user_id, date_started desc, id desc)',
  );
  // The new index has the old one's columns as its prefix (a backward scan serves ascending reads).
  await knex.raw('drop index referrals_tenant_referrer_started_idx');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(
    'create index referrals_tenant_referrer_started_idx on referrals (tenant_id, referrer_account_id, referrer_user_id, date_started)',
  );
  await knex.raw('drop index referrals_tenant_referrer_started_id_idx');
  await knex.schema.alterTable('tenants', (t) => {
    t.dropColumns('share_message', 'share_email_subject');
  });
}
