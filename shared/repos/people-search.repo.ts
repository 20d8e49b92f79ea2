import type { Knex } from 'knex';
import type { DbOrTrx } from '../db/knex';

/**
 * "Find people": which of a tenant's referrals and accounts a search text matches, each with
 * a rank, served by the trigram indexes of migration 026 (never a scan of the tenant's rows).
 *
 * Ranks: 0 an exact id, e-mail or share code (past codes too); 1 a prefix of an id, e-mail, code, first,
 * last or full name (a referral's UUID matches by its start only); 2 a part of any of them; 3 only similar
 * (`similar`: a word within pg_trgm's word_similarity_threshold). The lists ask for similar matches only
 * when nothing matches closer, for a name-like text (`wantsSimilar`): a typo still finds the person,
 * and a text that shares common trigrams with everyone ("code…") never makes the index recheck them all. Matching folds case and accents on both sides
 * (`search_fold`).
 */

/** A user as the lists show them next to ids. */
export interface PersonCells {
  id: string;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
}

/** A LIKE pattern's literal: `%`, `_` and `\` escaped. */
function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The shortest text whose similar matches are looked for (shorter ones share trigrams with too many). */
export const SIMILAR_MIN_LENGTH = 4;
/** Texts whose similar matches are looked for: names (letters, spaces, apostrophes, dots, hyphens), not ids or e-mails. */
const NAME_LIKE = /^[\p{L}\p{M}\s'.-]+$/u;

/** Whether a search with no closer match looks for similar ones (a misspelt name). */
export function wantsSimilar(text: string | undefined): text is string {
  return text !== undefined && text.length >= SIMILAR_MIN_LENGTH && NAME_LIKE.test(text);
}

/** The rank of a similar-only match. */
export const SIMILAR_RANK = 3;

/** The stored folded text of a user (migration 026), which the trigram index covers. */
const DOC = 'u.search_doc';
const HEXISH = /^[0-9a-f-]{4,36}$/i;

interface Bindings {
  t: string;
  raw: string;
  q: string;
  pre: string;
  sub: string;
}

function bindings(tenantId: string, text: string): Bindings {
  const folded = text.toLowerCase();
  return {
    t: tenantId,
    raw: text,
    q: folded,
    pre: `${likeLiteral(folded)}%`,
    sub: `%${likeLiteral(folded)}%`,
  };
}

/** Users of the tenant the text matches: (account_id, user_id, rank). Bindings :t :q :pre :sub. */
function userMatches(similar: boolean): string {
  const fuzzy = similar ? ` or search_fold(:q) <% ${DOC}` : '';
  const f = (c: string) => `search_fold(u.${c})`;
  return `select u.account_id, u.id as user_id,
      case
        when ${f('id')} = search_fold(:q) or ${f('email')} = search_fold(:q) or ${f('share_code')} = search_fold(:q) then 0
        when ${f('id')} like search_fold(:pre) or ${f('email')} like search_fold(:pre) or ${f('share_code')} like search_fold(:pre)
          or ${f('first_name')} like search_fold(:pre) or ${f('last_name')} like search_fold(:pre)
          or search_fold(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) like search_fold(:pre) then 1
        when ${DOC} like search_fold(:sub) then 2
        else 3
      end as rank
    from users u
    where u.tenant_id = :t and (${DOC} like search_fold(:sub)${fuzzy})`;
}

/** Accounts of the tenant whose id the text matches: (account_id, rank). */
const ACCOUNT_MATCHES = `select a.id as account_id,
    case when a.search_id = search_fold(:q) then 0 when a.search_id like search_fold(:pre) then 1 else 2 end as rank
  from accounts a where a.tenant_id = :t and a.search_id like search_fold(:sub)`;

/** Share codes held now or before, exactly (any case): (account_id, user_id). */
const CODE_MATCHES = `select c.account_id, c.user_id from referral_codes c where c.tenant_id = :t and upper(c.code) = upper(:raw)`;

/** `(select id, rank ...)`: the tenant's referrals the text matches, with their best rank. */
export function matchedReferrals(db: DbOrTrx, tenantId: string, text: string, similar = false): Knex.Raw {
  const byId = HEXISH.test(text)
    ? `union all
       select r.id, case when r.id::text = :q then 0 else 1 end
       from referrals r where r.tenant_id = :t and r.id::text like :pre`
    : '';
  return db.raw(
    `(with um as materialized (${userMatches(similar)}),
          am as materialized (${ACCOUNT_MATCHES} union all select account_id, 0 from (${CODE_MATCHES}) c)
      select id, min(rank) as rank from (
        select r.id, um.rank from um join referrals r on r.tenant_id = :t
          and r.referrer_account_id = um.account_id and r.referrer_user_id = um.user_id
        union all
        select r.id, um.rank from um join referrals r on r.tenant_id = :t and r.referred_account_id = um.account_id
        union all
        select r.id, am.rank from am join referrals r on r.tenant_id = :t and r.referrer_account_id = am.account_id
        union all
        select r.id, am.rank from am join referrals r on r.tenant_id = :t and r.referred_account_id = am.account_id
        union all
        select r.id, 0 from referrals r where r.tenant_id = :t and upper(r.referral_code_used) = upper(:raw)
        ${byId}
      ) hits group by id)`,
    bindings(tenantId, text) as unknown as Knex.ValueDict,
  );
}

/** `(select account_id, rank ...)`: the tenant's accounts the text matches, with their best rank. */
export function matchedAccounts(db: DbOrTrx, tenantId: string, text: string, similar = false): Knex.Raw {
  return db.raw(
    `(select account_id, min(rank) as rank from (
        select account_id, rank from (${userMatches(similar)}) um
        union all ${ACCOUNT_MATCHES}
        union all select account_id, 0 from (${CODE_MATCHES}) c
      ) hits group by account_id)`,
    bindings(tenantId, text) as unknown as Knex.ValueDict,
  );
}

/** A referral's referring user and its referred account's first user (by creation), tagged by side. */
export async function findReferralPeople(
  db: DbOrTrx,
  tenantId: string,
  ids: { referrerAccountId: string; referrerUserId: string; referredAccountId: string },
): Promise<(PersonCells & { side: 'referrer' | 'friend' })[]> {
  const cells = ['id', 'first_name', 'last_name', 'email'];
  return db('users')
    .where({ tenant_id: tenantId, account_id: ids.referrerAccountId, id: ids.referrerUserId })
    .select(db.raw("'referrer' as side"), ...cells)
    .unionAll(
      (q) =>
        q
          .from('users')
          .where({ tenant_id: tenantId, account_id: ids.referredAccountId })
          .orderBy([{ column: 'created_at' }, { column: 'id' }])
          .limit(1)
          .select(db.raw("'friend' as side"), ...cells),
      true,
    );
}
