import { z } from 'zod';
import { AnswerError, type JsonRoute, type StandInCall } from '../payout-common/json-server';
import { commonControlRoutes, ok, parseControl } from '../payout-common/control-common';
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
  revoke: z.strictObject({ key: z.string().min(1) }),
};

function orderOf(state: GiftCardState, id: string) {
  const found = state.orders.get(id);
  if (!found) throw new AnswerError(404, { error: `no order ${id}` });
  return found;
}

export function giftCardControlRoutes(state: GiftCardState, calls: () => StandInCall[]): JsonRoute[] {
  return [
    ...commonControlRoutes(state, calls),
    {
      method: 'POST',
      path: /^\/_sandbox\/recipients$/,
      handle(r) {
        const { email, ...rule } = parseControl(schemas.recipient, r);
        state.recipients.set(email.toLowerCase(), rule);
        return ok({ email, ...rule });
      },
    },
    {
      method: 'POST',
      path: /^\/_sandbox\/orders\/([^/]+)\/delivery$/,
      handle(r) {
        const { key, order } = orderOf(state, r.match[1]!);
        const { status } = parseControl(schemas.delivery, r);
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
      path: /^\/_sandbox\/keys\/revoke$/,
      handle(r) {
        state.revoked.add(parseControl(schemas.revoke, r).key);
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
