import { AppError } from '../errors';
import {
  associateDiscount,
  loadAssociationDiscount,
  presentAssociation,
  type DiscountAssociation,
  type PresentedAssociation,
} from '../domain/rewards/discount-association';
import { requestDiscountSync } from '../temporal/processor-workflows';
import { dispatchCustomerNotifications } from './notification-dispatch';
import { settleLifecycle, type SettleLifecycleDeps } from './settle-lifecycle';
import type { TenantRef } from './use-case-deps';
import { stripeAssociationIds } from './stripe-answers';
import type { StripeCodeIds } from '../domain/rewards/billing-answers';

/**
 * POST /discount: ties the processor customer to the account and attributes it by the coupon code (see
 * associateDiscount), starts the customer's processor events that waited for the tie, tells the
 * referral's lifecycle, then asks for the account's discount sync when the
 * tenant has a processor connection. The association is committed first, so a sync Temporal cannot take
 * is 503 and the client's retry (idempotent) asks again. Answers with the account's discount now.
 */
export async function associateDiscountAndSync(
  deps: SettleLifecycleDeps,
  tenant: TenantRef,
  input: DiscountAssociation,
  request: { requestId: string },
): Promise<PresentedAssociation & Partial<StripeCodeIds>> {
  const outcome = await associateDiscount(deps.db, tenant.id, input);
  // Processor events that waited for this customer's tie run now; any not started, the dispatcher starts.
  await dispatchCustomerNotifications(deps, tenant.id, input.paymentProviderId).catch(() => 0);
  await settleLifecycle(deps, tenant, outcome);
  if (outcome.connected) {
    await requestDiscountSync(
      deps.temporal,
      deps.metrics,
      { tenantId: tenant.id, tenantAlias: tenant.alias, accountId: input.accountId },
      { reason: `POST /discount (${request.requestId})` },
    ).catch((err: unknown) => {
      throw new AppError(
        'SERVICE_UNAVAILABLE',
        'The association is saved, but the discount sync could not be started; retry the request to finish it',
        { cause: err },
      );
    });
  }
  const answer = presentAssociation(
    input,
    await loadAssociationDiscount(deps.db, tenant.id, input.accountId),
  );
  const stripe = await stripeAssociationIds(deps, tenant, input);
  return stripe ? { ...answer, ...stripe } : answer;
}
