import { Configuration, Environments, OrdersApi, RewardsApi } from 'tremendous';
import { majorAmount } from './payout-money';
import { providerError } from './payout-errors';
import {
  PayoutProviderError,
  type PayoutBatch,
  type PayoutCredentials,
  type PayoutOrder,
  type PayoutOutcome,
  type PayoutProvider,
} from './payout-provider';
import {
  giftCardOrderSchema,
  giftCardOutcome,
  giftCardRewardSchema,
  giftCardSignatureValid,
  giftCardWebhookSchema,
} from './gift-card-mapping';

/*
 * Gift cards by e-mail through Tremendous' official client. One order per payout (Tremendous has no
 * batches) with external_id = payoutId: Tremendous answers a repeat with the original order and makes
 * no other, and reads an order by its external_id too, which is how a lost answer is found again. The
 * credentials: the API key in `secret`, the campaign (which gift cards the payee may choose) in
 * `clientId`. Webhooks name a reward or an order; the adapter reads it back for its current state.
 */

/** Where the gift-card adapter calls and how long it waits. */
export interface GiftCardOptions {
  /** Tremendous' API base path, default https://api.tremendous.com/api/v2 (the config's GIFT_CARD_BASE_URL). */
  baseUrl?: string;
  /** One call's timeout in milliseconds; default 10 s. */
  timeoutMs?: number;
}

/** One gift-card call's timeout unless the adapter is given another. */
export const GIFT_CARD_DEFAULT_TIMEOUT_MS = 10_000;

type AxiosLike = { response?: { status?: number; data?: unknown }; code?: string; message?: string };

function giftCardError(err: unknown, action: string, credentials: PayoutCredentials) {
  if (err instanceof PayoutProviderError) return err;
  const failure = (typeof err === 'object' && err !== null ? err : {}) as AxiosLike;
  const status = failure.response?.status ?? null;
  const data = failure.response?.data as { errors?: { message?: string } } | undefined;
  const message = data?.errors?.message ?? failure.message ?? String(err);
  const code =
    status === null
      ? failure.code === 'ECONNABORTED' || failure.code === 'ETIMEDOUT'
        ? 'timeout'
        : (failure.code ?? null)
      : null;
  return providerError('Tremendous', action, { status, code, message }, [credentials.secret]);
}

async function call<T>(action: string, credentials: PayoutCredentials, run: () => Promise<{ data: T }>) {
  try {
    return (await run()).data;
  } catch (err) {
    throw giftCardError(err, action, credentials);
  }
}

function recipientOf(order: PayoutOrder) {
  if (order.destination.type !== 'GIFT_CARD') {
    throw new PayoutProviderError(`payout ${order.payoutId} is not a gift-card payout`, false, 'destination');
  }
  return { email: order.destination.email, name: order.destination.name ?? order.destination.email };
}

/** Tremendous gift cards as a PayoutProvider (see the file's comment). */
export function createGiftCardPayouts(options: GiftCardOptions = {}): PayoutProvider {
  const apis = (credentials: PayoutCredentials) => {
    const configuration = new Configuration({
      basePath: (options.baseUrl ?? Environments.production).replace(/\/+$/, ''),
      accessToken: credentials.secret,
      baseOptions: { timeout: options.timeoutMs ?? GIFT_CARD_DEFAULT_TIMEOUT_MS },
    });
    return { orders: new OrdersApi(configuration), rewards: new RewardsApi(configuration) };
  };

  /** An order by its id or our external_id; null when Tremendous has none (404). */
  const findOrder = async (credentials: PayoutCredentials, idOrExternalId: string) => {
    let data: unknown;
    try {
      data = (await apis(credentials).orders.getOrder(idOrExternalId)).data;
    } catch (err) {
      if ((err as AxiosLike).response?.status === 404) return null;
      throw giftCardError(err, 'order read', credentials);
    }
    const parsed = giftCardOrderSchema.safeParse((data as { order?: unknown }).order);
    if (!parsed.success)
      throw new PayoutProviderError('Tremendous order answer unreadable', true, 'bad_answer');
    return parsed.data;
  };

  const readOrder = async (credentials: PayoutCredentials, id: string) => {
    const order = await findOrder(credentials, id);
    if (!order) throw new PayoutProviderError(`Tremendous has no order ${id}`, false, 'not_found');
    return order;
  };

  /** Places one payout's order (a repeat answers the original); Tremendous' refusal is FAILED. */
  async function place(credentials: PayoutCredentials, order: PayoutOrder): Promise<PayoutOutcome> {
    if (!credentials.clientId) {
      throw new PayoutProviderError(
        'gift-card credentials need the campaign id (clientId)',
        false,
        'credentials',
      );
    }
    const recipient = recipientOf(order);
    try {
      const { data } = await apis(credentials).orders.createOrder({
        external_id: order.payoutId,
        payment: { funding_source_id: 'balance' },
        reward: {
          campaign_id: credentials.clientId,
          value: {
            denomination: Number(majorAmount(order.amountCents, order.currency)),
            currency_code: order.currency,
          },
          recipient,
          delivery: { method: 'EMAIL' },
        },
      } as Parameters<OrdersApi['createOrder']>[0]);
      const parsed = giftCardOrderSchema.safeParse((data as { order?: unknown }).order);
      if (!parsed.success)
        throw new PayoutProviderError('Tremendous order answer unreadable', true, 'bad_answer');
      return giftCardOutcome(order.payoutId, parsed.data);
    } catch (err) {
      const error = giftCardError(err, 'order', credentials);
      const status = (err as AxiosLike).response?.status;
      if (error.retryable || status === 401 || status === 403) throw error;
      const said = ((err as AxiosLike).response?.data as { errors?: { message?: string } } | undefined)
        ?.errors?.message;
      return { payoutId: order.payoutId, state: 'FAILED', providerRef: null, message: said ?? error.message };
    }
  }

  return {
    method: 'GIFT_CARD',

    async send(credentials, batch: PayoutBatch) {
      batch.orders.forEach(recipientOf);
      const outcomes: PayoutOutcome[] = [];
      for (const order of batch.orders) outcomes.push(await place(credentials, order));
      return outcomes;
    },

    async status(credentials, batch, refs) {
      batch.orders.forEach(recipientOf);
      const outcomes: PayoutOutcome[] = [];
      for (const order of batch.orders) {
        const ref = refs.get(order.payoutId) ?? null;
        const found = ref ? await readOrder(credentials, ref) : await findOrder(credentials, order.payoutId);
        // No order by our external_id: the send never reached Tremendous; placing it again is safe.
        outcomes.push(found ? giftCardOutcome(order.payoutId, found) : await place(credentials, order));
      }
      return outcomes;
    },

    async parseWebhook(credentials, webhookSecret, headers, rawBody) {
      const signature = Object.entries(headers).find(
        ([k]) => k.toLowerCase() === 'tremendous-webhook-signature',
      )?.[1];
      if (!signature || !giftCardSignatureValid(rawBody, signature, webhookSecret)) {
        throw new PayoutProviderError('Tremendous webhook signature does not match', false, 'signature');
      }
      let body: unknown;
      try {
        body = JSON.parse(rawBody.toString('utf8'));
      } catch {
        throw new PayoutProviderError('Tremendous webhook body is not JSON', false, 'payload');
      }
      const event = giftCardWebhookSchema.safeParse(body);
      if (!event.success)
        throw new PayoutProviderError('Tremendous webhook event unreadable', false, 'payload');
      const { id, type } = event.data.payload.resource;
      let orderId: string | null = null;
      if (type === 'orders') orderId = id;
      if (type === 'rewards') {
        const data = await call('reward read', credentials, () => apis(credentials).rewards.getReward(id));
        const reward = giftCardRewardSchema.safeParse((data as { reward?: unknown }).reward);
        orderId = reward.success ? (reward.data.order_id ?? null) : null;
      }
      if (!orderId) return { eventId: event.data.uuid, outcomes: [] };
      const order = await readOrder(credentials, orderId);
      if (!order.external_id) return { eventId: event.data.uuid, outcomes: [] };
      return { eventId: event.data.uuid, outcomes: [giftCardOutcome(order.external_id, order)] };
    },
  };
}
