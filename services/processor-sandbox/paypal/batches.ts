import { announce } from './webhooks';
import { payPalId, type PayPalBatchState, type PayPalItemState, type PayPalState } from './state';

/* Paying a PayPal batch: each item is processed at once, as its receiver's rule says (SUCCESS when the
   test set none), recorded as a payment when money left the sender (not for FAILED, DENIED, BLOCKED),
   and announced to the app's webhooks. */

const NOT_PAID = new Set(['FAILED', 'DENIED', 'BLOCKED']);

const DEFAULT_ERRORS: Record<string, { name: string; message: string }> = {
  FAILED: { name: 'RECEIVER_ACCOUNT_LOCKED', message: 'Receiver account is locked or inactive' },
  UNCLAIMED: { name: 'RECEIVER_UNREGISTERED', message: 'Receiver is unregistered' },
  DENIED: { name: 'RISK_DENIED', message: 'The payout was denied' },
  BLOCKED: { name: 'RECEIVER_BLOCKED', message: 'The payout was blocked' },
  ONHOLD: { name: 'PENDING_RECIPIENT_NON_HOLDING_CURRENCY_PAYMENT_PREFERENCE', message: 'Payout is on hold' },
  RETURNED: { name: 'RECEIVER_UNREGISTERED', message: 'Unclaimed for 30 days: returned to the sender' },
  REFUNDED: { name: 'RECEIVER_REFUNDED', message: 'The receiver refunded the payout' },
};

interface PayoutRequest {
  sender_batch_header: Record<string, unknown> & { sender_batch_id: string };
  items: {
    receiver: string;
    amount: { value: string; currency: string };
    note?: string;
    sender_item_id?: string;
    recipient_type?: string;
  }[];
}

const minor = (value: string) => Math.round(Number(value) * 100);

export function payBatch(state: PayPalState, clientId: string, request: PayoutRequest) {
  const id = payPalId();
  const created = new Date().toISOString();
  const batch: PayPalBatchState = {
    id,
    clientId,
    senderBatchId: request.sender_batch_header.sender_batch_id,
    header: { ...request.sender_batch_header },
    itemIds: [],
    created,
  };
  let paid = false;
  const made: PayPalItemState[] = [];
  for (const entry of request.items) {
    const rule = state.receivers.get(entry.receiver.toLowerCase());
    const status = rule?.status ?? 'SUCCESS';
    const error =
      rule?.message || rule?.name
        ? { name: rule.name ?? DEFAULT_ERRORS[status]?.name ?? 'ERROR', message: rule.message ?? '' }
        : DEFAULT_ERRORS[status];
    const itemId = payPalId();
    const item: PayPalItemState = {
      payout_item_id: itemId,
      ...(status === 'SUCCESS' ? { transaction_id: payPalId(17) } : {}),
      transaction_status: status,
      payout_item_fee: { currency: entry.amount.currency, value: '0.00' },
      payout_batch_id: id,
      sender_batch_id: batch.senderBatchId,
      payout_item: {
        recipient_type: entry.recipient_type ?? 'EMAIL',
        amount: entry.amount,
        note: entry.note ?? '',
        receiver: entry.receiver,
        sender_item_id: entry.sender_item_id ?? '',
        recipient_wallet: 'PAYPAL',
      },
      time_processed: created,
      ...(error && status !== 'SUCCESS'
        ? {
            errors: {
              ...error,
              information_link: 'https://developer.paypal.com/docs/api/payments.payouts-batch/#errors',
            },
          }
        : {}),
      links: [{ href: `${state.url}/v1/payments/payouts-item/${itemId}`, rel: 'item', method: 'GET' }],
    };
    state.items.set(item.payout_item_id, item);
    batch.itemIds.push(item.payout_item_id);
    if (!NOT_PAID.has(status)) {
      paid = true;
      state.ledger.record({
        id: item.payout_item_id,
        key: item.payout_item.sender_item_id,
        amountCents: minor(entry.amount.value),
        currency: entry.amount.currency,
        receiver: entry.receiver,
      });
    }
    made.push(item);
  }
  state.batches.set(id, batch);
  state.senderBatchIds.set(`${clientId} ${batch.senderBatchId}`, id);
  for (const item of made) announce(state, clientId, item);
  return { batch, paid };
}

/** A later change of an item (returned, unclaimed, refunded...), announced like PayPal does. */
export function changeItem(
  state: PayPalState,
  itemId: string,
  change: { status: string; name?: string; message?: string },
) {
  const item = state.items.get(itemId);
  if (!item) return null;
  item.transaction_status = change.status;
  const error =
    change.name || change.message
      ? { name: change.name ?? 'ERROR', message: change.message ?? '' }
      : DEFAULT_ERRORS[change.status];
  if (error && change.status !== 'SUCCESS') item.errors = error;
  else delete item.errors;
  const batch = state.batches.get(item.payout_batch_id)!;
  announce(state, batch.clientId, item);
  return item;
}
