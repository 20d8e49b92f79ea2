import crypto from 'node:crypto';
import { z } from 'zod';
import { sandboxGateway, subscribeCustomer } from '../../../services/processor-sandbox/merchant';
import { signedNotification } from '../../../services/processor-sandbox/notifications';
import { workflowIds } from '../../../shared/temporal/workflow-ids';
import { historyIs, type History, type Recorder } from '../recorder';
import type { RecordingStack } from '../stack';
import { createTenantApi, uid } from '../tenant-api';

/**
 * A tenant connected to the processor stand-in: discount syncs (one idle after converging, one waiting
 * for a charge to settle before its refund) and a processor notification the worker's dispatcher hands
 * to its workflow, which converts the referral.
 */
export async function recordProcessorWorkflows(stack: RecordingStack, recorder: Recorder): Promise<void> {
  const api = await createTenantApi(stack, 'processor');
  const keys = {
    merchantId: uid('merchant').replace(/[^A-Za-z0-9_]/g, '_'),
    publicKey: `pub_${crypto.randomBytes(4).toString('hex')}`,
    privateKey: `priv_${crypto.randomBytes(8).toString('hex')}`,
  };
  await api.gql(
    `mutation C($input: ConnectPaymentProcessorInput!) { connectPaymentProcessor(input: $input) { webhookUrl } }`,
    { input: { processor: 'BRAINTREE', ...keys } },
    z.unknown(),
  );
  const bt = sandboxGateway(stack.sandbox.url, keys);
  const referrer = await api.identify(uid('acct-r'), uid('user'));
  const synced = (h: History) =>
    historyIs.idle(h) &&
    historyIs.sleeping(h) &&
    historyIs.count(h, (e) => e.activityTaskCompletedEventAttributes) > 0;

  /** An account the merchant signed up, tied to its processor customer with the referrer's code. */
  async function discountedAccount(subscription: { discountCents?: number }) {
    const accountId = uid('acct');
    await api.identify(accountId, uid('user'));
    const sub = await subscribeCustomer(bt, { priceCents: 2000, ...subscription });
    const res = await api.call('POST', '/discount', {
      accountId,
      paymentProviderId: sub.customerId,
      couponCode: referrer.shareCode,
    });
    if (res.status !== 200) throw new Error(`POST /discount: ${res.status} ${JSON.stringify(res.body)}`);
    return { accountId, ...sub };
  }

  // The discount was already on the subscription: one sync converges, then it waits for the next request.
  const converged = await discountedAccount({ discountCents: 200 });
  await recorder.save(workflowIds.discountSync(api.alias, converged.accountId), 'idle-after-sync', {
    until: synced,
  });
  // The first charge was made without it and has not settled: its refund waits on a timer.
  const refund = await discountedAccount({});
  await recorder.save(
    workflowIds.discountSync(api.alias, refund.accountId),
    'refund-waiting-for-settlement',
    {
      until: synced,
    },
  );

  // The processor says the converged account paid: stored by the gateway, started by the dispatcher.
  const res = await fetch(`${api.base}/processor/braintree/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(
      signedNotification(keys, 'subscription_charged_successfully', converged.subscriptionId),
    ).toString(),
  });
  if (res.status !== 200) throw new Error(`notification: ${res.status} ${await res.text()}`);
  const body = z.object({ notificationId: z.string() }).parse(await res.json());
  const row = await stack.db('processor_notifications').where({ id: body.notificationId }).first();
  await recorder.save(
    workflowIds.processorNotification(api.alias, 'braintree', row.notification_key),
    'applied',
    { until: historyIs.closed },
  );
  // The referral converted (its status published), and the lifecycle asked for the referrer's sync.
  await recorder.save(workflowIds.referral(api.alias, converged.accountId), 'converted-by-processor', {
    until: (h) =>
      historyIs.idle(h) && historyIs.count(h, (e) => e.upsertWorkflowSearchAttributesEventAttributes) > 0,
  });
}
