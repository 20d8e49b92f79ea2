import { proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../activities/contract';
import type { MailDeliveryInput, MailDeliveryResult } from '../shared/types/notifications';

const { deliverMail } = proxyActivities<Activities>({
  startToCloseTimeout: '2 minutes',
  // A 4xx reply or a dropped connection is retried: quickly at first, then up to every 30 minutes, for
  // about a day. A 5xx refusal is an answer (REFUSED), not a failure.
  retry: {
    initialInterval: '2 seconds',
    backoffCoefficient: 2,
    maximumInterval: '30 minutes',
    maximumAttempts: 60,
  },
});

/**
 * One e-mail to one recipient (docs/notifications.md): the activity records it once in
 * `notification_deliveries` (by key) and sends it at most once more than the server refuses it.
 */
export async function mailDeliveryWorkflow(input: MailDeliveryInput): Promise<MailDeliveryResult> {
  return deliverMail(input);
}
