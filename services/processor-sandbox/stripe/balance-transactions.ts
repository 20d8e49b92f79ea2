import { noSuchObject } from './context';
import { StripeApiError, missingParam, noSuch } from './errors';
import { metadataOf, str } from './form';
import { pageQuery, type Route, type RouteRequest } from './routes';
import { listOf, newId, now, type StripeObject } from './state';
import { present } from './shapes';

/*
 * /v1/customers/{id}/balance_transactions: localstripe has none. The front keeps them and sets the
 * customer's balance at localstripe (its `account_balance`, the opposite sign), so invoices use the
 * credit and customer reads show `balance`.
 */

async function customer({ ctx, account, match }: RouteRequest) {
  const id = match[1]!;
  return present(
    ctx,
    await ctx.fetchOwned(account, 'customer', '/v1/customers', id).catch(() => {
      throw noSuchObject('customer', id, 'customer');
    }),
  );
}

function transactionsOf(request: RouteRequest): StripeObject[] {
  const id = request.match[1]!;
  let list = request.account.balanceTransactions.get(id);
  if (!list) request.account.balanceTransactions.set(id, (list = []));
  return list;
}

async function create(request: RouteRequest) {
  const { ctx, account, params } = request;
  const amount = str(params, 'amount');
  if (amount === undefined) throw missingParam('amount');
  if (!/^-?\d+$/.test(amount))
    throw new StripeApiError(
      400,
      'invalid_request_error',
      'Invalid integer: ' + amount,
      'parameter_invalid_integer',
      'amount',
    );
  const currency = str(params, 'currency')?.toLowerCase();
  if (!currency) throw missingParam('currency');
  const cus = await customer(request);
  const ending = Number(cus.balance ?? 0) + Number(amount);
  await ctx.write(account, `/v1/customers/${cus.id}`, { account_balance: -ending }, true);
  const transaction: StripeObject = {
    id: newId('cbtxn_'),
    object: 'customer_balance_transaction',
    amount: Number(amount),
    created: now(),
    credit_note: null,
    currency,
    customer: cus.id,
    description: str(params, 'description') ?? null,
    ending_balance: ending,
    invoice: null,
    livemode: account.livemode,
    metadata: metadataOf(params),
    type: 'adjustment',
  };
  transactionsOf(request).push(transaction);
  return transaction;
}

async function one(request: RouteRequest) {
  await customer(request);
  const found = transactionsOf(request).find((t) => t.id === request.match[2]);
  if (!found) throw noSuch('customer balance transaction', request.match[2]!);
  return found;
}

export const balanceTransactionRoutes: Route[] = [
  { method: 'POST', path: /^\/v1\/customers\/([^/]+)\/balance_transactions$/, handle: create },
  { method: 'GET', path: /^\/v1\/customers\/([^/]+)\/balance_transactions\/([^/]+)$/, handle: one },
  {
    method: 'POST',
    path: /^\/v1\/customers\/([^/]+)\/balance_transactions\/([^/]+)$/,
    async handle(request) {
      const transaction = await one(request);
      if (request.params.description !== undefined)
        transaction.description = str(request.params, 'description') || null;
      transaction.metadata = metadataOf(request.params, transaction.metadata as Record<string, string>);
      return transaction;
    },
  },
  {
    method: 'GET',
    path: /^\/v1\/customers\/([^/]+)\/balance_transactions$/,
    async handle(request) {
      const cus = await customer(request);
      return listOf(
        `/v1/customers/${cus.id}/balance_transactions`,
        transactionsOf(request),
        pageQuery(request.params),
      );
    },
  },
];
