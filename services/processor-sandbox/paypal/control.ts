import { z } from 'zod';
import { AnswerError, type JsonRoute } from '../payout-common/json-server';
import { commonControlRoutes, ok, parseControl } from '../payout-common/control-common';
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
  revoke: z.strictObject({ clientId: z.string().min(1) }),
};

export function payPalControlRoutes(state: PayPalState, calls: () => StandInCall[]): JsonRoute[] {
  return [
    ...commonControlRoutes(state, calls),
    {
      method: 'POST',
      path: /^\/_sandbox\/webhooks$/,
      handle(r) {
        const input = parseControl(schemas.webhook, r);
        const webhook = { id: payPalId(17), clientId: input.clientId, url: input.url };
        state.webhooks.push(webhook);
        return ok(webhook);
      },
    },
    {
      method: 'POST',
      path: /^\/_sandbox\/receivers$/,
      handle(r) {
        const { email, ...rule } = parseControl(schemas.receiver, r);
        state.receivers.set(email.toLowerCase(), rule);
        return ok({ email, ...rule });
      },
    },
    {
      method: 'POST',
      path: /^\/_sandbox\/items\/([^/]+)$/,
      handle(r) {
        const item = changeItem(state, r.match[1]!, parseControl(schemas.item, r));
        if (!item) throw new AnswerError(404, { error: `no item ${r.match[1]}` });
        return ok(item);
      },
    },
    {
      method: 'POST',
      path: /^\/_sandbox\/apps\/revoke$/,
      handle(r) {
        state.apps.set(parseControl(schemas.revoke, r).clientId, null);
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
