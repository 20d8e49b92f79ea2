import { createLogger } from '../../shared/logger';
import { handleShutdown } from '../../shared/process';
import { startGiftCardStandIn } from './gift-cards/server';
import { startPayPalStandIn } from './paypal/server';

/*
 * `npm run start:payout-sandbox`: the payout stand-ins in one process, PayPal Payouts on
 * PAYPAL_SANDBOX_PORT (default 4012) and the gift-card provider (Tremendous-shaped) on
 * GIFT_CARD_SANDBOX_PORT (default 4013). Stripe Connect is part of `npm run start:stripe-sandbox`.
 */

function portOf(name: string, fallback: string): number {
  const raw = process.env[name] ?? fallback;
  const port = Number(raw);
  if (!/^\d+$/.test(raw) || port > 65535) throw new Error(`${name} is not a port: ${raw}`);
  return port;
}

function usage(paypal: string, giftCards: string): string {
  return `Payout stand-ins
PayPal Payouts   ${paypal}   PAYPAL_BASE_URL=${paypal} (any client id and secret; the first secret sticks)
Gift cards       ${giftCards}/api/v2   GIFT_CARD_BASE_URL=${giftCards}/api/v2 (any bearer API key)
Control API of each (JSON):
  GET  /_sandbox/payments[?key=...]     payments made per idempotency key (sender_item_id / external_id)
  GET  /_sandbox/calls                  every call;  GET /_sandbox/deliveries: webhook deliveries
  POST /_sandbox/faults {"mode":"late"|"drop","count":1,"delayMs":5000}   the next paying requests
  POST /_sandbox/reset
PayPal:     POST /_sandbox/webhooks {"clientId":"...","url":"..."} → webhook id (the webhookSecret)
            POST /_sandbox/receivers {"email":"...","status":"FAILED"|"UNCLAIMED"|"ONHOLD"|...,"message":"..."}
            POST /_sandbox/items/{payout_item_id} {"status":"RETURNED"|"UNCLAIMED"|"REFUNDED"|...}
Gift cards: POST /api/v2/webhooks {"url":"..."} (bearer key) → private_key (the webhookSecret)
            POST /_sandbox/recipients {"email":"...","refuse":"message"} | {"email":"...","delivery":"FAILED"}
            POST /_sandbox/orders/{id}/delivery {"status":"SUCCEEDED"|"FAILED"};  POST /_sandbox/orders/{id}/cancel
`;
}

async function main() {
  const logger = createLogger({ level: process.env.LOG_LEVEL ?? 'info', name: 'payout-sandbox' });
  const host = process.env.PAYOUT_SANDBOX_HOST ?? '127.0.0.1';
  const paypal = await startPayPalStandIn({ port: portOf('PAYPAL_SANDBOX_PORT', '4012'), host });
  const giftCards = await startGiftCardStandIn({
    port: portOf('GIFT_CARD_SANDBOX_PORT', '4013'),
    host,
  }).catch(async (err: unknown) => {
    await paypal.close();
    throw err;
  });
  logger.info({ paypal: paypal.url, giftCards: giftCards.basePath }, 'payout stand-ins listening');
  process.stdout.write(`\n${usage(paypal.url, giftCards.url)}\n`);
  handleShutdown(logger, 5_000, async () => {
    await paypal.close();
    await giftCards.close();
  });
}

main().catch((err: unknown) => {
  process.stderr.write(`payout stand-ins failed to start: ${(err as Error).stack ?? String(err)}\n`);
  process.exit(1);
});
