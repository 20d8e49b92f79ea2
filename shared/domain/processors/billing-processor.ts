import type { SecretBox } from '../../crypto/secret-box';
import type { DbOrTrx } from '../../db/knex';
import type {
  CouponBillingFactory,
  CouponBillingOptions,
  CouponBillingProcessor,
} from '../../processors/coupon-billing';
import { loadBillingCredentials } from './stripe-connection';

export interface BillingProcessorDeps {
  db: DbOrTrx;
  secretBox: SecretBox | undefined;
  billing: CouponBillingFactory;
  billingOptions: CouponBillingOptions;
}

/** The tenant's coupon-and-balance processor (Stripe) adapter, or null when its connection is not one. */
export async function openBillingProcessor(
  deps: BillingProcessorDeps,
  tenantId: string,
): Promise<CouponBillingProcessor | null> {
  const credentials = await loadBillingCredentials(deps.db, deps.secretBox, tenantId);
  return credentials ? deps.billing(credentials, deps.billingOptions) : null;
}
