import { z } from 'zod';
import { AnswerError, type JsonAnswer, type JsonRequest, type JsonRoute } from '../payout-common/json-server';
import { changeItem } from './batches';
import { payPalId, type PayPalState } from './state';
import type { StandInCall } from '../payout-common/json-server';

/*
 * The PayPal stand-in's control API under /_sandbox (JSON; not PayPal's): what a test or a benchmark does
 * that is not an API call. Registering a webhook; what a receiver's items become (FAILED with a message,
 * UNCLAIMED, ONHOLD...); a paid item changing later (RETURNED, UNCLAIMED, REFUNDED); the next paying
 * requests answered late or dropped; request ids forgotten (expired); the payments made per
 * sender_item_id; the calls; a reset.
 */

const STATUSES = [
  'SUCCESS',
  'FAILED',
  'PENDING',
  'UNCLAIMED',
  'RETURNED',
  'ONHOLD',
  'BLOCKED',
  'REFUNDED',
  'DENIED',
  'REVERSED',
] as const;

const schemas = {
  webhook: z.strictObject({ clientId: z.string().min(1), url: z.url() }),
  receiver: z.strictObject({
    email: z.string().min(1),
    status: z.enum(STATUSES),
    name: z.string().optional(),
    message: z.string().optional(),
  }),
  item: z.strictObject({
    status: z.enum(STATUSES),
    name: z.string().optional(),
    message: z.string().optional(),
  }),
  fault: z.strictObject({
    mode: z.enum(['late', 'drop']),
    count: z.number().int().min(1).max(100).default(1),
    delayMs: z.number().int().min(0).max(120_000).default(5_000),
  }),
  revoke: z.strictObject({ clientId: z.string().min(1) }),
};

function parse<T>(schema: z.ZodType<T>, request: JsonRequest): T {
  const result = schema.safeParse(request.json ?? {});
  if (!result.success) throw new AnswerError(400, { error: z.prettifyError(result.error) });
  return result.data;
}

const ok = (body: unknown): JsonAnswer => ({ status: 200, body });

export function payPalControlRoutes(state: PayPalState, calls: () => StandInCall[]): JsonRoute[] {
  return [
    { method: 'GET', path: /^\/_sandbox\/calls$/, handle: () => ok(calls()) },
    {
      method: 'GET',
      path: /^\/_sandbox\/payments$/,
      handle: (r) =>
        ok({
          payments: state.ledger.list(r.query.get('key') ?? undefined),
          counts: state.ledger.countsByKey(),
        }),
    },
    { method: 'GET', path: /^\/_sandbox\/deliveries$/, handle: () => ok(state.outbox.list()) },
    {
      method: 'POST',
      path: /^\/_sandbox\/webhooks$/,
      handle(r) {
        const input = parse(schemas.webhook, r);
        const webhook = { id: payPalId(17), clientId: input.clientId, url: input.url };
        state.webhooks.push(webhook);
        return ok(webhook);
      },
    },
    {
      method: 'POST',
      path: /^\/_sandbox\/receivers$/,
      handle(r) {
        const { email, ...rule } = parse(schemas.receiver, r);
        state.receivers.set(email.toLowerCase(), rule);
        return ok({ email, ...rule });
      },
    },
    {
      method: 'POST',
      path: /^\/_sandbox\/items\/([^/]+)$/,
      handle(r) {
        const item = changeItem(state, r.match[1]!, parse(schemas.item, r));
        if (!item) throw new AnswerError(404, { error: `no item ${r.match[1]}` });
        return ok(item);
      },
    },
    {
      method: 'POST',
      path: /^\/_sandbox\/faults$/,
      handle(r) {
        const input = parse(schemas.fault, r);
        state.faults.arm(input.mode, input.count, input.delayMs);
        return ok({ armed: state.faults.armed() });
      },
    },
    {
      method: 'POST',
      path: /^\/_sandbox\/apps\/revoke$/,
      handle(r) {
        state.apps.set(parse(schemas.revoke, r).clientId, null);
        return ok({ revoked: true });
      },
    },
    {
      // PayPal keeps a PayPal-Request-Id's answer for a limited time: after it, a repeat meets the
      // sender_batch_id check instead.
      method: 'POST',
      path: /^\/_sandbox\/request-ids\/forget$/,
      handle() {
        state.requestIds.clear();
        return ok({ forgotten: true });
      },
    },
    {
      method: 'POST',
      path: /^\/_sandbox\/reset$/,
      handle() {
        state.reset();
        return ok({ reset: true });
      },
    },
  ];
}
