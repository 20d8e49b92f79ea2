/**
 * The Webhooks page's browser tests (test/browser/portal-webhooks*.test.ts): a portal stack whose gateway
 * and worker deliver to a local receiver (http and 127.0.0.1 allowed, two quick attempts), the tenant's
 * endpoints through the API, and waits on the page's rows and delivery log.
 */
import type { Locator, Page } from 'playwright-core';
import { usePortalStack, type PortalStack } from './portal';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver';

type Json = Record<string, any>;

export interface Endpoint {
  id: string;
  url: string;
  description: string;
  eventTypes: string[];
  enabled: boolean;
  disabledReason: string | null;
}

/** The file's portal stack and webhook receiver, started before its tests and closed after them. */
export function useWebhookPortal(): { stack: PortalStack; rx: () => WebhookReceiver } {
  const stack = usePortalStack({
    env: {
      WEBHOOK_ALLOW_HTTP: 'true',
      WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true',
      // Two quick attempts: a failing endpoint gives up within seconds.
      WEBHOOK_RETRY_SCHEDULE_MS: '0,500',
    },
  });
  let rx: WebhookReceiver | undefined;
  beforeAll(async () => {
    rx = await startWebhookReceiver();
  });
  afterAll(async () => {
    await rx?.close();
  });
  return {
    stack,
    rx: () => {
      if (!rx) throw new Error('the receiver is not started');
      return rx;
    },
  };
}

/** The tenant's endpoints, newest first, through the API. */
export async function endpoints(stack: PortalStack): Promise<Endpoint[]> {
  const res = await stack.api.gql(
    '{ webhookEndpoints { id url description eventTypes enabled disabledReason } }',
  );
  expect(res.errors).toBeUndefined();
  return res.data.webhookEndpoints as Endpoint[];
}

/** An endpoint added through the API (the tenant's key); answers its id and secret. */
export async function addByApi(stack: PortalStack, input: Json): Promise<{ id: string; secret: string }> {
  const res = await stack.api.gql(
    'mutation C($input: CreateWebhookEndpointInput!) { createWebhookEndpoint(input: $input) { id secret } }',
    { input },
  );
  expect(res.errors).toBeUndefined();
  return res.data.createWebhookEndpoint as { id: string; secret: string };
}

/** Sends a test event to an endpoint through the API. */
export async function sendTestByApi(stack: PortalStack, endpointId: string): Promise<void> {
  const res = await stack.api.gql('mutation T($id: ID!) { sendTestWebhook(endpointId: $id) { eventId } }', {
    id: endpointId,
  });
  expect(res.errors).toBeUndefined();
}

export async function removeAll(stack: PortalStack): Promise<void> {
  for (const e of await endpoints(stack)) {
    await stack.api.gql('mutation D($id: ID!) { deleteWebhookEndpoint(id: $id) { id } }', { id: e.id });
  }
}

/** The list's item of the endpoint with this URL (not while it is being edited: the URL is then in a field). */
export const row = (page: Page, url: string) =>
  page.getByTestId('webhook-endpoint-row').filter({ has: page.getByText(url, { exact: true }) });

/** The delivery log's first row that contains `text` (the log refreshes itself after a change). */
export async function logRowWith(page: Page, text: string): Promise<string> {
  const found = page.getByTestId('webhook-delivery-row').filter({ hasText: text }).first();
  await found.waitFor({ timeout: 30_000 });
  return found.innerText();
}

/** Waits for `target`; if it never shows, fails with what the page's main part shows instead. */
export async function shows(page: Page, target: Locator): Promise<void> {
  try {
    await target.waitFor({ timeout: 20_000 });
  } catch {
    throw new Error(
      `not shown: ${String(target)}; the page shows:\n${await page.locator('main').innerText()}`,
    );
  }
}

/** Presses the log's Refresh until `target` shows (changes made through the API, not the page). */
export async function refreshUntil(page: Page, target: Locator): Promise<void> {
  const until = Date.now() + 20_000;
  while (!(await target.count())) {
    if (Date.now() > until) throw new Error('the delivery log never showed the attempt');
    await new Promise((resolve) => setTimeout(resolve, 300));
    await page.getByRole('button', { name: 'Refresh' }).click();
  }
}
