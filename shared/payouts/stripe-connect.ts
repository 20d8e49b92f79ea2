import Stripe from 'stripe';
import {
  PayoutProviderError,
  type PayoutBatch,
  type PayoutCredentials,
  type PayoutOrder,
  type PayoutOutcome,
  type PayoutProvider,
} from './payout-provider';
import {
  callConnect,
  connectClient,
  connectError,
  connectStatus,
  type StripeConnectOptions,
} from './stripe-connect-client';

export type { StripeConnectOptions } from './stripe-connect-client';
export { connectAccountReady, createConnectAccount, createOnboardingLink } from './stripe-connect-onboarding';

/*
 * Stripe Connect: one transfer per payout from the platform's balance to the payee's connected account,
 * created with Idempotency-Key `referral-payout-<payoutId>` (a repeat answers the original transfer and
 * moves nothing), metadata payout_id and transfer_group `referral-payout-<payoutId>` (how a lost answer is
 * found again). A transfer is final once created (PAID); reversing it all brings the money back
 * (RETURNED). Stripe has no batches: a batch's transfers are made one by one.
 */

const KEY_PREFIX = 'referral-payout-';

/** The idempotency key and transfer group of a payout's transfer. */
export const transferKey = (payoutId: string) => `${KEY_PREFIX}${payoutId}`;

/** Our outcome for a Stripe transfer. */
export function transferOutcome(payoutId: string, transfer: Stripe.Transfer): PayoutOutcome {
  if (transfer.reversed) {
    return { payoutId, state: 'RETURNED', providerRef: transfer.id, message: 'Stripe transfer reversed' };
  }
  const message =
    transfer.amount_reversed > 0
      ? `Stripe transfer partly reversed: ${transfer.amount_reversed} of ${transfer.amount}`
      : null;
  return { payoutId, state: 'PAID', providerRef: transfer.id, message };
}

function destinationOf(order: PayoutOrder): string {
  if (order.destination.type !== 'STRIPE_CONNECT') {
    throw new PayoutProviderError(
      `payout ${order.payoutId} is not a Stripe Connect payout`,
      false,
      'destination',
    );
  }
  return order.destination.accountId;
}

/**
 * Creates (or, for a repeat, reads back) one payout's transfer. Stripe's refusal of this transfer (a
 * destination without the transfers capability, an insufficient balance) is the payout's FAILED outcome;
 * a refused key (401/403) refuses the whole batch, and what may pass on retry is thrown retryable.
 */
async function transfer(
  stripe: Stripe,
  credentials: PayoutCredentials,
  order: PayoutOrder,
): Promise<PayoutOutcome> {
  const destination = destinationOf(order);
  try {
    const created = await stripe.transfers.create(
      {
        amount: order.amountCents,
        currency: order.currency.toLowerCase(),
        destination,
        description: order.note,
        transfer_group: transferKey(order.payoutId),
        metadata: { payout_id: order.payoutId },
      },
      { idempotencyKey: transferKey(order.payoutId) },
    );
    return transferOutcome(order.payoutId, created);
  } catch (err) {
    const error = connectError(err, 'transfer', credentials);
    const status = connectStatus(err);
    if (error.retryable || status === 401 || status === 403) throw error;
    const said = err instanceof Stripe.errors.StripeError ? err.message : error.message;
    return { payoutId: order.payoutId, state: 'FAILED', providerRef: null, message: said };
  }
}

/** The payout's transfer found by its transfer group, or null when Stripe has none. */
async function findTransfer(stripe: Stripe, credentials: PayoutCredentials, payoutId: string) {
  const list = await callConnect('transfer search', credentials, () =>
    stripe.transfers.list({ transfer_group: transferKey(payoutId), limit: 10 }),
  );
  return list.data.find((t) => t.metadata?.payout_id === payoutId) ?? null;
}

/** Stripe Connect transfers as a PayoutProvider (see the file's comment). */
export function createStripeConnectPayouts(options: StripeConnectOptions = {}): PayoutProvider {
  return {
    method: 'STRIPE_CONNECT',

    async send(credentials, batch: PayoutBatch) {
      batch.orders.forEach(destinationOf);
      const stripe = connectClient(credentials, options);
      const outcomes: PayoutOutcome[] = [];
      for (const order of batch.orders) outcomes.push(await transfer(stripe, credentials, order));
      return outcomes;
    },

    async status(credentials, batch, refs) {
      batch.orders.forEach(destinationOf);
      const stripe = connectClient(credentials, options);
      const outcomes: PayoutOutcome[] = [];
      for (const order of batch.orders) {
        const ref = refs.get(order.payoutId) ?? null;
        const found = ref
          ? await callConnect('transfer read', credentials, () => stripe.transfers.retrieve(ref))
          : await findTransfer(stripe, credentials, order.payoutId);
        // Not found: the first answer was lost before Stripe made it; the replay with the same key makes
        // it now, or answers it if Stripe made it after all.
        outcomes.push(
          found ? transferOutcome(order.payoutId, found) : await transfer(stripe, credentials, order),
        );
      }
      return outcomes;
    },

    async parseWebhook(credentials, webhookSecret, headers, rawBody) {
      const signature = Object.entries(headers).find(([k]) => k.toLowerCase() === 'stripe-signature')?.[1];
      if (!signature) throw new PayoutProviderError('Stripe webhook lacks its signature', false, 'signature');
      let event: Stripe.Event;
      try {
        event = connectClient(credentials, options).webhooks.constructEvent(
          rawBody,
          signature,
          webhookSecret,
        );
      } catch (err) {
        const first = ((err as Error).message ?? String(err)).split('\n')[0]!.trim();
        throw new PayoutProviderError(`Stripe webhook refused: ${first}`, false, 'signature');
      }
      if (!event.type.startsWith('transfer.')) return { eventId: event.id, outcomes: [] };
      const object = event.data.object as Stripe.Transfer;
      const payoutId = object.metadata?.payout_id;
      if (object.object !== 'transfer' || !payoutId) return { eventId: event.id, outcomes: [] };
      return { eventId: event.id, outcomes: [transferOutcome(payoutId, object)] };
    },
  };
}
