import paypal from '@paypal/payouts-sdk';
import type { PayPalRequest } from '@paypal/payouts-sdk';
import { majorAmount } from './payout-money';
import {
  PayoutProviderError,
  type PayoutBatch,
  type PayoutCredentials,
  type PayoutOutcome,
  type PayoutProvider,
  type PayoutWebhook,
} from './payout-provider';
import {
  callPayPal,
  PAYPAL_DEFAULT_TIMEOUT_MS,
  PAYPAL_PRODUCTION_URL,
  payPalClient,
  payPalErrorBody,
  payPalStatus,
  payPalError,
} from './paypal-client';
import {
  payPalBatchSchema,
  payPalEventItemStatus,
  payPalItemSchema,
  payPalOutcome,
  payPalWebhookSchema,
  type PayPalItem,
} from './paypal-mapping';

/*
 * PayPal Payouts through the official SDK. A batch is one POST /v1/payments/payouts whose
 * sender_batch_id is our batchId and whose items' sender_item_id are our payout ids, sent with header
 * PayPal-Request-Id = batchId: PayPal answers a repeat with the original batch and pays nothing new (and
 * refuses a reused sender_batch_id without that header, naming the original batch, which we then read).
 * The POST answers only the batch's id (PayPal processes batches asynchronously), so the items, their
 * payout_item_id and status are read with GET /v1/payments/payouts/{batch}.
 */

/** Where the PayPal adapter calls and how long it waits. */
export interface PayPalPayoutsOptions {
  /** PayPal's REST origin; default https://api-m.paypal.com (the config's PAYPAL_BASE_URL). */
  baseUrl?: string;
  /** One call's timeout in milliseconds; default 10 s. */
  timeoutMs?: number;
}

/** Items read per page of a batch (PayPal's largest page). */
const PAGE_SIZE = 1000;
const BATCH_LINK = /\/v1\/payments\/payouts\/([A-Za-z0-9_-]+)/;

type Client = ReturnType<typeof payPalClient>;

function checkBatch(batch: PayoutBatch) {
  for (const order of batch.orders) {
    if (order.destination.type !== 'PAYPAL') {
      throw new PayoutProviderError(`payout ${order.payoutId} is not a PayPal payout`, false, 'destination');
    }
  }
}

function payoutBody(batch: PayoutBatch) {
  return {
    sender_batch_header: {
      sender_batch_id: batch.batchId,
      email_subject: batch.orders[0]?.note ?? 'You have a payout',
    },
    items: batch.orders.map((order) => ({
      recipient_type: 'EMAIL',
      receiver: order.destination.type === 'PAYPAL' ? order.destination.email : '',
      amount: { value: majorAmount(order.amountCents, order.currency), currency: order.currency },
      note: order.note,
      sender_item_id: order.payoutId,
    })),
  };
}

/** The original batch's id from PayPal's refusal of a reused sender_batch_id (its link to the batch). */
function originalBatchId(err: unknown): string | null {
  if (payPalStatus(err) !== 400) return null;
  const body = JSON.stringify(payPalErrorBody(err) ?? {});
  if (!/sender_batch_id/i.test(body)) return null;
  const match = BATCH_LINK.exec(body);
  return match ? match[1]! : null;
}

/** POSTs the batch (or replays it: same PayPal-Request-Id) and answers PayPal's payout_batch_id. */
async function postBatch(client: Client, credentials: PayoutCredentials, batch: PayoutBatch) {
  const request = new paypal.payouts.PayoutsPostRequest()
    .payPalRequestId(batch.batchId)
    .requestBody(payoutBody(batch));
  let result: unknown;
  try {
    result = (await client.execute(request)).result;
  } catch (err) {
    const original = originalBatchId(err);
    if (original) return original;
    throw payPalError(err, 'payout', credentials);
  }
  const parsed = payPalBatchSchema.safeParse(result);
  if (!parsed.success) throw new PayoutProviderError('PayPal payout answer unreadable', true, 'bad_answer');
  return parsed.data.batch_header.payout_batch_id;
}

/** Every item of a PayPal batch, page by page. */
async function batchItems(client: Client, credentials: PayoutCredentials, batchId: string) {
  const items: PayPalItem[] = [];
  for (let page = 1; ; page++) {
    const request = new paypal.payouts.PayoutsGetRequest(batchId).page(page).pageSize(PAGE_SIZE);
    const answer = await callPayPal<unknown>(client, request, 'batch read', credentials);
    const parsed = payPalBatchSchema.safeParse(answer.result);
    if (!parsed.success) throw new PayoutProviderError('PayPal batch answer unreadable', true, 'bad_answer');
    items.push(...(parsed.data.items ?? []));
    if ((parsed.data.items ?? []).length < PAGE_SIZE) return items;
  }
}

function outcomesOf(batch: PayoutBatch, items: PayPalItem[], paypalBatchId: string): PayoutOutcome[] {
  const bySender = new Map(items.map((item) => [item.payout_item.sender_item_id, item]));
  return batch.orders.map((order) => {
    const item = bySender.get(order.payoutId);
    if (!item) {
      throw new PayoutProviderError(
        `PayPal batch ${paypalBatchId} (sender_batch_id ${batch.batchId}) has no item for payout ${order.payoutId}`,
        false,
        'batch_mismatch',
      );
    }
    return payPalOutcome(order.payoutId, item);
  });
}

function header(headers: Record<string, string | undefined>, name: string): string {
  const found = Object.entries(headers).find(([key]) => key.toLowerCase() === name);
  const value = found?.[1];
  if (!value) throw new PayoutProviderError(`PayPal webhook lacks the ${name} header`, false, 'signature');
  return value;
}

/**
 * An UNCLAIMED item is not money back yet: its receiver may still claim it for 30 days. Before we say so
 * (and the run puts the money back in the referrer's balance), the item is cancelled at PayPal, which
 * returns its money; an item claimed meanwhile cannot be, and is read again for what it is now.
 */
async function settleUnclaimed(
  client: ReturnType<typeof payPalClient>,
  credentials: PayoutCredentials,
  outcome: PayoutOutcome,
): Promise<PayoutOutcome> {
  if (outcome.state !== 'UNCLAIMED' || !outcome.providerRef) return outcome;
  const request = new paypal.payouts.PayoutsItemCancelRequest(outcome.providerRef);
  try {
    await callPayPal<unknown>(client, request, 'unclaimed item cancel', credentials);
    return outcome;
  } catch (err) {
    if (err instanceof PayoutProviderError && err.retryable) throw err;
    const read = new paypal.payouts.PayoutsItemGetRequest(outcome.providerRef);
    const answer = await callPayPal<unknown>(client, read, 'item read', credentials);
    const item = payPalItemSchema.safeParse(answer.result);
    if (!item.success) throw new PayoutProviderError('PayPal item answer unreadable', true, 'bad_answer');
    const now = payPalOutcome(outcome.payoutId, item.data);
    // Still unclaimed and not cancellable: not final for us either (asked again at the next poll).
    return now.state === 'UNCLAIMED' ? { ...now, state: 'PENDING' } : now;
  }
}

async function settleAll(
  client: ReturnType<typeof payPalClient>,
  credentials: PayoutCredentials,
  outcomes: PayoutOutcome[],
): Promise<PayoutOutcome[]> {
  const settled: PayoutOutcome[] = [];
  for (const outcome of outcomes) settled.push(await settleUnclaimed(client, credentials, outcome));
  return settled;
}

/** PayPal Payouts as a PayoutProvider (see the file's comment). */
export function createPayPalPayouts(options: PayPalPayoutsOptions = {}): PayoutProvider {
  const clientOptions = {
    baseUrl: options.baseUrl ?? PAYPAL_PRODUCTION_URL,
    timeoutMs: options.timeoutMs ?? PAYPAL_DEFAULT_TIMEOUT_MS,
  };
  const clientFor = (credentials: PayoutCredentials) => payPalClient(credentials, clientOptions);

  async function send(credentials: PayoutCredentials, batch: PayoutBatch): Promise<PayoutOutcome[]> {
    checkBatch(batch);
    if (batch.orders.length === 0) return [];
    const client = clientFor(credentials);
    const paypalBatchId = await postBatch(client, credentials, batch);
    const outcomes = outcomesOf(batch, await batchItems(client, credentials, paypalBatchId), paypalBatchId);
    return settleAll(client, credentials, outcomes);
  }

  return {
    method: 'PAYPAL',
    send,

    async status(credentials, batch, refs) {
      checkBatch(batch);
      if (batch.orders.some((order) => !refs.get(order.payoutId))) return send(credentials, batch);
      const client = clientFor(credentials);
      const outcomes: PayoutOutcome[] = [];
      for (const order of batch.orders) {
        const request = new paypal.payouts.PayoutsItemGetRequest(refs.get(order.payoutId)!);
        const answer = await callPayPal<unknown>(client, request, 'item read', credentials);
        const item = payPalItemSchema.safeParse(answer.result);
        if (!item.success) throw new PayoutProviderError('PayPal item answer unreadable', true, 'bad_answer');
        outcomes.push(payPalOutcome(order.payoutId, item.data));
      }
      return settleAll(client, credentials, outcomes);
    },

    async parseWebhook(credentials, webhookSecret, headers, rawBody): Promise<PayoutWebhook> {
      const transmission = {
        transmission_id: header(headers, 'paypal-transmission-id'),
        transmission_time: header(headers, 'paypal-transmission-time'),
        transmission_sig: header(headers, 'paypal-transmission-sig'),
        cert_url: header(headers, 'paypal-cert-url'),
        auth_algo: header(headers, 'paypal-auth-algo'),
      };
      let event: unknown;
      try {
        event = JSON.parse(rawBody.toString('utf8'));
      } catch {
        throw new PayoutProviderError('PayPal webhook body is not JSON', false, 'signature');
      }
      const request: PayPalRequest = {
        path: '/v1/notifications/verify-webhook-signature',
        verb: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: { ...transmission, webhook_id: webhookSecret, webhook_event: event },
      };
      const answer = await callPayPal<{ verification_status?: string }>(
        clientFor(credentials),
        request,
        'webhook verification',
        credentials,
      );
      if (answer.result?.verification_status !== 'SUCCESS') {
        throw new PayoutProviderError(
          `PayPal did not verify the webhook (${answer.result?.verification_status ?? 'no status'})`,
          false,
          'signature',
        );
      }
      const parsed = payPalWebhookSchema.safeParse(event);
      if (!parsed.success) throw new PayoutProviderError('PayPal webhook event unreadable', false, 'payload');
      const status = payPalEventItemStatus(parsed.data.event_type);
      if (!status) return { eventId: parsed.data.id, outcomes: [] };
      const item = payPalItemSchema.safeParse(parsed.data.resource);
      const payoutId = item.success ? item.data.payout_item.sender_item_id : undefined;
      if (!item.success || !payoutId) {
        throw new PayoutProviderError('PayPal payout item event without its item', false, 'payload');
      }
      const outcome = payPalOutcome(payoutId, item.data, status);
      return {
        eventId: parsed.data.id,
        outcomes: await settleAll(clientFor(credentials), credentials, [outcome]),
      };
    },
  };
}
