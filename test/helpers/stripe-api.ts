import { freePort } from '../../shared/http';
import { workflowIds } from '../../shared/temporal/workflow-ids';
import { eventually } from './harness';
import { startReferralApi, type ReferralApi } from './referrals';
import { newStripeKey, startStripeStandIn, type StripeStandIn } from './stripe-stand-in';
import type Stripe from 'stripe';

const CONNECT = /* GraphQL */ `
  mutation C($input: ConnectPaymentProcessorInput!) {
    connectPaymentProcessor(input: $input) {
      processor
      merchantId
      keyHint
      environment
      webhookUrl
      webhookRegistration
      webhookEvents
    }
  }
`;

/** The referral API (gateway and worker pointed at a new Stripe stand-in), its live tenant connected to Stripe. */
export interface StripeApi extends ReferralApi {
  standIn: StripeStandIn;
  /** The merchant's live secret key at the stand-in. */
  key: string;
  /** The official library with the merchant's key (the merchant's own server code). */
  stripe: Stripe;
  connection: Record<string, any>;
  connect(input: Record<string, unknown>): Promise<any>;
  notification(id: string): Promise<any>;
  /** The tenant's notification of this Stripe event once its workflow completed. */
  applied(eventId: string): Promise<any>;
}

export async function startStripeApi(env: Record<string, string> = {}): Promise<StripeApi> {
  const standIn = await startStripeStandIn();
  // The endpoint we create at the stand-in must name this gateway, so its deliveries arrive here.
  const port = await freePort();
  const api = await startReferralApi({
    env: { STRIPE_BASE_URL: standIn.url, PUBLIC_URL: `http://127.0.0.1:${port}`, ...env },
    port,
  });
  const key = newStripeKey('live');
  const connect = (input: Record<string, unknown>) => api.gql(CONNECT, { input });
  const connected = await connect({ processor: 'STRIPE', secretKey: key });
  if (connected.errors) throw new Error(JSON.stringify(connected.errors));
  const db = api.gw.deps.db;
  const notification = (id: string) => db('processor_notifications').where({ id }).first();
  return {
    ...api,
    standIn,
    key,
    stripe: standIn.stripe(key),
    connection: connected.data.connectPaymentProcessor,
    connect,
    notification,
    async applied(eventId) {
      const find = () =>
        db('processor_notifications').where({ tenant_id: api.tenantId, notification_key: eventId }).first();
      await eventually(`Stripe event ${eventId} stored`, async () => (await find()) !== undefined, 400);
      const row = await find();
      if (row.status === 'RECEIVED') {
        const id = workflowIds.processorNotification(api.tenant.alias, 'stripe', eventId);
        await eventually(
          `workflow of ${eventId} started`,
          async () => (await find()).dispatched_at !== null,
          400,
        );
        await api.gw.deps.temporal.client.workflow.getHandle(id).result();
      }
      return find();
    },
    async close() {
      await api.close();
      await standIn.close();
    },
  };
}
