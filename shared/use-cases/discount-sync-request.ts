import type { Db } from '../db/knex';
import { createAccountsRepo } from '../repos/accounts.repo';
import { createProcessorBillingRepo } from '../repos/processor-billing.repo';
import { createProcessorConnectionsRepo } from '../repos/processor-connections.repo';
import { requestDiscountSync } from '../temporal/processor-workflows';
import type { WorkflowMessaging } from './use-case-deps';

/**
 * Asks for the account's discount sync when there is something to sync: a processor connection and a
 * customer, or for Stripe an account (its share code is a promotion code, which needs no customer).
 * False when there is not (nothing was asked for).
 */
export async function requestSyncIfConnected(
  deps: WorkflowMessaging & { db: Db },
  target: { tenantId: string; tenantAlias: string; accountId: string },
  reason: string,
): Promise<boolean> {
  const [connection, account] = await Promise.all([
    createProcessorConnectionsRepo(deps.db).find(target.tenantId),
    createAccountsRepo(deps.db).find(target.tenantId, target.accountId),
  ]);
  if (!connection || !account) return false;
  if (connection.processor !== 'STRIPE' && !account.payment_provider_id) return false;
  await requestDiscountSync(deps.temporal, deps.metrics, target, { reason });
  return true;
}

/**
 * For a tenant connected to Stripe: asks for the sync of an account whose share code has no promotion
 * code recorded yet (a code looked up or used before any sync ran for its account). Best effort: the
 * answer that asked does not wait for it, nor fail with it. True when a sync was asked for.
 */
export async function requestPromotionCodeIfMissing(
  deps: WorkflowMessaging & { db: Db },
  target: { tenantId: string; tenantAlias: string; accountId: string },
): Promise<boolean> {
  try {
    const connection = await createProcessorConnectionsRepo(deps.db).find(target.tenantId);
    if (connection?.processor !== 'STRIPE') return false;
    if (await createProcessorBillingRepo(deps.db).findPromotionCode(target.tenantId, target.accountId)) {
      return false;
    }
    await requestDiscountSync(deps.temporal, deps.metrics, target, { reason: 'promotion code wanted' });
    return true;
  } catch {
    return false;
  }
}
