import { mailDeliveryWorkflow } from '../../workflows/mail-delivery.workflow';
import type { Metrics } from '../metrics';
import type { MailDeliveryInput } from '../types/notifications';
import type { TemporalDeps } from './client';
import { startWorkflowOnce } from './start-workflow';
import { workflowIds } from './workflow-ids';

/**
 * Starts the delivery of one message, `mail/{tenant}/{key}` (the key names the event and the kind, the
 * reward, or the operator and day). Already started, running or closed, is fine: it is delivered once.
 */
export async function startMailDelivery(
  temporal: TemporalDeps,
  metrics: Metrics,
  input: MailDeliveryInput,
): Promise<{ started: boolean; workflowId: string }> {
  const workflowId = workflowIds.mailDelivery(input.tenantAlias, input.key);
  const { started } = await startWorkflowOnce(temporal, metrics, {
    workflow: mailDeliveryWorkflow,
    workflowId,
    args: [input],
    tenantAlias: input.tenantAlias,
    entityId: input.key,
    kind: 'mail',
    summary: `E-mail ${input.kind} (${input.key})`,
  });
  return { started, workflowId };
}
