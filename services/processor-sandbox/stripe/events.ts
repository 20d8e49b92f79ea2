import { newId, now, objectsOf, type AccountState, type StripeObject, type WebhookEndpoint } from './state';
import { signatureHeader } from './signing';

/* Events and their deliveries to the account's webhook endpoints, which tests can hold, reorder and repeat. */

export const API_VERSION = '2024-09-30.acacia';

export interface DeliveryAttempt {
  at: string;
  /** The endpoint's HTTP status, or null when the request failed (refused, timed out). */
  status: number | null;
  error?: string;
}

export interface Delivery {
  id: string;
  account: string;
  event: string;
  type: string;
  endpoint: string;
  url: string;
  /** held: captured, not sent until released; sent: at least one attempt made. */
  state: 'held' | 'sent';
  attempts: DeliveryAttempt[];
}

export class EventHub {
  private deliveries: Delivery[] = [];
  private holding = new Set<string>();
  private inFlight = new Set<Promise<void>>();

  constructor(private readonly onDelivery?: (delivery: Delivery) => void) {}

  /** Makes an event of the account (a real-shaped Stripe event), stores it and delivers it. */
  emit(
    account: AccountState,
    type: string,
    object: StripeObject,
    options: { id?: string; created?: number; previousAttributes?: Record<string, unknown> } = {},
  ): StripeObject {
    const endpoints = this.endpointsFor(account, type);
    const event: StripeObject = {
      id: options.id ?? newId('evt_'),
      object: 'event',
      api_version: API_VERSION,
      created: options.created ?? now(),
      data: {
        object: structuredClone(object),
        ...(options.previousAttributes ? { previous_attributes: options.previousAttributes } : {}),
      },
      livemode: account.livemode,
      pending_webhooks: endpoints.length,
      request: { id: null, idempotency_key: null },
      type,
    };
    account.events.set(event.id, event);
    for (const endpoint of endpoints) this.enqueue(account, event, endpoint);
    return event;
  }

  private endpointsFor(account: AccountState, type: string): WebhookEndpoint[] {
    return objectsOf<WebhookEndpoint>(account, 'webhook_endpoint').filter(
      (e) => e.status === 'enabled' && (e.enabled_events.includes('*') || e.enabled_events.includes(type)),
    );
  }

  private enqueue(account: AccountState, event: StripeObject, endpoint: WebhookEndpoint) {
    const delivery: Delivery = {
      id: newId('dlv_', 16),
      account: account.id,
      event: event.id,
      type: String(event.type),
      endpoint: endpoint.id,
      url: endpoint.url,
      state: 'held',
      attempts: [],
    };
    this.deliveries.push(delivery);
    if (!this.holding.has(account.id) && !this.holding.has('*')) void this.send(account, delivery);
  }

  /** One attempt: the event as JSON, signed with the endpoint's secret at this moment. */
  send(account: AccountState, delivery: Delivery): Promise<void> {
    const event = account.events.get(delivery.event);
    const endpoint = account.objects.get(delivery.endpoint) as WebhookEndpoint | undefined;
    delivery.state = 'sent';
    const attempt = (async () => {
      if (!event || !endpoint) return;
      const payload = JSON.stringify({ ...event, api_version: endpoint.api_version ?? API_VERSION }, null, 2);
      const record: DeliveryAttempt = { at: new Date().toISOString(), status: null };
      try {
        const res = await fetch(delivery.url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json; charset=utf-8',
            'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
            'stripe-signature': signatureHeader(payload, endpoint.secret),
          },
          body: payload,
          signal: AbortSignal.timeout(10_000),
        });
        await res.arrayBuffer();
        record.status = res.status;
      } catch (err) {
        record.error = (err as Error).message;
      }
      delivery.attempts.push(record);
      this.onDelivery?.(delivery);
    })();
    this.inFlight.add(attempt);
    void attempt.finally(() => this.inFlight.delete(attempt));
    return attempt;
  }

  list(account?: string): Delivery[] {
    return structuredClone(this.deliveries.filter((d) => !account || d.account === account));
  }

  /** Captures the account's (or every account's: '*') next deliveries without sending them. */
  hold(account: string) {
    this.holding.add(account);
  }

  /**
   * Sends the held deliveries (of the account, or those named, in the order named), each `times` times
   * in a row, and stops holding unless keepHolding. Resolves once every attempt is answered.
   */
  async release(
    accounts: Map<string, AccountState>,
    options: { account?: string; order?: string[]; times?: number; keepHolding?: boolean },
  ): Promise<Delivery[]> {
    const held = this.deliveries.filter(
      (d) => d.state === 'held' && (!options.account || d.account === options.account),
    );
    const chosen = options.order
      ? options.order.map((id) => {
          const found = held.find((d) => d.id === id || d.event === id);
          if (!found) throw new Error(`no held delivery ${id}`);
          return found;
        })
      : held;
    if (!options.keepHolding) {
      if (options.account) this.holding.delete(options.account);
      else this.holding.clear();
    }
    for (const delivery of chosen)
      for (let i = 0; i < (options.times ?? 1); i++)
        await this.send(accounts.get(delivery.account)!, delivery);
    return structuredClone(chosen);
  }

  /** Delivers a stored event again to the account's matching endpoints (or one endpoint). */
  async resend(account: AccountState, eventId: string, endpointId?: string): Promise<Delivery[]> {
    const event = account.events.get(eventId);
    if (!event) throw new Error(`no event ${eventId}`);
    const endpoints = this.endpointsFor(account, String(event.type)).filter(
      (e) => !endpointId || e.id === endpointId,
    );
    const made: Delivery[] = [];
    for (const endpoint of endpoints) {
      const delivery: Delivery = {
        id: newId('dlv_', 16),
        account: account.id,
        event: event.id,
        type: String(event.type),
        endpoint: endpoint.id,
        url: endpoint.url,
        state: 'held',
        attempts: [],
      };
      this.deliveries.push(delivery);
      await this.send(account, delivery);
      made.push(delivery);
    }
    return structuredClone(made);
  }

  /** Resolves once no delivery attempt is in flight. */
  async settled(): Promise<void> {
    while (this.inFlight.size) await Promise.allSettled([...this.inFlight]);
  }

  reset() {
    this.deliveries = [];
    this.holding.clear();
  }
}
