/**
 * The notification tests' stack: a real SMTP sink, a worker running the mail notifier (short intervals),
 * the gateway, and a tenant with its API key; small verbs to make referrals and read deliveries.
 */
import type { RunningWorker } from '../../services/worker/worker';
import { keyApi, type TenantApi } from './api-client';
import { createTestTenant, startTestGateway, startTestWorker, testConfig, type TestGateway } from './harness';
import { startSmtpSink, type SmtpSink } from './smtp-sink';
import { until } from './wait';

export interface NotificationStack {
  sink: SmtpSink;
  gw: TestGateway;
  /** The worker with the mail notifier (none with `{ notifier: false }`). */
  worker: RunningWorker | undefined;
  api: TenantApi;
  tenantId: string;
  alias: string;
  close(): Promise<void>;
}

let counter = 0;
export function uniqueId(prefix: string): string {
  counter += 1;
  return `${prefix}-${counter}-${Math.random().toString(36).slice(2, 8)}`;
}

/**
 * With the notifier, the stack takes the whole (shared) test database's outbox: one test file runs it
 * (notification-delivery.test.ts), and the backlog other files left is dropped first, so its own events
 * are not queued behind theirs.
 */
export async function startNotificationStack(
  env: Record<string, string> = {},
  options: { notifier?: boolean } = {},
): Promise<NotificationStack> {
  const sink = await startSmtpSink();
  const config = testConfig({
    SMTP_URL: sink.url,
    MAIL_FROM: 'Referrals <no-reply@mail.test>',
    MAIL_SENDER_DOMAINS: 'mail.test,shop.example',
    MAIL_NOTIFY_INTERVAL_MS: '100',
    MAIL_SCAN_INTERVAL_MS: '300',
    PUBLIC_URL: 'https://refer.example',
    ...env,
  });
  const gw = await startTestGateway({ config });
  let worker: RunningWorker | undefined;
  if (options.notifier !== false) {
    await gw.deps.db('notification_outbox').delete();
    worker = await startTestWorker(config, { mailNotifier: true });
  }
  const tenant = await createTestTenant(gw.deps.db, 'mail');
  const { id } = await gw.deps.db('tenants').where({ alias: tenant.alias }).first('id');
  return {
    sink,
    gw,
    worker,
    api: keyApi(gw, tenant),
    tenantId: id as string,
    alias: tenant.alias,
    async close() {
      await gw.close();
      await worker?.close();
      await sink.close();
    },
  };
}

/** A user identified through the API; answers its account, id and share code. */
export async function identify(
  api: TenantApi,
  body: Record<string, unknown>,
): Promise<{ accountId: string; userId: string; code: string }> {
  const accountId = uniqueId('acct');
  const userId = uniqueId('user');
  const res = await api.call('PUT', `/open/account/${accountId}/user/${userId}`, body);
  if (res.status !== 200) throw new Error(`identify: ${res.status} ${res.text}`);
  return { accountId, userId, code: res.body.shareCode as string };
}

export interface DeliveryRow {
  key: string;
  kind: string;
  recipient: string;
  status: string;
  response: string | null;
  message_id: string;
  attempts: number;
}

/** The tenant's delivery rows of a kind to a recipient, once `done` holds for them. */
export function deliveriesOf(
  stack: NotificationStack,
  kind: string,
  recipient: string,
  done: (rows: DeliveryRow[]) => boolean = (rows) =>
    rows.length > 0 && rows.every((r) => r.status !== 'PENDING'),
): Promise<DeliveryRow[]> {
  return until(
    () =>
      stack.gw.deps
        .db('notification_deliveries')
        .where({ tenant_id: stack.tenantId, kind, recipient }) as Promise<DeliveryRow[]>,
    done,
  );
}
