import { z } from 'zod';
import { workflowIds } from '../../../shared/temporal/workflow-ids';
import { historyIs, waitUntil, type History, type Recorder } from '../recorder';
import type { RecordingStack } from '../stack';
import { createTenantApi, uid } from '../tenant-api';

/**
 * Outbound webhooks to a receiver that fails (schedule 0, 250 ms, 250 ms, 10 min): a delivery waiting for
 * its fourth attempt, one that succeeded at its second, one that met 410 Gone (its endpoint disabled, and
 * the operators' record of that), and one the dispatcher handed over after its own first attempt failed.
 */
export async function recordWebhookDeliveries(stack: RecordingStack, recorder: Recorder): Promise<void> {
  const api = await createTenantApi(stack, 'webhooks');
  const { receiver } = stack;
  async function endpoint(statuses: number[], thereafter: number, eventTypes: string[]) {
    const path = `/${uid('hook')}`;
    receiver.plan(path, statuses, thereafter);
    const data = await api.gql(
      `mutation C($input: CreateWebhookEndpointInput!) { createWebhookEndpoint(input: $input) { id } }`,
      { input: { url: receiver.url(path), eventTypes } },
      z.object({ createWebhookEndpoint: z.object({ id: z.string() }) }),
    );
    return data.createWebhookEndpoint.id;
  }
  /** A `webhook.test` event, delivered by a workflow of its own from the first attempt. */
  async function testEvent(endpointId: string) {
    const data = await api.gql(
      `mutation T($id: ID!) { sendTestWebhook(endpointId: $id) { eventId } }`,
      { id: endpointId },
      z.object({ sendTestWebhook: z.object({ eventId: z.string() }) }),
    );
    return workflowIds.webhookDelivery(endpointId, data.sendTestWebhook.eventId);
  }
  const attempts = (h: History) => historyIs.count(h, (e) => e.activityTaskCompletedEventAttributes);
  // Only test events reach these three (no other event type they want occurs here).
  const only = ['import_job.failed'];

  const failing = await endpoint([], 500, only);
  await recorder.save(await testEvent(failing), 'retrying', {
    until: (h) => historyIs.idle(h) && historyIs.sleeping(h) && attempts(h) === 3,
  });
  const recovering = await endpoint([500], 200, only);
  await recorder.save(await testEvent(recovering), 'succeeded-after-retry', { until: historyIs.closed });
  const gone = await endpoint([500], 410, only);
  await recorder.save(await testEvent(gone), 'gone', { until: historyIs.closed });
  let disabledId: string | undefined;
  await waitUntil('the disabled endpoint is listed', async () => {
    const query = `WorkflowType = "webhookEndpointDisabledWorkflow" AND EntityId = "${gone}"`;
    for await (const wf of stack.temporal.client.workflow.list({ query })) disabledId = wf.workflowId;
    return disabledId !== undefined;
  });
  await recorder.save(disabledId!, 'completed', { until: historyIs.closed });

  // Every event type: the user.created of an identification goes through the dispatcher's batch.
  const down = await endpoint([], 500, []);
  await api.identify(uid('acct'), uid('user'));
  let eventId: string | undefined;
  await waitUntil('the user.created event', async () => {
    const row = await stack
      .db('webhook_events')
      .where({ tenant_id: api.tenantId, type: 'user.created' })
      .first('id');
    eventId = row?.id;
    return eventId !== undefined;
  });
  await recorder.save(workflowIds.webhookDelivery(down, eventId!), 'retrying-after-dispatcher', {
    until: (h) => historyIs.idle(h) && historyIs.sleeping(h) && attempts(h) === 2,
  });
}
