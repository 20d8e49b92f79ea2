import { z } from 'zod';
import type { PayoutOutcome, PayoutState } from './payout-provider';

/*
 * PayPal Payouts' answers read with zod (only the fields we use; the rest passes) and its item statuses
 * as our payout states. PayPal's item `transaction_status` values (developer.paypal.com, "Track payout
 * item status"): SUCCESS credited; PENDING / ONHOLD (ON_HOLD) / NEW not final; UNCLAIMED waiting for the
 * receiver to sign up, returned to us after 30 days; RETURNED back to us (unclaimed or cancelled);
 * REFUNDED / REVERSED paid, then the money came back; FAILED / DENIED / BLOCKED not paid.
 */

const PAID = new Set(['SUCCESS']);
const UNCLAIMED = new Set(['UNCLAIMED']);
const RETURNED = new Set(['RETURNED', 'REFUNDED', 'REVERSED', 'CANCELED']);
const FAILED = new Set(['FAILED', 'DENIED', 'BLOCKED']);

/** Our state for a PayPal item's transaction_status; anything else (PENDING, ONHOLD, NEW, ...) is PENDING. */
export function payPalItemState(transactionStatus: string | null | undefined): PayoutState {
  const status = (transactionStatus ?? '').toUpperCase();
  if (PAID.has(status)) return 'PAID';
  if (UNCLAIMED.has(status)) return 'UNCLAIMED';
  if (RETURNED.has(status)) return 'RETURNED';
  if (FAILED.has(status)) return 'FAILED';
  return 'PENDING';
}

/**
 * The item status a `PAYMENT.PAYOUTS-ITEM.*` event stands for when its resource carries none
 * (SUCCEEDED → SUCCESS, HELD → ONHOLD, CANCELED → RETURNED, the rest by name).
 */
export function payPalEventItemStatus(eventType: string): string | null {
  const match = /^PAYMENT\.PAYOUTS-ITEM\.([A-Z_]+)$/.exec(eventType);
  if (!match) return null;
  const suffix = match[1]!;
  if (suffix === 'SUCCEEDED') return 'SUCCESS';
  if (suffix === 'HELD') return 'ONHOLD';
  if (suffix === 'CANCELED') return 'RETURNED';
  return suffix;
}

/** A payout item as the adapter reads it (GET payouts-item, a batch's items, a webhook's resource). */
export const payPalItemSchema = z.looseObject({
  payout_item_id: z.string().min(1),
  transaction_status: z.string().optional(),
  payout_batch_id: z.string().optional(),
  payout_item: z.looseObject({ sender_item_id: z.string().optional() }),
  errors: z.looseObject({ name: z.string().optional(), message: z.string().optional() }).nullish(),
});
export type PayPalItem = z.infer<typeof payPalItemSchema>;

/** A payout batch as the adapter reads it (POST payouts, GET payouts/{id}). */
export const payPalBatchSchema = z.looseObject({
  batch_header: z.looseObject({
    payout_batch_id: z.string().min(1),
    batch_status: z.string().optional(),
  }),
  items: z.array(payPalItemSchema).optional(),
});

/** A PayPal webhook event: its id, type and resource. */
export const payPalWebhookSchema = z.looseObject({
  id: z.string().min(1),
  event_type: z.string().min(1),
  resource: z.unknown().optional(),
});

/** The outcome for a payout from PayPal's item: the item's id is the providerRef. */
export function payPalOutcome(payoutId: string, item: PayPalItem, status?: string | null): PayoutOutcome {
  const transactionStatus = item.transaction_status ?? status ?? null;
  const state = payPalItemState(transactionStatus);
  const said = item.errors?.message ?? item.errors?.name ?? null;
  const message =
    state === 'PAID' ? null : (said ?? (state === 'PENDING' ? null : `PayPal item ${transactionStatus}`));
  return { payoutId, state, providerRef: item.payout_item_id, message };
}
