import { z } from 'zod';
import { payoutRunWorkflowId } from '../../../shared/ids';
import { createMetrics } from '../../../shared/metrics';
import { decidePayoutRun } from '../../../shared/use-cases/payouts';
import { historyIs, waitUntil, type Recorder } from '../recorder';
import type { RecordingStack } from '../stack';
import { createTenantApi, uid } from '../tenant-api';

const run = z.object({ requestPayoutRun: z.object({ id: z.string() }) });

/**
 * Payout runs through GraphQL, paying through the PayPal stand-in: one waiting for an operator's
 * approval, then approved and completed; one cancelled while it waited; one with nobody to pay.
 */
export async function recordPayoutRuns(stack: RecordingStack, recorder: Recorder): Promise<void> {
  const api = await createTenantApi(stack, 'payouts');
  const any = z.unknown();
  await api.gql(
    `mutation C($input: PayoutConnectionInput!) { connectPayoutProvider(input: $input) { provider } }`,
    { input: { provider: 'PAYPAL', clientId: uid('client'), secret: uid('secret') } },
    any,
  );
  await api.gql(
    `mutation P($input: PayoutPolicyInput!) { setPayoutPolicy(input: $input) { programId } }`,
    { input: { minimumCents: 1000, schedule: 'MANUAL', requireApproval: true } },
    any,
  );
  const payee = async () => {
    const accountId = uid('payee');
    await api.identify(accountId, uid('user'));
    const method = await api.call('PUT', `/open/account/${accountId}/user/u/payout-method`, {
      type: 'PAYPAL',
      email: `${accountId}@example.com`,
    });
    if (method.status !== 200) throw new Error(`payout method: ${method.status}`);
    await stack.db('rewards').insert({
      tenant_id: api.tenantId,
      account_id: accountId,
      referral_id: null,
      reward_source: 'ADJUSTMENT',
      type: 'CASH',
      amount_cents: 2500,
      unit: 'USD',
      status: 'AVAILABLE',
    });
  };
  const request = async () => {
    const { requestPayoutRun } = await api.gql(`mutation R { requestPayoutRun { id } }`, {}, run);
    return { id: requestPayoutRun.id, workflowId: payoutRunWorkflowId(api.alias, requestPayoutRun.id) };
  };
  const tenant = { id: api.tenantId, alias: api.alias };
  const awaitingApproval = (id: string) =>
    waitUntil(`payout run ${id} awaiting approval`, async () => {
      const row = await stack.db('payout_runs').where({ id }).first('status');
      return row?.status === 'AWAITING_APPROVAL';
    });
  const messaging = {
    db: stack.db,
    temporal: stack.temporal,
    metrics: createMetrics(),
    pollIntervalMs: stack.config.PAYOUT_POLL_INTERVAL_MS,
    heartbeatTimeoutMs: stack.config.PAYOUT_HEARTBEAT_TIMEOUT_MS,
  };

  // Nobody due yet: the run completes at once.
  const empty = await request();
  await recorder.save(empty.workflowId, 'nothing-due', { until: historyIs.closed });

  await payee();
  const waiting = await request();
  await awaitingApproval(waiting.id);
  await recorder.save(waiting.workflowId, 'awaiting-approval', { until: historyIs.idle });
  await decidePayoutRun(messaging, tenant, waiting.id, { approve: true, approvedBy: 'histories' });
  await recorder.save(waiting.workflowId, 'completed', { until: historyIs.closed, timeoutMs: 60_000 });

  await payee();
  const cancelled = await request();
  await awaitingApproval(cancelled.id);
  await recorder.waitFor(cancelled.workflowId, historyIs.idle);
  await decidePayoutRun(messaging, tenant, cancelled.id, { approve: false });
  await recorder.save(cancelled.workflowId, 'cancelled', { until: historyIs.closed });
}
