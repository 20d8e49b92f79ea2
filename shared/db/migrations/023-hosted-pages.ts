import type { Knex } from 'knex';

/**
 * parts 1-2: the default share path and branded hosted pages. Program settings for where the
 * hosted page continues (signup_url), share links on the merchant's domain (share_link_url, share_param)
 * or on a custom host of ours (custom_host, unique across tenants), the page's brand (colour, texts, logo);
 * the uploaded logos (re-encoded PNG) and the rendered share images (one per program settings version
 * and code), both kept in PostgreSQL so every gateway serves the same bytes.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('tenants', (t) => {
    t.text('signup_url').nullable();
    t.text('share_link_url').nullable();
    t.text('share_param').notNullable().defaultTo('ref');
    t.text('custom_host').nullable();
    t.text('brand_color').nullable();
    t.text('landing_headline').nullable();
    t.text('landing_text').nullable();
    t.text('landing_button_text').nullable();
    t.text('logo_hash').nullable();
  });
  await knex.raw('create unique index tenants_custom_host_unique on tenants (lower(custom_host))');
  await knex.schema.createTable('program_logos', (t) => {
    t.uuid('tenant_id').notNullable().references('id').inTable('tenants').onDelete('CASCADE');
    t.text('hash').notNullable();
    t.binary('png').notNullable();
    t.integer('width').notNullable();
    t.integer('height').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['tenant_id', 'hash']);
  });
  await knex.schema.createTable('share_images', (t) => {
    t.uuid('tenant_id').notNullable().references('id').inTable('tenants').onDelete('CASCADE');
    t.text('code').notNullable();
    /** A hash of everything the image shows (program settings version): a change renders a new one. */
    t.text('version').notNullable();
    t.binary('png').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['tenant_id', 'code', 'version']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('share_images');
  await knex.schema.dropTable('program_logos');
  await knex.raw('drop index if exists tenants_custom_host_unique');
  await knex.schema.alterTable('tenants', (t) => {
    for (const c of [
      'signup_url',
      'share_link_url',
      'share_param',
      'custom_host',
      'brand_color',
      'landing_headline',
      'landing_text',
      'landing_button_text',
      'logo_hash',
    ])
      t.dropColumn(c);
  });
}
