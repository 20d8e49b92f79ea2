import crypto from 'node:crypto';
import { z } from 'zod';
import { AnswerError, type JsonAnswer, type JsonRequest, type JsonRoute } from '../payout-common/json-server';
import { announce, giftCardId, type GiftCardOrderState, type GiftCardState } from './state';

/*
 * Tremendous' API routes the official `tremendous` client calls, under /api/v2: orders (one reward each;
 * external_id makes the order idempotent: a repeat answers the original order with 201 and makes none),
 * an order by its id or external_id, a reward, and the organization's webhook. Errors are Tremendous'
 * `{ errors: { message, payload } }`.
 */

export const giftCardError = (status: number, message: string, payload: unknown = {}) =>
  new AnswerError(status, { errors: { message, payload } });

function keyOf(state: GiftCardState, request: JsonRequest): string {
  const [scheme, key] = (request.headers.authorization ?? '').split(' ');
  if (scheme !== 'Bearer' || !key || state.revoked.has(key)) throw giftCardError(401, 'Unauthorized');
  return key;
}

const orderSchema = z.looseObject({
  external_id: z.string().min(1).max(255).nullish(),
  payment: z.looseObject({ funding_source_id: z.string().min(1) }),
  reward: z.looseObject({
    campaign_id: z.string().min(1).nullish(),
    products: z.array(z.string().min(1)).optional(),
    value: z.looseObject({
      denomination: z.number().positive(),
      currency_code: z.string().regex(/^[A-Z]{3}$/),
    }),
    recipient: z.looseObject({ name: z.string().min(1), email: z.email() }),
    delivery: z.looseObject({ method: z.enum(['EMAIL', 'LINK', 'PHONE']) }).optional(),
  }),
});

function createOrder(state: GiftCardState, request: JsonRequest): JsonAnswer {
  const key = keyOf(state, request);
  const parsed = orderSchema.safeParse(request.json);
  if (!parsed.success) throw giftCardError(400, z.prettifyError(parsed.error));
  const input = parsed.data;
  if (!input.reward.campaign_id && !input.reward.products?.length) {
    throw giftCardError(400, 'Either products or campaign_id must be specified', { reward: ['products'] });
  }
  const existing = input.external_id ? state.externalIds.get(`${key} ${input.external_id}`) : undefined;
  if (existing) return { status: 201, body: { order: state.orders.get(existing)!.order }, replayed: true };
  const rule = state.recipients.get(input.reward.recipient.email.toLowerCase());
  if (rule && 'refuse' in rule) throw giftCardError(422, rule.refuse, { reward: { recipient: ['email'] } });
  const orderId = giftCardId();
  const delivery = rule && 'delivery' in rule ? rule.delivery : 'SUCCEEDED';
  const now = new Date().toISOString();
  const reward = {
    id: giftCardId(),
    order_id: orderId,
    created_at: now,
    value: { denomination: input.reward.value.denomination, currency_code: input.reward.value.currency_code },
    recipient: { name: input.reward.recipient.name, email: input.reward.recipient.email },
    delivery: { method: input.reward.delivery?.method ?? 'EMAIL', status: delivery },
  };
  const order: GiftCardOrderState = {
    id: orderId,
    external_id: input.external_id ?? null,
    campaign_id: input.reward.campaign_id ?? null,
    created_at: now,
    status: 'EXECUTED',
    channel: 'API',
    payment: { subtotal: reward.value.denomination, total: reward.value.denomination, fees: 0 },
    rewards: [reward],
  };
  state.orders.set(orderId, { key, order });
  state.rewards.set(reward.id, { key, orderId });
  if (order.external_id) state.externalIds.set(`${key} ${order.external_id}`, orderId);
  state.ledger.record({
    id: orderId,
    key: order.external_id ?? orderId,
    amountCents: Math.round(reward.value.denomination * 100),
    currency: reward.value.currency_code,
    receiver: reward.recipient.email,
  });
  announce(state, key, 'ORDERS.CREATED', { id: orderId, type: 'orders' });
  if (delivery === 'SUCCEEDED' || delivery === 'FAILED') {
    announce(state, key, `REWARDS.DELIVERY.${delivery}`, { id: reward.id, type: 'rewards' });
  }
  return { status: 200, body: { order }, paid: true };
}

function readOrder(state: GiftCardState, request: JsonRequest): JsonAnswer {
  const key = keyOf(state, request);
  const id = decodeURIComponent(request.match[1]!);
  const found = state.orders.get(id) ?? state.orders.get(state.externalIds.get(`${key} ${id}`) ?? '');
  if (!found || found.key !== key) throw giftCardError(404, 'Resource not found', { id });
  return { status: 200, body: { order: found.order } };
}

function readReward(state: GiftCardState, request: JsonRequest): JsonAnswer {
  const key = keyOf(state, request);
  const found = state.rewards.get(request.match[1]!);
  if (!found || found.key !== key) throw giftCardError(404, 'Resource not found', { id: request.match[1] });
  const reward = state.orders.get(found.orderId)!.order.rewards[0];
  return { status: 200, body: { reward } };
}

function createWebhook(state: GiftCardState, request: JsonRequest): JsonAnswer {
  const key = keyOf(state, request);
  const parsed = z.looseObject({ url: z.url() }).safeParse(request.json);
  if (!parsed.success) throw giftCardError(400, z.prettifyError(parsed.error));
  if (state.webhooks.has(key)) throw giftCardError(422, 'Organization already has a webhook');
  const webhook = {
    id: giftCardId(),
    url: parsed.data.url,
    private_key: crypto.randomBytes(24).toString('hex'),
  };
  state.webhooks.set(key, webhook);
  return { status: 200, body: { webhook } };
}

export function giftCardApiRoutes(state: GiftCardState): JsonRoute[] {
  return [
    { method: 'POST', path: /^\/api\/v2\/orders$/, handle: (r) => createOrder(state, r) },
    { method: 'GET', path: /^\/api\/v2\/orders\/([^/]+)$/, handle: (r) => readOrder(state, r) },
    { method: 'GET', path: /^\/api\/v2\/rewards\/([^/]+)$/, handle: (r) => readReward(state, r) },
    { method: 'POST', path: /^\/api\/v2\/webhooks$/, handle: (r) => createWebhook(state, r) },
  ];
}
