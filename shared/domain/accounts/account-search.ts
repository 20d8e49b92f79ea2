import { z } from 'zod';
import type { Db } from '../../db/knex';
import { createAccountSearchRepo } from '../../repos/account-search.repo';
import { createUserEventsRepo } from '../../repos/user-events.repo';
import { cursorSchema, encodeCursor, pageSizeSchema } from '../common/page-cursor';
import { searchTextSchema } from '../referrals/referral-search';
import { presentEvent, type LoggedEvent } from '../events/user-events';

/** GraphQL `accounts(search, first, after)`. */
export const accountListArgsSchema = z.object({
  search: searchTextSchema(255),
  /** partial name, e-mail, id or code, any case and accents; ranked. */
  query: searchTextSchema(255),
  first: pageSizeSchema,
  after: cursorSchema().nullish(),
});

export interface AccountSummary {
  id: string;
  email: string | null;
  /** The first user's name. */
  name: string | null;
  userCount: number;
  referralsMade: number;
  dateCreated: number;
}

/**
 * A page of the tenant's accounts, newest first. The search matches an account id, a user id, an
 * e-mail or a share code, exactly (e-mails and codes ignoring case); the query matches parts
 * of them and of names, ignoring case and accents, best matches first (people-search.repo).
 */
export async function searchAccounts(
  db: Db,
  tenantId: string,
  args: z.output<typeof accountListArgsSchema>,
): Promise<{ items: AccountSummary[]; endCursor: string | null; hasNextPage: boolean }> {
  const rows = await createAccountSearchRepo(db).page(tenantId, {
    search: args.search,
    query: args.query,
    limit: args.first + 1,
    after: args.after ?? undefined,
  });
  const page = rows.slice(0, args.first);
  const last = page[page.length - 1];
  return {
    items: page.map((r) => ({
      id: r.id,
      email: r.email,
      name: r.name,
      userCount: r.user_count,
      referralsMade: r.referrals_made,
      dateCreated: r.created_at.getTime(),
    })),
    endCursor: last
      ? encodeCursor({ micros: last.cursor_micros, id: last.id, rank: last.search_rank ?? undefined })
      : null,
    hasNextPage: rows.length > args.first,
  };
}

export const RECENT_EVENTS = 20;

/** The newest events of an account's users (at most 20), newest first. */
export async function listRecentAccountEvents(
  db: Db,
  tenantId: string,
  accountId: string,
): Promise<LoggedEvent[]> {
  const rows = await createUserEventsRepo(db).listRecentForAccount(tenantId, accountId, RECENT_EVENTS);
  return rows.map(presentEvent);
}
