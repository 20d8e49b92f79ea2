import { proxyActivities, setCurrentDetails } from '@temporalio/workflow';
import type { Activities } from '../activities/contract';
import type { NotificationOutcome, NotificationWorkflowInput } from '../shared/types/processors';

/** Errors retrying cannot fix: the processor refused (revoked keys), or SECRET_KEY cannot open the keys. */
export const PERMANENT_ERRORS = ['ProcessorRejectedError', 'SecretBoxError'];

const { applyProcessorNotification } = proxyActivities<Activities>({
  startToCloseTimeout: '2 minutes',
  retry: {
    initialInterval: '1 second',
    backoffCoefficient: 2,
    maximumInterval: '1 minute',
    nonRetryableErrorTypes: PERMANENT_ERRORS,
  },
});

/**
 * One verified processor notification, `notification/{tenant}/{processor}/{kind}:{subject}:{timestamp}`.
 * The gateway stored it and answered the processor; this applies it exactly once, retrying with backoff
 * while our database or the processor is down. A permanent error fails the workflow, visible in the UI.
 */
export async function processorNotificationWorkflow(
  input: NotificationWorkflowInput,
): Promise<NotificationOutcome> {
  const outcome = await applyProcessorNotification(input);
  setCurrentDetails(
    `**${outcome.result}**${outcome.accountId ? ` for account ${outcome.accountId}` : ''}` +
      (outcome.accountStatus ? `: ${outcome.accountStatus}` : ''),
  );
  return outcome;
}
