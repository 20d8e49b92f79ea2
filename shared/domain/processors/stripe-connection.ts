import { z } from 'zod';
import { AppError } from '../../errors';
import type { CouponBillingCredentials, CouponBillingProcessor } from '../../processors/coupon-billing';
import {
  ProcessorCredentialsRefusedError,
  ProcessorUnavailableError,
} from '../../processors/payment-processor';
import {
  createProcessorConnectionsRepo,
  type ProcessorConnectionRow,
} from '../../repos/processor-connections.repo';
import type { DbOrTrx } from '../../db/knex';
import type { SecretBox } from '../../crypto/secret-box';
import {
  environmentFor,
  requireSecretBox,
  webhookUrl,
  type ConnectDeps,
  type ConnectingTenant,
} from './connection-basics';

/**
 * The events our Stripe endpoint listens to (what the adapter's registerWebhook asks for, and what a
 * merchant registering by hand selects).
 */
export const STRIPE_WEBHOOK_EVENTS = [
  'customer.created',
  'customer.updated',
  'checkout.session.completed',
  'invoice.paid',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'charge.refunded',
  'charge.dispute.created',
  'charge.dispute.closed',
] as const;

/** GraphQL `ConnectPaymentProcessorInput` for Stripe: a secret or restricted key, and the signing secret of an endpoint registered by hand. */
export const stripeInputSchema = z.strictObject({
  processor: z.literal('STRIPE'),
  secretKey: z
    .string()
    .trim()
    .regex(
      /^(sk|rk)_(test|live)_[A-Za-z0-9]{8,247}$/,
      'must be a Stripe secret key (sk_test_…, sk_live_…) or restricted key (rk_test_…, rk_live_…)',
    ),
  webhookSecret: z
    .string()
    .trim()
    .regex(/^whsec_[A-Za-z0-9+/=_-]{8,200}$/, "must be the endpoint's signing secret (whsec_…)")
    .optional(),
});

export type StripeConnectInput = z.output<typeof stripeInputSchema>;

/** `sk_test_…4242`: which key it is, never enough to use it. */
export function keyHint(secretKey: string): string {
  const prefix = /^(sk|rk)_(test|live)_/.exec(secretKey)?.[0] ?? '';
  return `${prefix}…${secretKey.slice(-4)}`;
}

const keyField = (message: string) =>
  new AppError('VALIDATION_FAILED', message, {
    validationErrors: [{ path: 'input.secretKey', message }],
  });

function modeRefused(tenant: ConnectingTenant): AppError {
  return keyField(
    tenant.mode === 'test'
      ? 'a test-mode tenant takes only test keys (sk_test_… or rk_test_…)'
      : 'a live tenant takes only live keys (sk_live_… or rk_live_…)',
  );
}

const unavailable = (what: string, cause: unknown) =>
  new AppError('SERVICE_UNAVAILABLE', `Could not reach Stripe to ${what}; try again`, { cause });

/** Maps the adapter's errors for the operator: a refused key names the field, an outage is 503. */
async function askStripe<T>(what: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof ProcessorCredentialsRefusedError) throw keyField('Stripe refused this key');
    if (err instanceof ProcessorUnavailableError) throw unavailable(what, err);
    throw err;
  }
}

/**
 * Connects Stripe: the key's mode must be the tenant's (a `test_` tenant takes only test keys), checked by
 * its prefix and by one authenticated read; then our webhook endpoint is created for the events we
 * handle, unless the merchant gives the signing secret of one registered by hand (or the key may not
 * create endpoints: the connection then says SECRET_NEEDED and the URL and events to register). The key
 * and the signing secret are sealed. A reconnect replaces the row, then removes the endpoint it replaced.
 */
export async function connectStripe(
  deps: ConnectDeps,
  tenant: ConnectingTenant,
  input: StripeConnectInput,
  publicUrl: string,
): Promise<ProcessorConnectionRow> {
  const box = requireSecretBox(deps.secretBox);
  const live = /^(sk|rk)_live_/.test(input.secretKey);
  if (live !== (tenant.mode === 'live')) throw modeRefused(tenant);
  const environment = environmentFor(tenant.mode);
  const stripe = deps.billing(
    { environment, secretKey: input.secretKey, webhookSecret: null },
    deps.billingOptions,
  );
  const checked = await askStripe('check the key', () => stripe.verifyCredentials());
  if (checked.livemode !== live) throw modeRefused(tenant);

  const repo = createProcessorConnectionsRepo(deps.db);
  const previous = await repo.find(tenant.id);
  const url = webhookUrl(publicUrl, tenant.alias, 'STRIPE');
  const endpoint = input.webhookSecret
    ? null
    : await askStripe('create the webhook endpoint', () =>
        stripe.registerWebhook(url, STRIPE_WEBHOOK_EVENTS),
      );
  const secret = endpoint?.secret ?? input.webhookSecret ?? null;
  let row: ProcessorConnectionRow;
  try {
    row = await repo.upsert({
      tenant_id: tenant.id,
      processor: 'STRIPE',
      environment,
      merchant_id: checked.accountId,
      public_key: null,
      private_key_sealed: box.seal(input.secretKey, tenant.id),
      key_hint: keyHint(input.secretKey),
      webhook_endpoint_id: endpoint?.endpointId ?? null,
      webhook_secret_sealed: secret === null ? null : box.seal(secret, tenant.id),
    });
  } catch (err) {
    if (endpoint) await stripe.removeWebhook(endpoint.endpointId).catch(() => undefined);
    throw err;
  }
  const replaced = previous?.processor === 'STRIPE' ? previous.webhook_endpoint_id : null;
  if (replaced && replaced !== endpoint?.endpointId) {
    // Best effort: the old key may be revoked; the endpoint then only fails at Stripe, unheard here.
    await openStripe(deps, previous!)
      .removeWebhook(replaced)
      .catch(() => undefined);
  }
  return row;
}

/** The Stripe connection's key and signing secret, opened; null when the tenant's processor is not Stripe. */
export async function loadBillingCredentials(
  db: DbOrTrx,
  box: SecretBox | undefined,
  tenantId: string,
): Promise<CouponBillingCredentials | null> {
  const row = await createProcessorConnectionsRepo(db).find(tenantId);
  return row?.processor === 'STRIPE' ? openCredentials(box, row) : null;
}

/** The tenant's Stripe adapter (as openProcessor opens Braintree's), or null when its processor is not Stripe. */
export async function openBillingProcessor(
  deps: Pick<ConnectDeps, 'db' | 'secretBox' | 'billing' | 'billingOptions'>,
  tenantId: string,
): Promise<CouponBillingProcessor | null> {
  const credentials = await loadBillingCredentials(deps.db, deps.secretBox, tenantId);
  return credentials ? deps.billing(credentials, deps.billingOptions) : null;
}

function openCredentials(box: SecretBox | undefined, row: ProcessorConnectionRow): CouponBillingCredentials {
  const opened = requireSecretBox(box);
  return {
    environment: row.environment,
    secretKey: opened.open(row.private_key_sealed, row.tenant_id),
    webhookSecret: row.webhook_secret_sealed ? opened.open(row.webhook_secret_sealed, row.tenant_id) : null,
  };
}

function openStripe(
  deps: Pick<ConnectDeps, 'secretBox' | 'billing' | 'billingOptions'>,
  row: ProcessorConnectionRow,
): CouponBillingProcessor {
  return deps.billing(openCredentials(deps.secretBox, row), deps.billingOptions);
}

/**
 * Removes our webhook endpoint at Stripe before the connection goes. A key Stripe refuses now (revoked)
 * cannot remove it, and does not keep the merchant connected; an outage is 503 and nothing changes.
 */
export async function removeStripeEndpoint(
  deps: Pick<ConnectDeps, 'secretBox' | 'billing' | 'billingOptions'>,
  row: ProcessorConnectionRow,
): Promise<void> {
  if (!row.webhook_endpoint_id) return;
  const endpointId = row.webhook_endpoint_id;
  try {
    await openStripe(deps, row).removeWebhook(endpointId);
  } catch (err) {
    if (err instanceof ProcessorCredentialsRefusedError) return;
    if (err instanceof ProcessorUnavailableError) throw unavailable('remove our webhook endpoint', err);
    throw err;
  }
}
