import Stripe from 'stripe';
import type { SecretBox } from '../../shared/crypto/secret-box';
import type { Db } from '../../shared/db/knex';
import { stripeBilling } from '../../shared/processors/stripe.processor';
import { createProcessorConnectionsRepo } from '../../shared/repos/processor-connections.repo';
import { uid } from './referrals';

/** The official library, only for its webhook test signatures (it makes no call). */
const signer = new Stripe('sk_test_signing_only', {
  apiVersion: '2024-09-30.acacia' as Stripe.LatestApiVersion,
});

export const TEST_WEBHOOK_SECRET = 'whsec_a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6';

/**
 * A Stripe connection written straight through the repo, as connecting would store it (sealed key and
 * signing secret): for tests of the webhook door that need no Stripe. Connecting itself, which asks
 * Stripe, is tested against the stand-in.
 */
export async function seedStripeConnection(
  db: Db,
  box: SecretBox,
  tenantId: string,
  webhookSecret: string | null = TEST_WEBHOOK_SECRET,
): Promise<void> {
  const key = `sk_live_${uid('k').replace(/[^A-Za-z0-9]/g, '')}`;
  await createProcessorConnectionsRepo(db).upsert({
    tenant_id: tenantId,
    processor: 'STRIPE',
    environment: 'PRODUCTION',
    merchant_id: null,
    public_key: null,
    private_key_sealed: box.seal(key, tenantId),
    key_hint: stripeBilling.keyHint(key),
    webhook_endpoint_id: null,
    webhook_secret_sealed: webhookSecret === null ? null : box.seal(webhookSecret, tenantId),
  });
}

/** A Stripe event's JSON, as Stripe delivers it (API 2024-09-30.acacia). */
export function stripeEvent(
  type: string,
  object: Record<string, unknown>,
  id = uid('evt').replace(/[^A-Za-z0-9_]/g, ''),
): string {
  return JSON.stringify({
    id,
    object: 'event',
    api_version: '2024-09-30.acacia',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    type,
    data: { object },
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
  });
}

/** A `Stripe-Signature` header for the payload, made by the official library. */
export function stripeSignature(payload: string, secret = TEST_WEBHOOK_SECRET, timestamp?: number): string {
  return signer.webhooks.generateTestHeaderString({ payload, secret, timestamp });
}
