import { StripeApiError, missingParam, noSuch } from './errors';
import { metadataOf, obj, str, type Params } from './form';
import { pageQuery, type Route, type RouteRequest } from './routes';
import { listOf, newId, now, objectsOf, type AccountState, type StripeObject } from './state';

/*
 * Stripe Connect for payouts, which localstripe lacks: Express connected accounts (POST/GET
 * /v1/accounts), onboarding links (POST /v1/account_links; the link's page, a control route, finishes
 * onboarding), transfers to a connected account (POST/GET /v1/transfers) and their reversals
 * (/v1/transfers/{id}/reversals). Objects belong to the platform account whose key made them.
 */

const int = (params: Params, key: string): number | undefined => {
  const value = str(params, key);
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value))
    throw new StripeApiError(
      400,
      'invalid_request_error',
      `Invalid integer: ${value}`,
      'parameter_invalid_integer',
      key,
    );
  return Number(value);
};

export function connectedAccountOf(account: AccountState, id: string): StripeObject {
  const found = account.objects.get(id);
  if (found?.object !== 'account') throw noSuch('account', id, 'account');
  return found;
}

export function transferOf(account: AccountState, id: string): StripeObject {
  const found = account.objects.get(id);
  if (found?.object !== 'transfer') throw noSuch('transfer', id);
  return found;
}

/** Onboarding finished and verified: the transfers capability active, payouts enabled. */
export function completeOnboarding(request: Pick<RouteRequest, 'ctx'>, account: AccountState, id: string) {
  const connected = connectedAccountOf(account, id);
  connected.capabilities = { ...(connected.capabilities as object), transfers: 'active' };
  connected.details_submitted = true;
  connected.payouts_enabled = true;
  connected.charges_enabled = true;
  (connected.requirements as Record<string, unknown>).currently_due = [];
  request.ctx.events.emit(account, 'account.updated', connected);
  return connected;
}

function createAccount({ account, params }: RouteRequest): StripeObject {
  const type = str(params, 'type') ?? 'express';
  if (!['express', 'custom', 'standard'].includes(type)) {
    throw new StripeApiError(
      400,
      'invalid_request_error',
      `Invalid type: ${type}`,
      'parameter_invalid_empty',
      'type',
    );
  }
  const requested = obj(params, 'capabilities') ?? {};
  const connected: StripeObject = {
    id: newId('acct_', 16),
    object: 'account',
    business_type: null,
    capabilities: Object.fromEntries(Object.keys(requested).map((k) => [k, 'inactive'])),
    charges_enabled: false,
    country: (str(params, 'country') ?? 'US').toUpperCase(),
    created: now(),
    default_currency: 'usd',
    details_submitted: false,
    email: str(params, 'email') ?? null,
    metadata: metadataOf(params),
    payouts_enabled: false,
    requirements: {
      currently_due: ['external_account', 'tos_acceptance.date'],
      disabled_reason: 'requirements.past_due',
    },
    type,
  };
  account.objects.set(connected.id, connected);
  return connected;
}

function createLink(ctx: RouteRequest, frontUrl: string): StripeObject {
  const { account, params } = ctx;
  const id = str(params, 'account');
  if (!id) throw missingParam('account');
  connectedAccountOf(account, id);
  for (const key of ['refresh_url', 'return_url', 'type']) if (!str(params, key)) throw missingParam(key);
  const query = new URLSearchParams({
    return_url: str(params, 'return_url')!,
    refresh_url: str(params, 'refresh_url')!,
  });
  return {
    object: 'account_link',
    id: newId('acctlink_'),
    created: now(),
    expires_at: now() + 300,
    url: `${frontUrl}/_sandbox/connect/onboard/${account.id}/${id}?${query}`,
  };
}

function createTransfer(request: RouteRequest): StripeObject {
  const { ctx, account, params } = request;
  const amount = int(params, 'amount');
  if (!amount) throw missingParam('amount');
  const currency = str(params, 'currency');
  if (!currency) throw missingParam('currency');
  const destination = str(params, 'destination');
  if (!destination) throw missingParam('destination');
  const connected = connectedAccountOf(account, destination);
  if ((connected.capabilities as Record<string, string>).transfers !== 'active') {
    throw new StripeApiError(
      400,
      'invalid_request_error',
      'Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments',
      'insufficient_capabilities_for_transfer',
      'destination',
    );
  }
  const refusal = ctx.connect.takeRefusal(destination);
  if (refusal) throw new StripeApiError(400, 'invalid_request_error', refusal.message, refusal.code);
  const id = newId('tr_');
  const transfer: StripeObject = {
    id,
    object: 'transfer',
    amount,
    amount_reversed: 0,
    balance_transaction: newId('txn_'),
    created: now(),
    currency: currency.toLowerCase(),
    description: str(params, 'description') ?? null,
    destination,
    destination_payment: newId('py_'),
    livemode: account.livemode,
    metadata: metadataOf(params),
    reversals: {
      object: 'list',
      data: [],
      has_more: false,
      total_count: 0,
      url: `/v1/transfers/${id}/reversals`,
    },
    reversed: false,
    source_transaction: null,
    source_type: 'card',
    transfer_group: str(params, 'transfer_group') ?? null,
  };
  account.objects.set(id, transfer);
  ctx.connect.ledger.record({
    id,
    key: request.idempotencyKey ?? id,
    amountCents: amount,
    currency: currency.toUpperCase(),
    receiver: destination,
  });
  ctx.events.emit(account, 'transfer.created', transfer);
  return transfer;
}

/** Reverses a transfer (all of what is left unless `amount`): `transfer.reversed`. */
export function reverseTransfer(
  request: Pick<RouteRequest, 'ctx'>,
  account: AccountState,
  id: string,
  params: Params = {},
) {
  const transfer = transferOf(account, id);
  const left = Number(transfer.amount) - Number(transfer.amount_reversed);
  const amount = int(params, 'amount') ?? left;
  if (left === 0)
    throw new StripeApiError(400, 'invalid_request_error', `Transfer ${id} has already been fully reversed.`);
  if (amount <= 0 || amount > left) {
    throw new StripeApiError(
      400,
      'invalid_request_error',
      `Refund amount (${amount}) is greater than transfer amount left (${left})`,
      undefined,
      'amount',
    );
  }
  const reversal: StripeObject = {
    id: newId('trr_'),
    object: 'transfer_reversal',
    amount,
    created: now(),
    currency: transfer.currency,
    metadata: metadataOf(params),
    transfer: id,
  };
  const reversals = transfer.reversals as { data: StripeObject[]; total_count: number };
  reversals.data.unshift(reversal);
  reversals.total_count += 1;
  transfer.amount_reversed = Number(transfer.amount_reversed) + amount;
  transfer.reversed = transfer.amount_reversed === transfer.amount;
  request.ctx.events.emit(account, 'transfer.reversed', transfer);
  return reversal;
}

export function connectRoutes(frontUrl: () => string): Route[] {
  return [
    { method: 'POST', path: /^\/v1\/accounts$/, handle: createAccount },
    {
      method: 'GET',
      path: /^\/v1\/accounts\/([^/]+)$/,
      handle: ({ account, match }) => connectedAccountOf(account, match[1]!),
    },
    { method: 'POST', path: /^\/v1\/account_links$/, handle: (r) => createLink(r, frontUrl()) },
    { method: 'POST', path: /^\/v1\/transfers$/, handle: createTransfer },
    {
      method: 'GET',
      path: /^\/v1\/transfers\/([^/]+)$/,
      handle: ({ account, match }) => transferOf(account, match[1]!),
    },
    {
      method: 'GET',
      path: /^\/v1\/transfers$/,
      handle: ({ account, params }) =>
        listOf(
          '/v1/transfers',
          objectsOf(account, 'transfer').filter(
            (t) =>
              (params.destination === undefined || t.destination === params.destination) &&
              (params.transfer_group === undefined || t.transfer_group === params.transfer_group),
          ),
          pageQuery(params),
        ),
    },
    {
      method: 'POST',
      path: /^\/v1\/transfers\/([^/]+)\/reversals$/,
      handle: (r) => reverseTransfer(r, r.account, r.match[1]!, r.params),
    },
    {
      method: 'GET',
      path: /^\/v1\/transfers\/([^/]+)\/reversals$/,
      handle: ({ account, match, params }) =>
        listOf(
          `/v1/transfers/${match[1]}/reversals`,
          [...(transferOf(account, match[1]!).reversals as { data: StripeObject[] }).data].reverse(),
          pageQuery(params),
        ),
    },
  ];
}
