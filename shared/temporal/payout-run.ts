import type { Metrics } from '../metrics';
import { payoutRunWorkflowId } from '../ids';
import type { PayoutRunRef } from '../types/payouts';
import { payoutRunWorkflow } from '../../workflows/payout-run.workflow';
import { payoutRunDecidedSignal } from '../../workflows/payout-run.messages';
import type { TemporalDeps } from './client';
import { startWorkflowOnce } from './start-workflow';

/**
 * Starts a stored payout run's workflow, `payout-run/{tenant}/{runId}`. A run started before (a retried
 * request) is left as it is: the run id, derived from the request's idempotency key, is the natural key.
 */
export async function startPayoutRunWorkflow(
  temporal: TemporalDeps,
  metrics: Metrics,
  ref: PayoutRunRef,
  timing: { pollIntervalMs: number; heartbeatTimeoutMs: number },
): Promise<boolean> {
  const { started } = await startWorkflowOnce(temporal, metrics, {
    workflow: payoutRunWorkflow,
    workflowId: payoutRunWorkflowId(ref.tenantAlias, ref.runId),
    args: [{ ...ref, ...timing }],
    tenantAlias: ref.tenantAlias,
    entityId: ref.runId,
    kind: 'payout-run',
    summary: `payout run ${ref.runId}`,
  });
  return started;
}

/**
 * Tells a run's workflow that an operator decided it (approved or cancelled; it reads which from the
 * database). A run already finished has nothing to hear.
 */
export async function signalPayoutRunDecided(temporal: TemporalDeps, ref: PayoutRunRef): Promise<void> {
  await temporal.client.workflow
    .getHandle(payoutRunWorkflowId(ref.tenantAlias, ref.runId))
    .signal(payoutRunDecidedSignal);
}
