import { workflowIds } from '../../../shared/temporal/workflow-ids';
import { historyIs, waitUntil, type Recorder } from '../recorder';
import type { RecordingStack } from '../stack';
import { createTenantApi, uid } from '../tenant-api';

/**
 * E-mail notifications: a friend signs up with a referrer's code, so the mail notifier starts the
 * referrer's and the friend's delivery workflows; the recording stack has no SMTP_URL, so each completes
 * with its delivery recorded NOT_SENT (the same commands as SENT).
 */
export async function recordMailDeliveries(stack: RecordingStack, recorder: Recorder): Promise<void> {
  const api = await createTenantApi(stack, 'mail');
  const referrer = await api.identify(uid('acct-r'), uid('user'), {
    email: 'rita@example.com',
    firstName: 'Rita',
  });
  await api.identify(uid('acct-f'), uid('user'), {
    email: 'ann@example.com',
    referredByCode: referrer.shareCode,
  });
  let key = '';
  await waitUntil('the referrer’s notification recorded', async () => {
    const row = await stack
      .db('notification_deliveries')
      .where({ tenant_id: api.tenantId, kind: 'FRIEND_SIGNED_UP' })
      .first('key');
    key = (row?.key as string | undefined) ?? '';
    return key !== '';
  });
  await recorder.save(workflowIds.mailDelivery(api.alias, key), 'completed', { until: historyIs.closed });
}
