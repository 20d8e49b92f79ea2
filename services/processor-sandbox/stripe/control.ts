import { z } from 'zod';
import { completeSession } from './checkout-completion';
import { connectControl } from './connect-control';
import { ControlError } from './control-error';
import type { FrontContext } from './context';
import { closeDispute, openDispute } from './disputes';
import { StripeApiError } from './errors';
import { authenticate } from './keys';
import type { Relay } from './relay';
import type { CallLog } from './call-log';

/*
 * The control API under /_sandbox (JSON; not Stripe's): what a test does that is not an API call (a buyer
 * completing Checkout, a bank opening or deciding a dispute), the call log, and the deliveries, which a
 * test can hold, release in an order or several times, and send again. `key` names the account.
 */

const key = z.string().min(1);
const schemas = {
  account: z.strictObject({ key: key.optional() }),
  release: z.strictObject({
    key: key.optional(),
    order: z.array(z.string().min(1)).optional(),
    times: z.number().int().min(1).max(10).optional(),
    keepHolding: z.boolean().optional(),
  }),
  resend: z.strictObject({ key, endpoint: z.string().optional() }),
  complete: z.strictObject({
    key,
    promotion_code: z.string().min(1).optional(),
    email: z.string().email().optional(),
    payment_method: z.string().startsWith('pm_').optional(),
  }),
  dispute: z.strictObject({
    key,
    reason: z.string().optional(),
    amount: z.number().int().positive().optional(),
  }),
  close: z.strictObject({ key, status: z.enum(['won', 'lost']) }),
  revoke: z.strictObject({ key }),
};

export { ControlError };

function parse<T>(schema: z.ZodType<T>, raw: string): T {
  let value: unknown;
  try {
    value = raw ? JSON.parse(raw) : {};
  } catch {
    throw new ControlError(400, 'body is not JSON');
  }
  const result = schema.safeParse(value);
  if (!result.success) throw new ControlError(400, z.prettifyError(result.error));
  return result.data;
}

export interface ControlDeps {
  ctx: FrontContext;
  relay: Relay;
  calls: CallLog;
  revoked: Set<string>;
  usage: () => string;
  reset: () => void;
}

export async function control(
  deps: ControlDeps,
  method: string,
  url: URL,
  raw: string,
  signature: string | undefined,
): Promise<[number, unknown]> {
  const { ctx } = deps;
  const path = url.pathname;
  const accountOf = (k: string) => {
    const apiKey = authenticate(`Bearer ${k}`, deps.revoked);
    return ctx.account(apiKey.account, apiKey.mode === 'live');
  };
  const optionalAccount = (k?: string) => (k ? accountOf(k).id : undefined);
  if (method === 'POST' && path === '/_sandbox/relay') return [deps.relay.receive(raw, signature), {}];
  if (method === 'GET' && (path === '/_sandbox' || path === '/')) return [200, deps.usage()];
  if (method === 'GET' && path === '/_sandbox/calls')
    return [200, deps.calls.list(url.searchParams.get('key'))];
  if (method === 'GET' && path === '/_sandbox/deliveries') {
    const k = url.searchParams.get('key');
    return [200, ctx.events.list(k ? accountOf(k).id : undefined)];
  }
  if (method === 'POST' && path === '/_sandbox/deliveries/hold') {
    ctx.events.hold(optionalAccount(parse(schemas.account, raw).key) ?? '*');
    return [200, { holding: true }];
  }
  if (method === 'POST' && path === '/_sandbox/deliveries/release') {
    const input = parse(schemas.release, raw);
    const account = optionalAccount(input.key);
    return [200, await ctx.events.release(ctx.accounts, { ...input, account })];
  }
  if (method === 'POST' && path === '/_sandbox/keys/revoke') {
    deps.revoked.add(parse(schemas.revoke, raw).key);
    return [200, { revoked: true }];
  }
  if (method === 'POST' && path === '/_sandbox/reset') {
    deps.reset();
    return [200, { reset: true }];
  }
  let match = /^\/_sandbox\/events\/([^/]+)\/resend$/.exec(path);
  if (method === 'POST' && match) {
    const input = parse(schemas.resend, raw);
    return [200, await ctx.events.resend(accountOf(input.key), match[1]!, input.endpoint)];
  }
  match = /^\/_sandbox\/checkout\/sessions\/([^/]+)(\/complete)?$/.exec(path);
  if (method === 'GET' && match && !match[2])
    return [200, { session: match[1], complete: `POST ${url.origin}${path}/complete {"key":"sk_test_..."}` }];
  if (method === 'POST' && match?.[2]) {
    const input = parse(schemas.complete, raw);
    return [
      200,
      await completeSession(ctx, accountOf(input.key), match[1]!, {
        promotionCode: input.promotion_code,
        email: input.email,
        paymentMethod: input.payment_method,
      }),
    ];
  }
  match = /^\/_sandbox\/charges\/([^/]+)\/dispute$/.exec(path);
  if (method === 'POST' && match) {
    const input = parse(schemas.dispute, raw);
    return [200, await openDispute(ctx, accountOf(input.key), match[1]!, input)];
  }
  match = /^\/_sandbox\/disputes\/([^/]+)\/close$/.exec(path);
  if (method === 'POST' && match) {
    const input = parse(schemas.close, raw);
    return [200, closeDispute(ctx, accountOf(input.key), match[1]!, input.status)];
  }
  const connect = connectControl(ctx, accountOf, method, url, raw);
  if (connect) return connect;
  throw new ControlError(404, `no such sandbox route: ${method} ${path}`);
}

/** A Stripe error met in a control route (no such session, closed dispute...) keeps its status. */
export function controlFailure(err: unknown): [number, unknown] {
  if (err instanceof ControlError) return [err.status, { error: err.message }];
  if (err instanceof StripeApiError) return [err.status, err.body()];
  return [400, { error: (err as Error).message }];
}
