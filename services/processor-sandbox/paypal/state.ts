import crypto from 'node:crypto';
import { AnswerFaults } from '../payout-common/answer-faults';
import type { JsonAnswer } from '../payout-common/json-server';
import { PaymentLedger } from '../payout-common/payment-ledger';
import { WebhookOutbox } from '../payout-common/webhook-outbox';

/* What the PayPal Payouts stand-in keeps: apps and their tokens, batches and items, stored answers by
   PayPal-Request-Id, the receivers a test made fail or go unclaimed, webhooks, payments, faults. */

export type PayPalObject = Record<string, unknown>;

export interface PayPalItemState extends PayPalObject {
  payout_item_id: string;
  transaction_status: string;
  payout_batch_id: string;
  sender_batch_id: string;
  payout_item: PayPalObject & {
    receiver: string;
    sender_item_id: string;
    amount: { value: string; currency: string };
  };
}

export interface PayPalBatchState {
  id: string;
  clientId: string;
  senderBatchId: string;
  header: PayPalObject;
  itemIds: string[];
  created: string;
}

/** What a receiver's items become (a test's rule): PayPal's transaction_status and its error. */
export interface ReceiverRule {
  status: string;
  name?: string;
  message?: string;
}

export interface PayPalWebhook {
  id: string;
  clientId: string;
  url: string;
}

const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';

/** An id shaped like PayPal's (upper-case letters and digits). */
export function payPalId(length = 13): string {
  return [...crypto.randomBytes(length)].map((b) => UPPER[b % UPPER.length]).join('');
}

export class PayPalState {
  /** client id → its secret (the first one seen), or null once revoked. */
  readonly apps = new Map<string, string | null>();
  /** access token → client id. */
  readonly tokens = new Map<string, string>();
  readonly batches = new Map<string, PayPalBatchState>();
  readonly items = new Map<string, PayPalItemState>();
  /** `${clientId} ${PayPal-Request-Id}` → the answer first given. */
  readonly requestIds = new Map<string, JsonAnswer>();
  /** `${clientId} ${sender_batch_id}` → PayPal's batch id. */
  readonly senderBatchIds = new Map<string, string>();
  /** receiver e-mail (lower case) → what its items become. */
  readonly receivers = new Map<string, ReceiverRule>();
  readonly webhooks: PayPalWebhook[] = [];
  readonly ledger = new PaymentLedger();
  readonly outbox = new WebhookOutbox();
  readonly faults = new AnswerFaults();
  /** Signs webhook transmissions; only this stand-in knows it, so only its deliveries verify. */
  readonly signingKey = crypto.randomBytes(32);
  url = '';

  reset() {
    for (const map of [
      this.apps,
      this.tokens,
      this.batches,
      this.items,
      this.requestIds,
      this.senderBatchIds,
      this.receivers,
    ])
      map.clear();
    this.webhooks.length = 0;
    this.ledger.reset();
    this.outbox.reset();
    this.faults.release();
  }
}
