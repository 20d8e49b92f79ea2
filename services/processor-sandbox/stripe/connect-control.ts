import { z } from 'zod';
import { completeOnboarding, reverseTransfer } from './connect';
import type { FrontContext } from './context';
import { ControlError } from './control-error';
import type { AccountState } from './state';

/*
 * Control routes for Connect payouts (JSON; not Stripe's; `key` names the platform account): the
 * onboarding page an account link points at (opening it finishes onboarding, as a payee would), or the
 * same by POST; a transfer reversed; the next transfers that pay answered late or dropped; a refusal
 * queued for the next transfer (to one destination); the transfers made per idempotency key.
 */

const schemas = {
  key: z.strictObject({ key: z.string().min(1) }),
  reverse: z.strictObject({ key: z.string().min(1), amount: z.number().int().positive().optional() }),
  fault: z.strictObject({
    mode: z.enum(['late', 'drop']),
    count: z.number().int().min(1).max(100).default(1),
    delayMs: z.number().int().min(0).max(120_000).default(5_000),
  }),
  refusal: z.strictObject({
    destination: z.string().startsWith('acct_').optional(),
    message: z.string().min(1),
    code: z.string().min(1).default('balance_insufficient'),
  }),
};

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

/** The answer to a Connect control route, or null when the route is not one of them. */
export function connectControl(
  ctx: FrontContext,
  accountOf: (key: string) => AccountState,
  method: string,
  url: URL,
  raw: string,
): [number, unknown] | null {
  const path = url.pathname;
  let match = /^\/_sandbox\/connect\/onboard\/([^/]+)\/([^/]+)$/.exec(path);
  if (method === 'GET' && match) {
    const platform = ctx.accounts.get(match[1]!);
    if (!platform) throw new ControlError(404, `no platform account ${match[1]}`);
    completeOnboarding({ ctx }, platform, match[2]!);
    const back = url.searchParams.get('return_url') ?? '';
    return [200, `Onboarding of ${match[2]} complete (stand-in). Return to ${back}\n`];
  }
  match = /^\/_sandbox\/connect\/accounts\/([^/]+)\/onboard$/.exec(path);
  if (method === 'POST' && match) {
    return [200, completeOnboarding({ ctx }, accountOf(parse(schemas.key, raw).key), match[1]!)];
  }
  match = /^\/_sandbox\/connect\/transfers\/([^/]+)\/reverse$/.exec(path);
  if (method === 'POST' && match) {
    const input = parse(schemas.reverse, raw);
    const params: Record<string, string> = input.amount ? { amount: String(input.amount) } : {};
    return [200, reverseTransfer({ ctx }, accountOf(input.key), match[1]!, params)];
  }
  if (method === 'POST' && path === '/_sandbox/connect/faults') {
    const input = parse(schemas.fault, raw);
    ctx.connect.faults.arm(input.mode, input.count, input.delayMs);
    return [200, { armed: ctx.connect.faults.armed() }];
  }
  if (method === 'POST' && path === '/_sandbox/connect/refusals') {
    ctx.connect.refusals.push(parse(schemas.refusal, raw));
    return [200, { queued: ctx.connect.refusals.length }];
  }
  if (method === 'GET' && path === '/_sandbox/connect/payments') {
    const key = url.searchParams.get('key') ?? undefined;
    return [200, { payments: ctx.connect.ledger.list(key), counts: ctx.connect.ledger.countsByKey() }];
  }
  return null;
}
