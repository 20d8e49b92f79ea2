import crypto from 'node:crypto';
import { z } from 'zod';
import type { PayoutOutcome, PayoutState } from './payout-provider';

/*
 * Tremendous' orders and rewards (read with zod: only the fields we use) as our payout states, and its
 * webhook signature. An order's status (developer docs): OPEN / PENDING APPROVAL / PENDING INTERNAL
 * PAYMENT APPROVAL / PENDING SETTLEMENT not executed yet; EXECUTED paid, the reward being delivered;
 * FAILED not processed; CANCELED the order and its rewards cancelled (the value back to our balance).
 * An executed order's reward delivery: SUCCEEDED delivered; PENDING / SCHEDULED not yet; FAILED bounced.
 */

/** A Tremendous reward as the adapter reads it (its order and delivery status). */
export const giftCardRewardSchema = z.looseObject({
  id: z.string().min(1),
  order_id: z.string().optional(),
  delivery: z.looseObject({ status: z.string().optional() }).optional(),
});

/** A Tremendous order as the adapter reads it (its status, our external_id, its one reward). */
export const giftCardOrderSchema = z.looseObject({
  id: z.string().min(1),
  external_id: z.string().nullish(),
  status: z.string().min(1),
  rewards: z.array(giftCardRewardSchema).optional(),
});
export type GiftCardOrder = z.infer<typeof giftCardOrderSchema>;

/** A Tremendous webhook delivery: the event, its uuid and the resource it names. */
export const giftCardWebhookSchema = z.looseObject({
  event: z.string().min(1),
  uuid: z.string().min(1),
  payload: z.looseObject({
    resource: z.looseObject({ id: z.string().min(1), type: z.string().min(1) }),
  }),
});

/** Our state for an order's status and its reward's delivery status. */
export function giftCardState(orderStatus: string, deliveryStatus: string | null | undefined): PayoutState {
  const order = orderStatus.toUpperCase();
  if (order === 'FAILED') return 'FAILED';
  if (order === 'CANCELED') return 'RETURNED';
  if (order !== 'EXECUTED') return 'PENDING';
  const delivery = (deliveryStatus ?? '').toUpperCase();
  if (delivery === 'SUCCEEDED') return 'PAID';
  if (delivery === 'FAILED') return 'FAILED';
  return 'PENDING';
}

/** The outcome for a payout from its Tremendous order: the order's id is the providerRef. */
export function giftCardOutcome(payoutId: string, order: GiftCardOrder): PayoutOutcome {
  const delivery = order.rewards?.[0]?.delivery?.status ?? null;
  const state = giftCardState(order.status, delivery);
  const message =
    state === 'FAILED'
      ? order.status === 'FAILED'
        ? 'Tremendous order failed'
        : 'Tremendous reward delivery failed'
      : state === 'RETURNED'
        ? 'Tremendous order canceled'
        : null;
  return { payoutId, state, providerRef: order.id, message };
}

/** Tremendous' `Tremendous-Webhook-Signature`: `sha256=` and the hex HMAC-SHA256 of the raw body. */
export function giftCardSignature(rawBody: Buffer | string, privateKey: string): string {
  return `sha256=${crypto.createHmac('sha256', privateKey).update(rawBody).digest('hex')}`;
}

/** Whether the header signs the body with the key (compared in constant time). */
export function giftCardSignatureValid(rawBody: Buffer, header: string, privateKey: string): boolean {
  const expected = Buffer.from(giftCardSignature(rawBody, privateKey));
  const given = Buffer.from(header.trim());
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}
