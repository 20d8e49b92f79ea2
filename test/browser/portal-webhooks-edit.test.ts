/**
 * The admin portal's Webhooks page, changing endpoints: the API's field errors beside the fields; edit,
 * disable (with the reason) and enable; rotation (a new secret once, the previous one for 24 hours);
 * delete after a confirmation; the form by keyboard alone; user text shown as text; another program's
 * endpoint not found; the designed error state. The list and the log: portal-webhooks.test.ts.
 */
import {
  expectAccessible,
  failGraphql,
  graphqlError,
  GRAPHQL_ROUTE,
  otherProgram,
  portalShot,
} from '../helpers/portal';
import { addByApi, endpoints, removeAll, row, shows, useWebhookPortal } from '../helpers/portal-webhooks';

const { stack, rx } = useWebhookPortal();

test('field errors from the API; edit; disable with its reason and enable; rotate; delete after a confirmation', async () => {
  await removeAll(stack);
  const wp = await stack.signedInPage();
  const { page } = wp;
  await page.goto(stack.url('/admin/webhooks'));
  await page.getByTestId('add-webhook').click();
  const form = page.getByTestId('add-webhook-card');
  await form.getByLabel('URL').fill('not a url');
  await form.getByTestId('webhook-form-submit').click();
  const urlError = form.getByTestId('error-new-url');
  await urlError.waitFor();
  expect(await urlError.innerText()).toMatch(/absolute URL/);
  expect(await form.getByLabel('URL').getAttribute('aria-invalid')).toBe('true');
  await form.getByLabel('URL').fill('ftp://127.0.0.1/hook');
  await form.getByTestId('webhook-form-submit').click();
  await page.waitForFunction(() =>
    /https URL/.test((globalThis as any).document.querySelector('[data-testid=error-new-url]')?.innerText),
  );
  await portalShot(page, 'webhooks-field-error');
  expect(await endpoints(stack)).toEqual([]);
  await form.getByRole('button', { name: 'Cancel' }).click();

  const url = rx().url('/edit-me');
  await addByApi(stack, { url, eventTypes: ['user.created'] });
  await page.reload();
  await row(page, url).getByTestId('webhook-edit').click();
  const editing = page.getByTestId('webhook-endpoint-row').filter({ has: page.getByTestId('webhook-form') });
  expect(await editing.getByLabel('URL').inputValue()).toBe(url);
  expect(await editing.getByLabel('user.created').isChecked()).toBe(true);
  await editing.getByLabel('Description (optional)').fill('Now described');
  await editing.getByLabel('user.created').uncheck();
  await editing.getByTestId('webhook-form-submit').click();
  await page.getByTestId('webhooks-notice').filter({ hasText: 'is saved' }).waitFor();
  await shows(page, row(page, url).filter({ has: page.getByTestId('webhook-all-events') }));
  expect(await endpoints(stack)).toEqual([
    expect.objectContaining({ description: 'Now described', eventTypes: [] }),
  ]);

  await row(page, url).getByTestId('webhook-toggle').click();
  await row(page, url).locator('.badge').getByText('Disabled', { exact: true }).waitFor();
  expect(await row(page, url).getByTestId('webhook-disabled-reason').innerText()).toContain(
    'Disabled by an operator',
  );
  await row(page, url)
    .getByRole('button', { name: `Enable endpoint ${url}` })
    .click();
  await row(page, url).locator('.badge').getByText('Enabled', { exact: true }).waitFor();
  expect((await endpoints(stack))[0]).toMatchObject({ enabled: true, disabledReason: null });

  // Rotate: a confirmation, then the new secret once, and the previous one's 24 hours.
  await row(page, url).getByTestId('webhook-rotate').click();
  const dialog = page.getByTestId('confirm-dialog').filter({ hasText: 'Rotate the signing secret?' });
  await dialog.waitFor({ state: 'visible' });
  expect(await dialog.innerText()).toContain('24 hours');
  await dialog.getByTestId('confirm-ok').click();
  const panel = page.getByTestId('webhook-secret-panel');
  await panel.waitFor();
  expect(await panel.innerText()).toContain('The previous secret keeps working for 24 hours');
  expect(await page.getByTestId('webhook-secret').innerText()).toMatch(/^whsec_/);
  await row(page, url).filter({ hasText: 'Still signs deliveries until' }).waitFor();
  await expectAccessible(page);
  await portalShot(page, 'webhooks-rotated');

  // Delete: Cancel keeps it; confirming removes it.
  await row(page, url).getByTestId('webhook-delete').click();
  const confirm = page.getByTestId('confirm-dialog').filter({ hasText: 'Delete this endpoint?' });
  await confirm.waitFor({ state: 'visible' });
  expect(await confirm.innerText()).toContain(url);
  await confirm.getByTestId('confirm-cancel').click();
  await confirm.waitFor({ state: 'hidden' });
  expect(await endpoints(stack)).toHaveLength(1);
  await row(page, url).getByTestId('webhook-delete').click();
  await confirm.getByTestId('confirm-ok').click();
  await confirm.waitFor({ state: 'hidden' });
  await page.getByTestId('webhooks-notice').filter({ hasText: 'is deleted' }).waitFor();
  await page.getByText('No endpoints yet').waitFor();
  expect(await endpoints(stack)).toEqual([]);
  wp.expectClean();
});

test('the form by keyboard alone: type, tick two types with Space, submit with Enter', async () => {
  await removeAll(stack);
  const { page } = await stack.signedInPage();
  await page.goto(stack.url('/admin/webhooks'));
  await page.getByText('No endpoints yet').waitFor();
  await page.getByTestId('add-webhook').focus();
  await page.keyboard.press('Enter');
  // The URL field takes the focus.
  await page.waitForFunction(() => (globalThis as any).document.activeElement?.id === 'field-new-url');
  const url = rx().url('/keyboard');
  await page.keyboard.type(url);
  await page.keyboard.press('Tab');
  await page.keyboard.type('Typed, not clicked');
  await page.keyboard.press('Tab'); // user.created
  await page.keyboard.press('Space');
  await page.keyboard.press('Tab'); // referral.started
  await page.keyboard.press('Tab'); // referral.converted
  await page.keyboard.press('Space');
  const focusedText = () =>
    page.evaluate(() => String((globalThis as any).document.activeElement?.textContent ?? ''));
  for (let i = 0; i < 30 && (await focusedText()) !== 'Add endpoint'; i += 1)
    await page.keyboard.press('Tab');
  expect(await focusedText()).toBe('Add endpoint');
  await page.keyboard.press('Enter');
  await page.getByTestId('webhook-secret').waitFor();
  // The keyboard carries on at the secret's Copy button.
  await page.waitForFunction(
    () => (globalThis as any).document.activeElement?.dataset?.testid === 'copy-webhook-secret',
  );
  expect(await endpoints(stack)).toEqual([
    expect.objectContaining({
      url,
      description: 'Typed, not clicked',
      eventTypes: ['referral.converted', 'user.created'],
    }),
  ]);
});

test('user text is shown as text, never as HTML', async () => {
  await removeAll(stack);
  const description = '<img src=x onerror="document.body.dataset.pwned=1"> <b>bold</b>';
  await addByApi(stack, { url: rx().url('/xss?q=<script>'), description });
  const wp = await stack.signedInPage();
  const { page } = wp;
  await page.goto(stack.url('/admin/webhooks'));
  const shown = page.getByTestId('webhook-description');
  await shown.waitFor();
  expect(await shown.innerText()).toBe(description);
  expect(await page.locator('main img, main b, main script').count()).toBe(0);
  expect(await page.evaluate(() => (globalThis as any).document.body.dataset.pwned)).toBeUndefined();
});

test("another program's endpoint is not found; a failed load shows the error state and recovers", async () => {
  const other = await otherProgram(stack);
  const created = await other.call('POST', '/graphql', {
    query: 'mutation { createWebhookEndpoint(input: { url: "https://93.184.215.14/hook" }) { id } }',
  });
  const foreignId = created.data.createWebhookEndpoint.id as string;
  const wp = await stack.signedInPage();
  const { page } = wp;
  await page.goto(stack.url(`/admin/webhooks?endpoint=${foreignId}`));
  const log = page.getByTestId('webhook-deliveries');
  await expect(log.getByTestId('empty-state').innerText()).resolves.toContain(
    'There is no webhook endpoint with this id in this program',
  );

  const failing = await failGraphql(page, 200, graphqlError('The database is busy', 'UNAVAILABLE'));
  await page.goto(stack.url('/admin/webhooks'));
  const state = page.getByTestId('error-state');
  await state.waitFor();
  expect(await state.innerText()).toContain('The database is busy');
  expect(failing.calls).toBeGreaterThan(0);
  await page.unroute(GRAPHQL_ROUTE);
  await state.getByRole('button', { name: 'Try again' }).click();
  await page.getByRole('heading', { name: 'Endpoints' }).waitFor();
  wp.expectClean([/Failed to load resource/]);
});
