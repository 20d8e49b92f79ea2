import type { Knex } from 'knex';

/**
 * "Find people": the portal's search over referrals, accounts and users by partial name,
 * e-mail, id or share code, ignoring case and accents, served by trigram (pg_trgm) GIN indexes.
 *
 * - `search_fold(text)`: lower case without accents. `unaccent()` is only STABLE (its dictionary could
 *   change), so an index expression needs this IMMUTABLE wrapper; it names the dictionary with its
 *   schema so that it means the same under any search_path (restores, other roles).
 * - `people_search_doc(...)`: one user's searchable text (id, e-mail, names, share code) folded, so one
 *   index serves every field; stored as the generated column `users.search_doc` (and an account's folded
 *   id as `accounts.search_id`).
 * - Indexes: users' search_doc and accounts' search_id (trigrams), referrals' ids (the start of a UUID, B-tree). Exact past share codes
 *   keep `referral_codes_code_idx` and the referral list's code index (migrations 002 and 010).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('create extension if not exists unaccent');
  await knex.raw('create extension if not exists pg_trgm');
  const found = await knex.raw<{ rows: { nspname: string }[] }>(
    `select n.nspname from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'unaccent'`,
  );
  const schema = found.rows[0]!.nspname.replace(/"/g, '""');
  await knex.raw(
    `create or replace function search_fold(value text) returns text
       language sql immutable strict parallel safe
       as $$ select lower("${schema}".unaccent('"${schema}".unaccent'::regdictionary, value)) $$`,
  );
  await knex.raw(
    `create or replace function people_search_doc(id text, email text, first_name text, last_name text, share_code text)
       returns text language sql immutable parallel safe
       as $$ select search_fold(coalesce(id, '') || ' ' || coalesce(email, '') || ' ' || coalesce(first_name, '')
                                || ' ' || coalesce(last_name, '') || ' ' || coalesce(share_code, '')) $$`,
  );
  // Stored, so the index's recheck of candidate rows reads the folded text instead of running unaccent
  // again on every candidate (the bench's common-name searches spent most of their time there).
  await knex.raw(
    `alter table users add column search_doc text
       generated always as (people_search_doc(id, email, first_name, last_name, share_code)) stored`,
  );
  await knex.raw(
    'alter table accounts add column search_id text generated always as (search_fold(id)) stored',
  );
  await knex.raw('create index users_search_trgm_idx on users using gin (search_doc gin_trgm_ops)');
  await knex.raw('create index accounts_search_trgm_idx on accounts using gin (search_id gin_trgm_ops)');
  // Referral ids are UUIDs: people paste their start (a prefix), so a B-tree on the text serves them.
  await knex.raw(
    'create index referrals_id_prefix_idx on referrals (tenant_id, (id::text) text_pattern_ops)',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index referrals_id_prefix_idx');
  await knex.raw('drop index accounts_search_trgm_idx');
  await knex.raw('drop index users_search_trgm_idx');
  await knex.raw('alter table accounts drop column search_id');
  await knex.raw('alter table users drop column search_doc');
  await knex.raw('drop function people_search_doc(text, text, text, text, text)');
  await knex.raw('drop function search_fold(text)');
}
