import { z } from 'zod';
import {
  AnswerError,
  type JsonAnswer,
  type JsonRequest,
  type JsonRoute,
  type StandInCall,
} from '../payout-common/json-server';
import { announce, type GiftCardState } from './state';

/*
 * The gift-card stand-in's control API under /_sandbox (JSON; not Tremendous'): what a recipient's
 * orders become (refused with a message, delivery FAILED or PENDING), a reward's delivery deciding later
 * or its order cancelled, the next paying requests answered late or dropped, the payments made per
 * external_id, the webhook deliveries, the calls, a reset.
 */

const schemas = {
  recipient: z.union([
    z.strictObject({ email: z.string().min(1), refuse: z.string().min(1) }),
    z.strictObject({ email: z.string().min(1), delivery: z.enum(['FAILED', 'PENDING', 'SCHEDULED']) }),
  ]),
  delivery: z.strictObject({ status: z.enum(['SUCCEEDED', 'FAILED']) }),
  fault: z.strictObject({
    mode: z.enum(['late', 'drop']),
    count: z.number().int().min(1).max(100).default(1),
    delayMs: z.number().int().min(0).max(120_000).default(5_000),
  }),
  revoke: z.strictObject({ key: z.string().min(1) }),
};

function parse<T>(schema: z.ZodType<T>, request: JsonRequest): T {
  const result = schema.safeParse(request.json ?? {});
  if (!result.success) throw new AnswerError(400, { error: z.prettifyError(result.error) });
  return result.data;
}

const ok = (body: unknown): JsonAnswer => ({ status: 200, body });

function orderOf(state: GiftCardState, id: string) {
  const found = state.orders.get(id);
  if (!found) throw new AnswerError(404, { error: `no order ${id}` });
  return found;
}

export function giftCardControlRoutes(state: GiftCardState, calls: () => StandInCall[]): JsonRoute[] {
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
      path: /^\/_sandbox\/recipients$/,
      handle(r) {
        const { email, ...rule } = parse(schemas.recipient, r);
        state.recipients.set(email.toLowerCase(), rule);
        return ok({ email, ...rule });
      },
    },
    {
      method: 'POST',
      path: /^\/_sandbox\/orders\/([^/]+)\/delivery$/,
      handle(r) {
        const { key, order } = orderOf(state, r.match[1]!);
        const { status } = parse(schemas.delivery, r);
        const reward = order.rewards[0]!;
        reward.delivery.status = status;
        announce(state, key, `REWARDS.DELIVERY.${status}`, { id: reward.id, type: 'rewards' });
        return ok({ order });
      },
    },
    {
      method: 'POST',
      path: /^\/_sandbox\/orders\/([^/]+)\/cancel$/,
      handle(r) {
        const { key, order } = orderOf(state, r.match[1]!);
        order.status = 'CANCELED';
        announce(state, key, 'REWARDS.CANCELED', { id: order.rewards[0]!.id, type: 'rewards' });
        return ok({ order });
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
      path: /^\/_sandbox\/keys\/revoke$/,
      handle(r) {
        state.revoked.add(parse(schemas.revoke, r).key);
        return ok({ revoked: true });
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
