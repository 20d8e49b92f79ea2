import { z } from 'zod';
import { AppError } from '../../errors';
import type {
  CouponBillingCredentials,
  CouponBillingDescriptor,
  CouponBillingProcessor,
} from '../../processors/coupon-billing';
import { couponBillingNamed } from '../../processors/coupon-billing-registry';
import {
  ProcessorCredentialsRefusedError,
  ProcessorUnavailableError,
} from '../../processors/payment-processor';
import {
  createProcessorConnectionsRepo,
  type ProcessorConnectionRow,
  type ProcessorName,
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
 * GraphQL `ConnectPaymentProcessorInput` for a coupon-billing processor (Stripe): a secret or restricted
 * key, and the signing secret of an endpoint registered by hand.
 */
export function billingInputSchema(descriptor: CouponBillingDescriptor) {
  return z.strictObject({
    processor: z.literal(descriptor.name),
    secretKey: z
      .string()
      .trim()
      .max(255)
      .refine((key) => descriptor.keyMode(key) !== null, descriptor.keyRule),
    webhookSecret: z
      .string()
      .trim()
      .regex(descriptor.webhookSecretPattern, descriptor.webhookSecretRule)
      .optional(),
  });
}

export type BillingConnectInput = z.output<ReturnType<typeof billingInputSchema>>;

const keyField = (message: string) =>
  new AppError('VALIDATION_FAILED', message, {
    validationErrors: [{ path: 'input.secretKey', message }],
  });

function modeRefused(tenant: ConnectingTenant, descriptor: CouponBillingDescriptor): AppError {
  // Stripe's keys say their mode as sk_test_/sk_live_: the rule quotes them; another processor its own.
  const stripe = descriptor.name === 'STRIPE';
  return keyField(
    tenant.mode === 'test'
      ? `a test-mode tenant takes only test keys${stripe ? ' (sk_test_… or rk_test_…)' : ''}`
      : `a live tenant takes only live keys${stripe ? ' (sk_live_… or rk_live_…)' : ''}`,
  );
}

const unavailable = (label: string, what: string, cause: unknown) =>
  new AppError('SERVICE_UNAVAILABLE', `Could not reach ${label} to ${what}; try again`, { cause });

/** Maps the adapter's errors for the operator: a refused key names the field, an outage is 503. */
async function ask<T>(descriptor: CouponBillingDescriptor, what: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof ProcessorCredentialsRefusedError)
      throw keyField(`${descriptor.label} refused this key`);
    if (err instanceof ProcessorUnavailableError) throw unavailable(descriptor.label, what, err);
    throw err;
  }
}

function descriptorOf(name: string): CouponBillingDescriptor {
  const descriptor = couponBillingNamed(name);
  if (!descriptor) throw new Error(`No coupon-billing processor named ${name}`);
  return descriptor;
}

/**
 * Connects a coupon-billing processor (Stripe): the key's mode must be the tenant's (a `test_` tenant
 * takes only test keys), checked by its text and by one authenticated read; then our webhook endpoint is
 * created for the events we handle, unless the merchant gives the signing secret of one registered by
 * hand (or the key may not create endpoints: the connection then says SECRET_NEEDED and the URL and
 * events to register). The key and the signing secret are sealed. A reconnect replaces the row, then
 * removes the endpoint it replaced.
 */
export async function connectCouponBilling(
  deps: ConnectDeps,
  tenant: ConnectingTenant,
  input: BillingConnectInput,
  publicUrl: string,
): Promise<ProcessorConnectionRow> {
  const descriptor = descriptorOf(input.processor);
  const box = requireSecretBox(deps.secretBox);
  const live = descriptor.keyMode(input.secretKey) === 'live';
  if (live !== (tenant.mode === 'live')) throw modeRefused(tenant, descriptor);
  const environment = environmentFor(tenant.mode);
  const stripe = deps.billing(
    { processor: descriptor.name, environment, secretKey: input.secretKey, webhookSecret: null },
    deps.billingOptions,
  );
  const checked = await ask(descriptor, 'check the key', () => stripe.verifyCredentials());
  if (checked.livemode !== live) throw modeRefused(tenant, descriptor);

  const repo = createProcessorConnectionsRepo(deps.db);
  const previous = await repo.find(tenant.id);
  const url = webhookUrl(publicUrl, tenant.alias, descriptor.slug);
  const endpoint = input.webhookSecret
    ? null
    : await ask(descriptor, 'create the webhook endpoint', () =>
        stripe.registerWebhook(url, descriptor.webhookEvents),
      );
  const secret = endpoint?.secret ?? input.webhookSecret ?? null;
  let row: ProcessorConnectionRow;
  try {
    row = await repo.upsert({
      tenant_id: tenant.id,
      processor: descriptor.name as ProcessorName,
      environment,
      merchant_id: checked.accountId,
      public_key: null,
      private_key_sealed: box.seal(input.secretKey, tenant.id),
      key_hint: descriptor.keyHint(input.secretKey),
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

/**
 * The coupon-billing connection's key and signing secret, opened; null when the tenant's processor is
 * not one (Braintree, or none).
 */
export async function loadBillingCredentials(
  db: DbOrTrx,
  box: SecretBox | undefined,
  tenantId: string,
): Promise<CouponBillingCredentials | null> {
  const row = await createProcessorConnectionsRepo(db).find(tenantId);
  return row && couponBillingNamed(row.processor) ? openCredentials(box, row) : null;
}

function openCredentials(box: SecretBox | undefined, row: ProcessorConnectionRow): CouponBillingCredentials {
  const opened = requireSecretBox(box);
  return {
    processor: row.processor,
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
 * Removes our webhook endpoint at the processor before the connection goes. A key it refuses now
 * (revoked) cannot remove it, and does not keep the merchant connected; an outage is 503 and nothing
 * changes.
 */
export async function removeBillingEndpoint(
  deps: Pick<ConnectDeps, 'secretBox' | 'billing' | 'billingOptions'>,
  row: ProcessorConnectionRow,
): Promise<void> {
  if (!row.webhook_endpoint_id) return;
  const endpointId = row.webhook_endpoint_id;
  try {
    await openStripe(deps, row).removeWebhook(endpointId);
  } catch (err) {
    if (err instanceof ProcessorCredentialsRefusedError) return;
    if (err instanceof ProcessorUnavailableError) {
      throw unavailable(descriptorOf(row.processor).label, 'remove our webhook endpoint', err);
    }
    throw err;
  }
}
