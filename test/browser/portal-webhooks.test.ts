/**
 * The admin portal's Webhooks page in headless Chromium, with the real gateway, worker and Temporal and
 * a local receiver that verifies every delivery with the `standardwebhooks` library: the designed empty
 * state; an endpoint added in the page with two event types (its secret shown once, copyable, gone after
 * a reload); a test event sent from the page arrives signed and its SUCCEEDED attempt shows in the log;
 * a failing endpoint's attempts, "Replay" and "Replay failed since"; a VIEWER's read-only view; a phone.
 * Changing endpoints: portal-webhooks-edit.test.ts.
 */
import { recordWebhookEvent } from '../../shared/domain/webhooks/webhook-events';
import {
  expectAccessible,
  expectPhoneView,
  ON_PHONE,
  openFromNav,
  portalShot,
  settled,
} from '../helpers/portal';
import {
  addByApi,
  endpoints,
  logRowWith,
  refreshUntil,
  removeAll,
  row,
  sendTestByApi,
  useWebhookPortal,
} from '../helpers/portal-webhooks';
import { until } from '../helpers/wait';

const { stack, rx } = useWebhookPortal();

test('no endpoints: the designed empty state says what webhooks are for', async () => {
  await removeAll(stack);
  const wp = await stack.signedInPage();
  const { page } = wp;
  expect(await openFromNav(page, 'Webhooks', stack.url('/admin/webhooks'))).toBe('Webhooks');
  const empty = page.getByTestId('empty-state');
  await empty.waitFor();
  const text = await empty.innerText();
  expect(text).toContain('No endpoints yet');
  expect(text).toContain('referral started or converted');
  expect(await page.getByRole('button', { name: 'Add your first endpoint' }).count()).toBe(1);
  await expectAccessible(page);
  await portalShot(page, 'webhooks-empty');
  wp.expectClean();
});

test('add an endpoint with two event types: the secret once; a test event arrives signed and is logged', async () => {
  await removeAll(stack);
  const wp = await stack.signedInPage(stack.owner, { clipboardOrigins: [stack.url('')] });
  const { page } = wp;
  await page.goto(stack.url('/admin/webhooks'));
  await page.getByTestId('add-webhook').click();
  const form = page.getByTestId('add-webhook-card');
  const url = rx().url('/orders');
  await form.getByLabel('URL').fill(url);
  await form.getByLabel('Description (optional)').fill('Fulfilment: seats and credit');
  await form.getByLabel('referral.converted').check();
  await form.getByLabel('reward.created').check();
  // The checkboxes carry their catalogue descriptions.
  expect(await form.innerText()).toContain('A referral converted (the referred account paid).');
  await expectAccessible(page);
  await portalShot(page, 'webhooks-add');
  await form.getByTestId('webhook-form-submit').click();

  const shown = page.getByTestId('webhook-secret');
  await shown.waitFor();
  const secret = await shown.innerText();
  expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]{20,}$/);
  expect(await page.getByTestId('webhook-secret-panel').innerText()).toContain(
    'Store it now: you will not see it again.',
  );
  await page.getByTestId('copy-webhook-secret').click();
  await page.waitForFunction(
    async (want) => (await (globalThis as any).navigator.clipboard.readText()) === want,
    secret,
  );

  // The row, with its types; the page went to its log, empty for now.
  const added = row(page, url);
  await added.waitFor();
  const rowText = await added.innerText();
  expect(rowText).toContain('Fulfilment: seats and credit');
  expect(rowText).toContain('referral.converted');
  expect(rowText).toContain('reward.created');
  expect(rowText).toContain('Enabled');
  const [saved] = await endpoints(stack);
  expect(saved).toMatchObject({ url, eventTypes: ['referral.converted', 'reward.created'], enabled: true });
  expect(page.url()).toBe(stack.url(`/admin/webhooks?endpoint=${saved!.id}`));
  const log = page.getByTestId('webhook-deliveries');
  await expect(log.getByTestId('empty-state').innerText()).resolves.toContain(
    'No deliveries yet — send a test event',
  );

  await log.getByTestId('send-test-webhook').click();
  await log.getByTestId('deliveries-notice').filter({ hasText: 'webhook.test' }).waitFor();
  const payloads = await until(
    () => rx().verified('/orders', secret),
    (p) => p.length > 0,
  );
  expect(payloads).toEqual([expect.objectContaining({ type: 'webhook.test' })]);
  const eventId = String(payloads[0]!.id);
  const logged = await logRowWith(page, 'Succeeded');
  expect(logged).toContain('webhook.test');
  expect(logged).toContain(eventId);
  expect(logged).toMatch(/\b200\b/);
  expect(logged).toMatch(/\d ms/);
  expect(logged).toContain('"status":200');

  // Shown once: gone after a reload, as is every other trace of it.
  await page.reload();
  await row(page, url).waitFor();
  expect(await page.getByTestId('webhook-secret').count()).toBe(0);
  expect(await page.locator('body').innerText()).not.toContain(secret);

  // A second endpoint, for all events: the list and the open log as an operator sees them.
  await addByApi(stack, { url: rx().url('/crm'), description: 'CRM sync' });
  await page.reload();
  await row(page, rx().url('/crm')).waitFor();
  expect(await row(page, rx().url('/crm')).getByTestId('webhook-all-events').innerText()).toBe('All events');
  await page.getByTestId('webhook-delivery-row').first().waitFor();
  await settled(page);
  await expectAccessible(page);
  await portalShot(page, 'webhooks');
  wp.expectClean();
  // Its log refreshes itself for a while: stop it before the next test clears the endpoints.
  await wp.context.close();
});

test('a failing endpoint: its attempts are logged; Replay and "Replay failed since" deliver again', async () => {
  await removeAll(stack);
  const { id, secret } = await addByApi(stack, { url: rx().url('/flaky'), description: 'Flaky receiver' });
  rx().plans.set('/flaky', [500, 503]);
  const wp = await stack.signedInPage();
  const { page } = wp;
  await page.goto(stack.url(`/admin/webhooks?endpoint=${id}`));
  const log = page.getByTestId('webhook-deliveries');
  await log.getByTestId('send-test-webhook').click();
  expect(await logRowWith(page, 'Gave up')).toMatch(/\b503\b/);
  expect(await logRowWith(page, 'Failed')).toMatch(/\b500\b/);
  expect(rx().at('/flaky')).toHaveLength(2);

  // Replay the event: the same webhook-id, now answered 200.
  await log.getByTestId('replay-event').first().click();
  await log.getByTestId('deliveries-notice').filter({ hasText: 'delivered again' }).waitFor();
  await logRowWith(page, 'Succeeded');
  const ids = rx()
    .at('/flaky')
    .map((r) => r.headers['webhook-id']);
  expect(ids).toHaveLength(3);
  expect(new Set(ids).size).toBe(1);
  expect(rx().verified('/flaky', secret)).toHaveLength(3);

  // An event the dispatcher sent that failed every attempt: "Replay failed since" delivers it again.
  rx().plans.set('/flaky', [500, 500]);
  const event = await stack.gateway.deps.db.transaction((trx) =>
    recordWebhookEvent(trx, stack.tenant.id, 'referral.converted', { id: 'r-1' }),
  );
  await stack.gateway.deps.db('webhook_events').where({ id: event.id }).update({ dispatched_at: new Date() });
  const replayed = await stack.api.gql(
    'mutation R($e: ID!, $p: ID) { replayWebhookEvent(eventId: $e, endpointId: $p) { eventId } }',
    { e: event.id, p: id },
  );
  expect(replayed.errors).toBeUndefined();
  await refreshUntil(
    page,
    page
      .getByTestId('webhook-delivery-row')
      .filter({ hasText: 'referral.converted' })
      .filter({ hasText: 'Gave up' }),
  );
  await log.getByTestId('replay-failed').click();
  await log
    .getByTestId('deliveries-notice')
    .filter({ hasText: '1 failed event is being delivered again' })
    .waitFor();
  await until(
    () =>
      rx()
        .verified('/flaky', secret)
        .filter((p) => p.id === event.id),
    (p) => p.length === 3,
  );
  await page
    .getByTestId('webhook-delivery-row')
    .filter({ hasText: 'referral.converted' })
    .filter({ hasText: 'Succeeded' })
    .waitFor();
  // Nothing failed is left to replay.
  await log.getByTestId('replay-failed').click();
  await log.getByTestId('deliveries-notice').filter({ hasText: 'nothing to replay' }).waitFor();
  await settled(page);
  await expectAccessible(page);
  await portalShot(page, 'webhooks-log-replayed');
  wp.expectClean();
  // Its log refreshes itself for a while: stop it before the next test clears the endpoints.
  await wp.context.close();
});

test('a VIEWER sees the endpoints and the log, and no control that changes anything', async () => {
  await removeAll(stack);
  const url = rx().url('/viewer-sees');
  const { id } = await addByApi(stack, { url, eventTypes: ['reward.created'], description: 'Read only' });
  await sendTestByApi(stack, id);
  const viewer = await stack.addOperator('VIEWER');
  const wp = await stack.signedInPage(viewer);
  const { page } = wp;
  expect(await openFromNav(page, 'Webhooks', stack.url('/admin/webhooks'))).toBe('Webhooks');
  await row(page, url).waitFor();
  expect(await page.locator('main').innerText()).toContain('Owners and admins add and change endpoints.');
  await row(page, url)
    .getByRole('link', { name: `Deliveries of ${url}` })
    .click();
  await page.waitForURL(stack.url(`/admin/webhooks?endpoint=${id}`));
  await logRowWith(page, 'Succeeded');
  // Only reading controls: the Refresh button (and the links).
  expect(await page.locator('main button').allInnerTexts()).toEqual(['Refresh']);
  for (const testId of [
    'add-webhook',
    'webhook-edit',
    'webhook-delete',
    'send-test-webhook',
    'replay-event',
  ]) {
    expect(await page.getByTestId(testId).count()).toBe(0);
  }
  await expectAccessible(page);
  await portalShot(page, 'webhooks-viewer');
  wp.expectClean();
});

test('on a phone: the list, the form and the log fit the screen', async () => {
  await removeAll(stack);
  const { id } = await addByApi(stack, {
    url: rx().url('/a-rather-long-path/for/the/phone/webhooks'),
    eventTypes: ['referral.converted', 'reward.created', 'reward.redeemed'],
    description: 'Phone view',
  });
  await sendTestByApi(stack, id);
  const { page } = await stack.signedInPage(stack.owner, ON_PHONE);
  await page.goto(stack.url(`/admin/webhooks?endpoint=${id}`));
  await logRowWith(page, 'Succeeded');
  await settled(page);
  await expectPhoneView(page, 'webhooks-phone');
  await page.getByTestId('add-webhook').click();
  await page.getByTestId('add-webhook-card').getByLabel('URL').waitFor();
  await expectPhoneView(page, 'webhooks-add-phone');
});
