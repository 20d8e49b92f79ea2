import type { CallOptions, Transport } from './http';
import type { IdentifyInput, User, Widget, WidgetQuery } from './types';

const enc = encodeURIComponent;

/** /open/account/{accountId}/user/{userId}, encoded. */
export function userPath(accountId: string, userId: string): string {
  return `/open/account/${enc(accountId)}/user/${enc(userId)}`;
}

/**
 * PUT /open/account/{accountId}/user/{userId}: creates or updates the user (and its account), attributes a
 * referral from `referredByCode` or `cookieCode`, converts on `accountStatus: 'PAID'`. Sent once (a write
 * without an idempotency key is never retried).
 */
export function upsertUser(
  transport: Transport,
  accountId: string,
  userId: string,
  body: IdentifyInput = {},
  call?: CallOptions,
): Promise<User> {
  return transport.json<User>(
    {
      operation: 'upsertUser',
      method: 'PUT',
      path: userPath(accountId, userId),
      json: body,
      retryable: false,
    },
    call,
  );
}

/** GET /open/account/{accountId}/user/{userId}; 404 USER_NOT_FOUND for an unknown user. */
export function getUser(
  transport: Transport,
  accountId: string,
  userId: string,
  call?: CallOptions,
): Promise<User> {
  return transport.json<User>(
    { operation: 'getUser', method: 'GET', path: userPath(accountId, userId), retryable: true },
    call,
  );
}

/**
 * GET /open/account/{accountId}/user/{userId}/widget: the referrer widget's data in one answer; `query`
 * pages the friends (cursor: the previous answer's referralsPage.nextCursor) and picks the share texts'
 * locale.
 */
export function getWidget(
  transport: Transport,
  accountId: string,
  userId: string,
  call?: CallOptions,
  query: WidgetQuery = {},
): Promise<Widget> {
  return transport.json<Widget>(
    {
      operation: 'getWidget',
      method: 'GET',
      path: `${userPath(accountId, userId)}/widget`,
      query: {
        cursor: query.cursor,
        limit: query.limit === undefined ? undefined : String(query.limit),
        locale: query.locale,
      },
      retryable: true,
    },
    call,
  );
}
