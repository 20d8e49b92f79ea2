import crypto from 'node:crypto';

/* What the front keeps itself: per account (a key's account), the objects localstripe lacks. */

export type StripeObject = Record<string, unknown> & { id: string; object: string };

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** An id as Stripe makes them: the type's prefix and 24 random letters and digits. */
export function newId(prefix: string, length = 24): string {
  const bytes = crypto.randomBytes(length);
  return `${prefix}${[...bytes].map((b) => ALPHABET[b % ALPHABET.length]).join('')}`;
}

export const now = () => Math.floor(Date.now() / 1000);

export interface WebhookEndpoint extends StripeObject {
  url: string;
  enabled_events: string[];
  api_version: string | null;
  secret: string;
}

export interface AccountState {
  id: string;
  /** Made with a live key (sk_live_/rk_live_): the front's objects and events say livemode: true. */
  livemode: boolean;
  /** Objects the front serves, by id: webhook endpoints, promotion codes, checkout sessions, prices, ... */
  objects: Map<string, StripeObject>;
  /** Events of this account (the front's own and those relayed from localstripe), newest last. */
  events: Map<string, StripeObject>;
  /** Customer balance transactions by customer id. */
  balanceTransactions: Map<string, StripeObject[]>;
}

export function newAccount(id: string, livemode = false): AccountState {
  return { id, livemode, objects: new Map(), events: new Map(), balanceTransactions: new Map() };
}

/** The objects of one type (`object` field) of an account, oldest first. */
export function objectsOf<T extends StripeObject = StripeObject>(account: AccountState, type: string): T[] {
  return [...account.objects.values()].filter((o) => o.object === type) as T[];
}

/** Stripe's list envelope, newest first, with limit / starting_after / ending_before. */
export function listOf(
  url: string,
  items: StripeObject[],
  query: { limit?: string; starting_after?: string; ending_before?: string },
) {
  const newestFirst = [...items].reverse();
  const limit = Math.min(Math.max(Number(query.limit ?? 10) || 10, 1), 100);
  let start = 0;
  let end = newestFirst.length;
  if (query.starting_after) start = newestFirst.findIndex((o) => o.id === query.starting_after) + 1;
  if (query.ending_before)
    end = Math.max(
      newestFirst.findIndex((o) => o.id === query.ending_before),
      0,
    );
  const page = query.ending_before
    ? newestFirst.slice(Math.max(start, end - limit), end)
    : newestFirst.slice(start, start + limit);
  const last = page.length ? newestFirst.indexOf(page[page.length - 1]!) : start;
  return { object: 'list', url, has_more: last + 1 < end, data: page };
}
