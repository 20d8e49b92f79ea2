import type { SecretBox } from '../../crypto/secret-box';
import { AppError } from '../../errors';
import type { DbOrTrx } from '../../db/knex';
import type { CouponBillingFactory, CouponBillingOptions } from '../../processors/coupon-billing';
import type { PaymentProcessorFactory, ProcessorOptions } from '../../processors/payment-processor';
import type { ProcessorEnvironment } from '../../types/processors';

/** What connecting a processor needs to know of the tenant. */
export interface ConnectingTenant {
  id: string;
  alias: string;
  mode: 'live' | 'test';
}

/** Test-mode tenants (`test_` aliases) use the processor's sandbox; live tenants its production. */
export function environmentFor(mode: 'live' | 'test'): ProcessorEnvironment {
  return mode === 'test' ? 'SANDBOX' : 'PRODUCTION';
}

export function requireSecretBox(box: SecretBox | undefined): SecretBox {
  if (box) return box;
  throw new AppError(
    'SECRET_KEY_NOT_CONFIGURED',
    'Connecting a payment processor needs SECRET_KEY, which encrypts its private key at rest. Set SECRET_KEY (32+ random characters, the same on every gateway and worker) and restart.',
  );
}

/** Where the processor sends notifications for this tenant (what the merchant registers, step 4). */
export function webhookUrl(publicUrl: string, tenantAlias: string, slug = 'braintree'): string {
  return `${publicUrl}/api/v1/${encodeURIComponent(tenantAlias)}/processor/${slug}/webhook`;
}

export interface ConnectDeps {
  db: DbOrTrx;
  secretBox: SecretBox | undefined;
  processors: PaymentProcessorFactory;
  processorOptions: ProcessorOptions;
  billing: CouponBillingFactory;
  billingOptions: CouponBillingOptions;
}
