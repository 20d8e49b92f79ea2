import crypto from 'node:crypto';
import { AnswerFaults } from '../payout-common/answer-faults';
import { PaymentLedger } from '../payout-common/payment-ledger';
import { WebhookOutbox } from '../payout-common/webhook-outbox';

/* What the gift-card stand-in (Tremendous-shaped) keeps: orders and their rewards per API key (each key is
   an organization of its own), orders by external_id, the recipients a test made fail, the webhook and
   its private key, payments, faults. */

export interface GiftCardReward extends Record<string, unknown> {
  id: string;
  order_id: string;
  value: { denomination: number; currency_code: string };
  recipient: { name: string; email: string };
  delivery: { method: string; status: string };
}

export interface GiftCardOrderState extends Record<string, unknown> {
  id: string;
  external_id: string | null;
  status: string;
  rewards: GiftCardReward[];
}

/** What a recipient's orders become: refused with a message (nothing paid), or delivered so. */
export type RecipientRule = { refuse: string } | { delivery: 'FAILED' | 'PENDING' | 'SCHEDULED' };

export interface GiftCardWebhook {
  id: string;
  url: string;
  private_key: string;
}

const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';

/** An id shaped like Tremendous' (12 upper-case letters and digits). */
export function giftCardId(): string {
  return [...crypto.randomBytes(12)].map((b) => UPPER[b % UPPER.length]).join('');
}

export class GiftCardState {
  readonly revoked = new Set<string>();
  /** order id → the API key (organization) that placed it, and the order. */
  readonly orders = new Map<string, { key: string; order: GiftCardOrderState }>();
  /** `${key} ${external_id}` → order id. */
  readonly externalIds = new Map<string, string>();
  readonly rewards = new Map<string, { key: string; orderId: string }>();
  /** recipient e-mail (lower case) → its rule. */
  readonly recipients = new Map<string, RecipientRule>();
  /** API key → its organization's webhook (Tremendous has one per organization). */
  readonly webhooks = new Map<string, GiftCardWebhook>();
  readonly ledger = new PaymentLedger();
  readonly outbox = new WebhookOutbox();
  readonly faults = new AnswerFaults();

  reset() {
    this.revoked.clear();
    this.orders.clear();
    this.externalIds.clear();
    this.rewards.clear();
    this.recipients.clear();
    this.webhooks.clear();
    this.ledger.reset();
    this.outbox.reset();
    this.faults.release();
  }
}

/** Sends an event about a resource to the organization's webhook, signed as Tremendous does. */
export function announce(
  state: GiftCardState,
  key: string,
  event: string,
  resource: { id: string; type: string },
) {
  const webhook = state.webhooks.get(key);
  if (!webhook) return;
  const body = JSON.stringify({
    event,
    uuid: crypto.randomUUID(),
    created_utc: new Date().toISOString(),
    payload: { resource, meta: {} },
  });
  const signature = crypto.createHmac('sha256', webhook.private_key).update(body).digest('hex');
  state.outbox.send(webhook.url, event, body, { 'tremendous-webhook-signature': `sha256=${signature}` });
}
