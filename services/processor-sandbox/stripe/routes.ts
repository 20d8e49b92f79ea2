import type { FrontContext } from './context';
import type { Params } from './form';
import type { ApiKey } from './keys';
import type { AccountState } from './state';

/* A route the front serves itself. Handlers answer the object (200) or throw a StripeApiError. */

export interface RouteRequest {
  ctx: FrontContext;
  account: AccountState;
  apiKey: ApiKey;
  method: string;
  path: string;
  match: RegExpExecArray;
  /** The form body of a POST, the query of a GET or DELETE. */
  params: Params;
  idempotencyKey: string | null;
}

export interface Route {
  method: 'GET' | 'POST' | 'DELETE';
  path: RegExp;
  handle(request: RouteRequest): unknown;
}

export const pageQuery = (params: Params) => ({
  limit: typeof params.limit === 'string' ? params.limit : undefined,
  starting_after: typeof params.starting_after === 'string' ? params.starting_after : undefined,
  ending_before: typeof params.ending_before === 'string' ? params.ending_before : undefined,
});
