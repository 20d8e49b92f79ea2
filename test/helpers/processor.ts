import crypto from 'node:crypto';
import {
  sandboxGateway,
  subscribeCustomer,
  type SubscribeOptions,
} from '../../services/processor-sandbox/merchant';
import { signedNotification } from '../../services/processor-sandbox/notifications';
import braintree from 'braintree';
import { startProcessorSandbox, type ProcessorSandbox } from '../../services/processor-sandbox/sandbox';
import { workflowIds } from '../../shared/temporal/workflow-ids';
import { eventually } from './harness';
import { startReferralApi, uid, type ReferralApi } from './referrals';

export interface Delivery {
  bt_signature: string;
  bt_payload: string;
}

export interface Keys {
  merchantId: string;
  publicKey: string;
  privateKey: string;
}

/** The referral API with a connected Braintree account served by the local stand-in. */
export interface ProcessorApi extends ReferralApi {
  sandbox: ProcessorSandbox;
  keys: Keys;
  /** The official SDK with the tenant's keys, pointed at the stand-in (the merchant's own server code). */
  bt: braintree.BraintreeGateway;
  webhookUrl: string;
  deliver(delivery: Delivery | Record<string, string>): Promise<{ status: number; body: any }>;
  /** A real signed notification, as the SDK's webhookTesting makes it, optionally at another time. */
  sample(kind: string, subjectId: string, at?: Date, keys?: Keys): Delivery;
  notification(id: string): Promise<any>;
  processed(id: string): Promise<any>;
  /** A customer (optionally with a service_coupon) and a subscription at the stand-in. */
  subscribe(options?: SubscribeOptions): ReturnType<typeof subscribeCustomer>;
}

/** Keys of a merchant of its own (the stand-in binds a merchant id to the keys of its first call). */
export function merchantKeys(prefix = 'merchant'): Keys {
  return {
    merchantId: uid(prefix).replace(/[^A-Za-z0-9_-]/g, '_'),
    publicKey: `pub_${crypto.randomBytes(4).toString('hex')}`,
    privateKey: `priv_${crypto.randomBytes(8).toString('hex')}`,
  };
}

/**
 * The merchant's Braintree account, opened at the stand-in with these keys (its first call binds them),
 * as the account exists before the merchant connects it: other keys for it are refused with 401 then.
 */
export async function openMerchantAccount(sandboxUrl: string, keys: Keys): Promise<void> {
  await sandboxGateway(sandboxUrl, keys).discount.all();
}

/** The referral API (gateway and worker pointed at a new stand-in), its tenant connected through GraphQL. */
export async function startProcessorApi(env: Record<string, string> = {}): Promise<ProcessorApi> {
  const sandbox = await startProcessorSandbox({ port: 0, host: '127.0.0.1' });
  const api = await startReferralApi({ env: { PROCESSOR_BASE_URL: sandbox.url, ...env } });
  const keys = merchantKeys();
  const connected = await api.gql(
    /* GraphQL */ `
      mutation C($input: ConnectPaymentProcessorInput!) {
        connectPaymentProcessor(input: $input) {
          webhookUrl
        }
      }
    `,
    { input: { processor: 'BRAINTREE', ...keys } },
  );
  if (connected.errors) throw new Error(JSON.stringify(connected.errors));
  const bt = sandboxGateway(sandbox.url, keys);
  const webhookUrl = `${api.gw.api(api.tenant.alias)}/processor/braintree/webhook`;
  const db = api.gw.deps.db;

  const notification = (id: string) => db('processor_notifications').where({ id }).first();
  return {
    ...api,
    sandbox,
    keys,
    bt,
    webhookUrl,
    async deliver(delivery) {
      const res = await fetch(webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(delivery as Record<string, string>).toString(),
      });
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : {} };
    },
    sample: (kind, subjectId, at, as = keys) => signedNotification(as, kind, subjectId, at),
    notification,
    /** The notification once its workflow completed (its effects, lifecycle included, are committed). */
    async processed(id) {
      await eventually(
        `notification ${id} dispatched`,
        async () =>
          (await notification(id)).dispatched_at !== null || (await notification(id)).status !== 'RECEIVED',
        400,
      );
      const row = await notification(id);
      if (!['RECORDED', 'IGNORED'].includes(row.status)) {
        const workflowId = workflowIds.processorNotification(
          api.tenant.alias,
          'braintree',
          row.notification_key,
        );
        await api.gw.deps.temporal.client.workflow.getHandle(workflowId).result();
      }
      return notification(id);
    },
    subscribe: (options) => subscribeCustomer(bt, options),
    async close() {
      await api.close();
      await sandbox.close();
    },
  };
}
