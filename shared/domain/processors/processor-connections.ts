import { z } from 'zod';
import type { DbOrTrx } from '../../db/knex';
import type { SecretBox } from '../../crypto/secret-box';
import { AppError } from '../../errors';
import {
  ProcessorCredentialsRefusedError,
  ProcessorUnavailableError,
  type ProcessorCredentials,
} from '../../processors/payment-processor';
import {
  createProcessorConnectionsRepo,
  type ProcessorConnectionRow,
} from '../../repos/processor-connections.repo';
import {
  environmentFor,
  requireSecretBox,
  webhookUrl,
  type ConnectDeps,
  type ConnectingTenant,
} from './connection-basics';
import { BRAINTREE_WEBHOOK_KINDS } from './notification-kinds';
import {
  billingInputSchema,
  connectCouponBilling,
  removeBillingEndpoint,
  type BillingConnectInput,
} from './billing-connection';
import { COUPON_BILLING_PROCESSORS, couponBillingNamed } from '../../processors/coupon-billing-registry';

const credential = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, "_" and "-" only');

/** Braintree ids and keys are short alphanumeric strings. */
const braintreeInputSchema = z.strictObject({
  processor: z.literal('BRAINTREE'),
  merchantId: credential(64),
  publicKey: credential(64),
  privateKey: credential(128),
});

/** GraphQL `ConnectPaymentProcessorInput`: each processor's own fields (nulls read as absent). */
export const connectProcessorSchema = z.preprocess(
  (input) =>
    input && typeof input === 'object'
      ? Object.fromEntries(Object.entries(input).filter(([, value]) => value !== null))
      : input,
  z.discriminatedUnion(
    'processor',
    [braintreeInputSchema, ...COUPON_BILLING_PROCESSORS.map(billingInputSchema)] as [
      typeof braintreeInputSchema,
      ...ReturnType<typeof billingInputSchema>[],
    ],
    { error: `must be ${['BRAINTREE', ...COUPON_BILLING_PROCESSORS.map((d) => d.name)].join(' or ')}` },
  ),
);

export type ConnectProcessorInput = z.output<typeof connectProcessorSchema>;
export type BraintreeConnectInput = z.output<typeof braintreeInputSchema>;

export {
  environmentFor,
  requireSecretBox,
  webhookUrl,
  type ConnectDeps,
  type ConnectingTenant,
} from './connection-basics';

/**
 * How the processor's webhook is registered: AUTOMATIC (we created the endpoint), MANUAL (the merchant
 * registers the URL: always for Braintree; for Stripe when the key may not create endpoints, with its
 * signing secret given), SECRET_NEEDED (Stripe, registered by hand, its signing secret not given yet: no
 * event can be verified until the merchant connects again with it).
 */
export type WebhookRegistration = 'AUTOMATIC' | 'MANUAL' | 'SECRET_NEEDED';

function registrationOf(row: ProcessorConnectionRow): WebhookRegistration {
  if (row.processor === 'BRAINTREE') return 'MANUAL';
  if (row.webhook_endpoint_id) return 'AUTOMATIC';
  return row.webhook_secret_sealed ? 'MANUAL' : 'SECRET_NEEDED';
}

/** The connection as the API shows it: never a private or secret key, sealed or not. */
export function presentConnection(row: ProcessorConnectionRow, publicUrl: string, tenantAlias: string) {
  const billing = couponBillingNamed(row.processor);
  return {
    processor: row.processor,
    merchantId: row.merchant_id,
    publicKey: row.public_key,
    keyHint: row.key_hint,
    environment: row.environment,
    webhookUrl: webhookUrl(publicUrl, tenantAlias, billing?.slug),
    webhookRegistration: registrationOf(row),
    webhookEvents: [...(billing?.webhookEvents ?? BRAINTREE_WEBHOOK_KINDS)],
    connectedAt: row.connected_at.getTime(),
  };
}

export const KEYS_REFUSED_MESSAGE =
  'Braintree refused these keys: check the merchant ID, public key and private key';

/**
 * Asks the processor whether the keys work (one authenticated read), so a wrong key is refused now
 * rather than found when a discount sync fails days later. Braintree does not say which key is wrong:
 * all three fields are named.
 */
export async function verifyProcessorKeys(
  deps: Pick<ConnectDeps, 'processors' | 'processorOptions'>,
  credentials: ProcessorCredentials,
): Promise<void> {
  try {
    await deps.processors(credentials, deps.processorOptions).verifyCredentials();
  } catch (err) {
    if (err instanceof ProcessorCredentialsRefusedError) {
      const fields = { merchantId: 'merchant ID', publicKey: 'public key', privateKey: 'private key' };
      throw new AppError('VALIDATION_FAILED', KEYS_REFUSED_MESSAGE, {
        validationErrors: Object.entries(fields).map(([field, label]) => ({
          path: `input.${field}`,
          message: `Braintree refused the keys: check the ${label}`,
        })),
        cause: err,
      });
    }
    if (err instanceof ProcessorUnavailableError) {
      throw new AppError('SERVICE_UNAVAILABLE', 'Could not reach Braintree to check the keys; try again', {
        cause: err,
      });
    }
    throw err;
  }
}

/**
 * Checks the keys with the processor, then stores them (the private or secret key sealed); nothing is
 * stored on failure. A coupon-billing connection (Stripe) also registers our webhook endpoint
 * (billing-connection.ts).
 */
export async function connectProcessor(
  deps: ConnectDeps,
  tenant: ConnectingTenant,
  input: ConnectProcessorInput,
  publicUrl: string,
): Promise<ProcessorConnectionRow> {
  if (input.processor === 'BRAINTREE') return connectBraintree(deps, tenant, input as BraintreeConnectInput);
  return connectCouponBilling(deps, tenant, input as BillingConnectInput, publicUrl);
}

async function connectBraintree(
  deps: ConnectDeps,
  tenant: ConnectingTenant,
  input: BraintreeConnectInput,
): Promise<ProcessorConnectionRow> {
  const box = requireSecretBox(deps.secretBox);
  const environment = environmentFor(tenant.mode);
  await verifyProcessorKeys(deps, {
    environment,
    merchantId: input.merchantId,
    publicKey: input.publicKey,
    privateKey: input.privateKey,
  });
  const sealed = box.seal(input.privateKey, tenant.id);
  return createProcessorConnectionsRepo(deps.db).upsert({
    tenant_id: tenant.id,
    processor: input.processor,
    environment,
    merchant_id: input.merchantId,
    public_key: input.publicKey,
    private_key_sealed: sealed,
  });
}

/**
 * The Braintree connection's keys, opened; null when the tenant has none (or its processor is another).
 * Throws when SECRET_KEY cannot open them.
 */
export async function loadCredentials(
  db: DbOrTrx,
  box: SecretBox | undefined,
  tenantId: string,
): Promise<ProcessorCredentials | null> {
  const row = await createProcessorConnectionsRepo(db).find(tenantId);
  if (!row || row.processor !== 'BRAINTREE' || !row.merchant_id || !row.public_key) return null;
  return {
    environment: row.environment,
    merchantId: row.merchant_id,
    publicKey: row.public_key,
    privateKey: requireSecretBox(box).open(row.private_key_sealed, tenantId),
  };
}

/** The tenant's connection as the API shows it (never the private key), or null when it has none. */
export async function getConnection(db: DbOrTrx, tenant: { id: string; alias: string }, publicUrl: string) {
  const row = await createProcessorConnectionsRepo(db).find(tenant.id);
  return row ? presentConnection(row, publicUrl, tenant.alias) : null;
}

/**
 * Removes the tenant's connection; true when there was one. A Stripe connection's webhook endpoint is
 * removed at the processor first (billing-connection.ts).
 */
export async function disconnectProcessor(
  deps: Pick<ConnectDeps, 'db' | 'secretBox' | 'billing' | 'billingOptions'>,
  tenantId: string,
): Promise<boolean> {
  const row = await createProcessorConnectionsRepo(deps.db).find(tenantId);
  if (row && couponBillingNamed(row.processor)) await removeBillingEndpoint(deps, row);
  return createProcessorConnectionsRepo(deps.db).remove(tenantId);
}
