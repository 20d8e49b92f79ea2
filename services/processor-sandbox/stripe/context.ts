import { encodeForm, type Params } from './form';
import { StripeApiError } from './errors';
import { ConnectState } from './connect-state';
import type { EventHub } from './events';
import { newAccount, type AccountState, type StripeObject } from './state';

/* What every route of the front shares: the accounts, which account owns which localstripe object, and
   the way to localstripe. */

/** localstripe accepts any `sk_` key and keeps one set of objects for all of them. */
const LOCALSTRIPE_KEY = 'sk_test_stripe_front';

export interface Answer {
  status: number;
  body: unknown;
}

export class FrontContext {
  readonly accounts = new Map<string, AccountState>();
  /** localstripe object id → the account whose call made it (the front separates accounts by this). */
  readonly owners = new Map<string, string>();
  /** subscription id → the Discount objects the front applied to it (subscription-discounts.ts). */
  readonly discounts = new Map<string, StripeObject[]>();
  /** Recurring prices the front serves, by id (a localstripe plan of the same id carries each). */
  readonly prices = new Map<string, StripeObject>();
  /** Charges with a dispute (localstripe's charges have no `disputed`). */
  readonly disputedCharges = new Set<string>();
  /** Coupon fields localstripe does not keep (name, max_redemptions, redeem_by), by coupon id. */
  readonly couponExtras = new Map<string, Record<string, unknown>>();
  /** Metadata localstripe does not keep on update (a subscription's), by object id. */
  readonly metadata = new Map<string, Record<string, string>>();
  /** Connect payouts: transfers made per idempotency key, answer faults and queued refusals. */
  readonly connect = new ConnectState();

  constructor(
    readonly localstripeUrl: string,
    readonly events: EventHub,
  ) {}

  account(id: string, livemode = false): AccountState {
    let account = this.accounts.get(id);
    if (!account) this.accounts.set(id, (account = newAccount(id, livemode)));
    return account;
  }

  /** A request to localstripe; JSON bodies keep numbers numbers (localstripe reads JSON first). */
  async localstripe(
    method: string,
    path: string,
    body?: { form?: string; json?: unknown; params?: Record<string, unknown> },
    contentType?: string,
  ): Promise<Answer> {
    const headers: Record<string, string> = { authorization: `Bearer ${LOCALSTRIPE_KEY}` };
    let payload: string | undefined;
    if (body?.json !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body.json);
    } else if (body?.params !== undefined || body?.form !== undefined) {
      headers['content-type'] = contentType ?? 'application/x-www-form-urlencoded';
      payload = body.form ?? encodeForm(body.params!);
    }
    const res = await fetch(`${this.localstripeUrl}${path}`, { method, headers, body: payload });
    const text = await res.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : {};
    } catch {
      parsed = { error: { type: 'api_error', message: text.trim() } };
    }
    return { status: res.status, body: parsed };
  }

  /** A localstripe object the account may see, or Stripe's 404. */
  async fetchOwned(account: AccountState, kind: string, path: string, id: string): Promise<StripeObject> {
    const answer = await this.localstripe('GET', `${path}/${encodeURIComponent(id)}`);
    const owner = this.owners.get(id);
    if (answer.status !== 200 || (owner && owner !== account.id)) throw noSuchObject(kind, id);
    return answer.body as StripeObject;
  }

  /** Like fetchOwned, throwing the localstripe error as Stripe's when a write fails. */
  async write(account: AccountState, path: string, params: Params | Record<string, unknown>, json = false) {
    const answer = await this.localstripe('POST', path, json ? { json: params } : { params });
    if (answer.status >= 300) throw fromLocalstripe(answer);
    const object = answer.body as StripeObject;
    if (object.id && !this.owners.has(object.id)) this.owners.set(object.id, account.id);
    return object;
  }
}

export function noSuchObject(kind: string, id: string, param = 'id') {
  return new StripeApiError(
    404,
    'invalid_request_error',
    `No such ${kind}: '${id}'`,
    'resource_missing',
    param,
  );
}

/** localstripe's errors (`{error:{type,message}}`, often "Bad request" alone) as Stripe's. */
export function fromLocalstripe(answer: Answer): StripeApiError {
  const error = (answer.body as { error?: { message?: string; code?: string; param?: string } }).error ?? {};
  const status = answer.status === 500 ? 400 : answer.status;
  const type = status === 402 ? 'card_error' : 'invalid_request_error';
  return new StripeApiError(
    status,
    type as 'invalid_request_error',
    error.message ?? 'Bad request',
    error.code,
    error.param,
  );
}
