import type { CallOptions, Transport } from './http';
import type {
  AccountRewards,
  AccountSyncInput,
  CodeLookup,
  DiscountAssociation,
  DiscountAssociationInput,
  SyncedAccount,
} from './types';

const enc = encodeURIComponent;

/** POST /accountsync: subscription facts (PAID converts) and `referral.code` (attributes). Sent once. */
export function syncAccount(
  transport: Transport,
  input: AccountSyncInput,
  call?: CallOptions,
): Promise<SyncedAccount> {
  return transport.json<SyncedAccount>(
    { operation: 'syncAccount', method: 'POST', path: '/accountsync', json: input, retryable: false },
    call,
  );
}

/** GET /code/{code}: the discount a referred customer gets; 404 REFERRAL_CODE_NOT_FOUND. */
export function lookupCode(transport: Transport, code: string, call?: CallOptions): Promise<CodeLookup> {
  return transport.json<CodeLookup>(
    { operation: 'lookupCode', method: 'GET', path: `/code/${enc(code)}`, retryable: true },
    call,
  );
}

/**
 * GET /account/{accountId}/reward[?couponCode=]: the account's discount now (and what a coupon code would
 * give an account not referred yet); 404 NOT_FOUND for an unknown account.
 */
export function getAccountRewards(
  transport: Transport,
  accountId: string,
  query: { couponCode?: string } = {},
  call?: CallOptions,
): Promise<AccountRewards> {
  return transport.json<AccountRewards>(
    {
      operation: 'getAccountRewards',
      method: 'GET',
      path: `/account/${enc(accountId)}/reward`,
      query: { couponCode: query.couponCode },
      retryable: true,
    },
    call,
  );
}

/**
 * POST /discount: ties the processor customer to the account and attributes it by the coupon code.
 * Sent once.
 */
export function associateDiscount(
  transport: Transport,
  input: DiscountAssociationInput,
  call?: CallOptions,
): Promise<DiscountAssociation> {
  return transport.json<DiscountAssociation>(
    { operation: 'associateDiscount', method: 'POST', path: '/discount', json: input, retryable: false },
    call,
  );
}
