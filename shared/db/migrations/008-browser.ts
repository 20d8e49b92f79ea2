import type { Knex } from 'knex';

/**
 * The browser side of a program: the origins allowed to call the user-JWT routes from a
 * browser (CORS), the tracking cookie's lifetime and first/last-click rule, the website linked from the
 * hosted landing page and the widget's headline overrides; and share-link visits counted per code and
 * day (written in batches by each gateway, so a row adds up every gateway's counts).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('tenants', (t) => {
    // Normalised origins (`https://shop.example`, `http://localhost:5173`), at most 50.
    t.specificType('allowed_origins', 'text[]').notNullable().defaultTo('{}');
    t.integer('referral_cookie_days').notNullable().defaultTo(365);
    t.boolean('referral_cookie_last_click_wins').notNullable().defaultTo(false);
    t.text('website_url');
    t.text('widget_headline');
    t.text('widget_subheadline');
  });
  await knex.raw(
    'alter table tenants add constraint tenants_referral_cookie_days_check check (referral_cookie_days between 1 and 730)',
  );

  await knex.schema.createTable('share_link_clicks', (t) => {
    t.uuid('tenant_id').notNullable().references('id').inTable('tenants').onDelete('CASCADE');
    t.text('code').notNullable();
    t.date('day').notNullable();
    t.bigInteger('clicks').notNullable().checkPositive();
    t.primary(['tenant_id', 'code', 'day']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('share_link_clicks');
  await knex.raw('alter table tenants drop constraint tenants_referral_cookie_days_check');
  await knex.schema.alterTable('tenants', (t) => {
    t.dropColumns(
      'allowed_origins',
      'referral_cookie_days',
      'referral_cookie_last_click_wins',
      'website_url',
      'widget_headline',
      'widget_subheadline',
    );
  });
}
