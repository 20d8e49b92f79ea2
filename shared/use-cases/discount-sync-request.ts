import type { Db } from '../db/knex';
import { createAccountsRepo } from '../repos/accounts.repo';
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
