import crypto from 'node:crypto';
import { payPalId, type PayPalItemState, type PayPalState } from './state';

/*
 * PayPal's webhook deliveries for payout items: PAYMENT.PAYOUTS-ITEM.<EVENT> with the item as resource,
 * sent with PayPal's transmission headers (PAYPAL-TRANSMISSION-ID, -TIME, -SIG, PAYPAL-CERT-URL,
 * PAYPAL-AUTH-ALGO). The signature covers "transmissionId|time|webhookId|digest(event)", keyed by the
 * stand-in's own key (PayPal signs the same fields with its certificate's key and a CRC32 of the body), so
 * POST /v1/notifications/verify-webhook-signature says SUCCESS only for what this stand-in sent, to that
 * webhook, untouched.
 */

/** The event name a transaction_status is announced with (PENDING and NEW are not). */
export function eventFor(status: string): string | null {
  const names: Record<string, string> = {
    SUCCESS: 'SUCCEEDED',
    FAILED: 'FAILED',
    UNCLAIMED: 'UNCLAIMED',
    RETURNED: 'RETURNED',
    REFUNDED: 'REFUNDED',
    ONHOLD: 'HELD',
    BLOCKED: 'BLOCKED',
    DENIED: 'DENIED',
    REVERSED: 'REFUNDED',
  };
  const name = names[status];
  return name ? `PAYMENT.PAYOUTS-ITEM.${name}` : null;
}

function signature(
  state: PayPalState,
  transmissionId: string,
  time: string,
  webhookId: string,
  event: unknown,
) {
  const digest = crypto.createHash('sha256').update(JSON.stringify(event)).digest('hex');
  return crypto
    .createHmac('sha256', state.signingKey)
    .update(`${transmissionId}|${time}|${webhookId}|${digest}`)
    .digest('base64');
}

/** Delivers the item's event to the webhooks its app registered. */
export function announce(state: PayPalState, clientId: string, item: PayPalItemState) {
  const type = eventFor(item.transaction_status);
  if (!type) return;
  for (const webhook of state.webhooks.filter((w) => w.clientId === clientId)) {
    const event = {
      id: `WH-${payPalId(17)}`,
      event_version: '1.0',
      create_time: new Date().toISOString(),
      resource_type: 'payouts_item',
      event_type: type,
      summary: `Payout item ${item.transaction_status.toLowerCase()}`,
      resource: item,
      links: [],
    };
    const transmissionId = crypto.randomUUID();
    const time = new Date().toISOString();
    state.outbox.send(webhook.url, type, JSON.stringify(event), {
      'paypal-transmission-id': transmissionId,
      'paypal-transmission-time': time,
      'paypal-transmission-sig': signature(state, transmissionId, time, webhook.id, event),
      'paypal-cert-url': `${state.url}/v1/notifications/certs/CERT-STAND-IN`,
      'paypal-auth-algo': 'SHA256withRSA',
      'user-agent': 'PayPal/AUHR-214.0-58843514',
    });
  }
}

/** Whether the transmission fields sign the event for that webhook of that app. */
export function genuine(
  state: PayPalState,
  clientId: string,
  fields: {
    transmission_id: string;
    transmission_time: string;
    transmission_sig: string;
    webhook_id: string;
  },
  event: unknown,
): boolean {
  if (!state.webhooks.some((w) => w.id === fields.webhook_id && w.clientId === clientId)) return false;
  const expected = Buffer.from(
    signature(state, fields.transmission_id, fields.transmission_time, fields.webhook_id, event),
  );
  const given = Buffer.from(fields.transmission_sig);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}
