import { z } from 'zod';
import type { DbOrTrx } from '../../db/knex';
import type { SecretBox } from '../../crypto/secret-box';
import { AppError } from '../../errors';
import {
  ProcessorCredentialsRefusedError,
  ProcessorUnavailableError,
  type PaymentProcessorFactory,
  type ProcessorCredentials,
  type ProcessorOptions,
} from '../../processors/payment-processor';
import {
  createProcessorConnectionsRepo,
  type ProcessorConnectionRow,
} from '../../repos/processor-connections.repo';
import type { ProcessorEnvironment } from '../../types/processors';

const credential = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, "_" and "-" only');

/** GraphQL `ConnectPaymentProcessorInput`. Braintree ids and keys are short alphanumeric strings. */
export const connectProcessorSchema = z.strictObject({
  processor: z.enum(['BRAINTREE']),
  merchantId: credential(64),
  publicKey: credential(64),
  privateKey: credential(128),
});

export type ConnectProcessorInput = z.output<typeof connectProcessorSchema>;

export interface ConnectingTenant {
  id: string;
  alias: string;
  mode: 'live' | 'test';
}

/** Test-mode tenants (`test_` aliases) use the processor's sandbox; live tenants its production. */
export function environmentFor(mode: 'live' | 'test'): ProcessorEnvironment {
  return mode === 'test' ? 'SANDBOX' : 'PRODUCTION';
}

/** Where the processor sends notifications for this tenant (what the merchant registers, step 4). */
export function webhookUrl(publicUrl: string, tenantAlias: string): string {
  return `${publicUrl}/api/v1/${encodeURIComponent(tenantAlias)}/processor/braintree/webhook`;
}

/** The connection as the API shows it: never the private key, sealed or not. */
export function presentConnection(row: ProcessorConnectionRow, publicUrl: string, tenantAlias: string) {
  return {
    processor: row.processor,
    merchantId: row.merchant_id,
    publicKey: row.public_key,
    environment: row.environment,
    webhookUrl: webhookUrl(publicUrl, tenantAlias),
    connectedAt: row.connected_at.getTime(),
  };
}

export function requireSecretBox(box: SecretBox | undefined): SecretBox {
  if (box) return box;
  throw new AppError(
    'SECRET_KEY_NOT_CONFIGURED',
    'Connecting a payment processor needs SECRET_KEY, which encrypts its private key at rest. Set SECRET_KEY (32+ random characters, the same on every gateway and worker) and restart.',
  );
}

export interface ConnectDeps {
  db: DbOrTrx;
  secretBox: SecretBox | undefined;
  processors: PaymentProcessorFactory;
  processorOptions: ProcessorOptions;
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

/** Checks the keys with the processor, then stores them (the private key sealed); nothing is stored on failure. */
export async function connectProcessor(
  deps: ConnectDeps,
  tenant: ConnectingTenant,
  input: ConnectProcessorInput,
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

/** The connection's keys, opened; null when the tenant has none. Throws when SECRET_KEY cannot open it. */
export async function loadCredentials(
  db: DbOrTrx,
  box: SecretBox | undefined,
  tenantId: string,
): Promise<ProcessorCredentials | null> {
  const row = await createProcessorConnectionsRepo(db).find(tenantId);
  if (!row) return null;
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

/** Removes the tenant's connection; true when there was one. */
export function disconnectProcessor(db: DbOrTrx, tenantId: string): Promise<boolean> {
  return createProcessorConnectionsRepo(db).remove(tenantId);
}
