/**
 * The admin portal's Payouts pages in headless Chromium, with the real gateway, worker and Temporal paying
 * through the payout stand-ins (PayPal's official SDK against its stand-in): the designed empty states;
 * the due list with each blocker in plain words and the rewards behind a balance; a payee held and a tax
 * form marked received from the page; a run that waits for approval, one payout cancelled, approved by the
 * OWNER in the browser and paid, a refused payout with PayPal's message highlighted, its CSV downloaded;
 * the settings; a VIEWER's read-only pages; a phone.
 */
import fs from 'node:fs';
import crypto from 'node:crypto';
import {
  expectAccessible,
  expectOutageThenRetry,
  expectPhoneView,
  ON_PHONE,
  openFromNav,
  portalShot,
  settled,
} from '../helpers/portal';
import { dueRow, payoutRow, runStatus, shown, usePayoutPortal } from '../helpers/portal-payouts';
import { until } from '../helpers/wait';

const { stack, standIns, seeds } = usePayoutPortal();
const paypal = (email: string) => ({ type: 'PAYPAL', email });
const unique = () => Math.random().toString(36).slice(2, 10);

let runId = '';

test('nothing due and no runs yet: the designed empty states', async () => {
  const wp = await stack.signedInPage();
  const { page } = wp;
  expect(await openFromNav(page, 'Payouts', stack.url('/admin/payouts'))).toBe('Payouts');
  const empty = page.getByTestId('empty-state');
  await empty.waitFor();
  expect(await empty.innerText()).toContain('Nothing is due');
  await expectAccessible(page);
  await portalShot(page, 'payouts-empty');
  await page.getByTestId('payout-tab-runs').click();
  await page.waitForURL(stack.url('/admin/payouts/runs'));
  await page.getByText('No payout runs yet').waitFor();
  // The nav keeps Payouts marked on its sub-pages.
  expect(
    await page.getByRole('navigation', { name: 'Main' }).locator('[aria-current="page"]').innerText(),
  ).toBe('Payouts');
  await expectAccessible(page);
  wp.expectClean();
});

test('the due list: amounts, blockers in plain words, methods, reasons; hold and tax form from the page', async () => {
  const s = seeds();
  await s.setPolicy({ minimumCents: 1000, requireApproval: true });
  await stack.api.gqlOk('mutation { setPayoutTaxThreshold(thresholdCents: 4000) }');
  const ready = await s.referrer(paypal(`ready-${unique()}@example.com`));
  const small = await s.referrer(paypal(`small-${unique()}@example.com`));
  const noMethod = await s.referrer();
  const taxed = await s.referrer(paypal(`taxed-${unique()}@example.com`));
  const toHold = await s.referrer(paypal(`hold-${unique()}@example.com`));
  await s.earnCash(ready, 2500);
  await s.earnCash(ready, 500);
  await s.earnCash(small, 400);
  await s.earnCash(noMethod, 3000);
  await s.earnCash(taxed, 5000);
  await s.earnCash(toHold, 2000);

  const wp = await stack.signedInPage();
  const { page } = wp;
  await page.goto(stack.url('/admin/payouts'));
  await dueRow(page, ready).waitFor();
  const text = async (id: string) => dueRow(page, id).innerText();
  expect(await text(ready)).toMatch(/\$30\.00[\s\S]*Ready to pay[\s\S]*r•••@example\.com[\s\S]*PayPal/);
  expect(await text(small)).toContain('Below the minimum');
  expect(await text(noMethod)).toContain('No payout method');
  expect(await text(taxed)).toContain('Tax form needed');
  expect(await dueRow(page, small).getByTestId('due-payable').innerText()).toBe('$0.00');

  // The rewards behind a balance, opened with the keyboard.
  const reasons = dueRow(page, ready).getByTestId('due-reasons');
  await reasons.locator('summary').focus();
  await page.keyboard.press('Enter');
  await reasons.getByTestId('due-reason').first().waitFor();
  expect(await reasons.getByTestId('due-reason').allInnerTexts()).toEqual([
    expect.stringMatching(/\$(25|5)\.00[\s\S]*A paying friend \(test\)/),
    expect.stringMatching(/\$(25|5)\.00[\s\S]*A paying friend \(test\)/),
  ]);

  // Hold a payee with a reason: the list says so, in their words (as text, never HTML).
  await dueRow(page, toHold).getByTestId('due-hold').click();
  const hold = page.getByTestId('hold-dialog');
  await hold.getByTestId('action-reason').fill('<b>Checking</b> a chargeback');
  await expectAccessible(page);
  await hold.getByTestId('action-submit').click();
  await page.getByTestId('due-notice').filter({ hasText: 'is held' }).waitFor();
  await dueRow(page, toHold).getByText('Held by an operator').waitFor();
  expect(await dueRow(page, toHold).getByTestId('due-held-reason').innerText()).toBe(
    'Held: <b>Checking</b> a chargeback',
  );

  // The tax form received: the payee is ready.
  await dueRow(page, taxed).getByTestId('due-tax').click();
  await page.getByLabel('Country (optional)').fill('us');
  await shown(page).getByTestId('confirm-ok').click();
  await page.getByTestId('due-notice').filter({ hasText: 'tax form' }).waitFor();
  await dueRow(page, taxed).getByText('Ready to pay').waitFor();
  expect(await text(taxed)).toContain('Tax form received (US)');
  await settled(page);
  await expectAccessible(page);
  await portalShot(page, 'payouts-due');
  wp.expectClean();
  // Released again through the API: the next test's run leaves it out for a reason of its own.
  await stack.api.gqlOk('mutation H($a: ID!) { holdPayee(accountId: $a, held: false) { held } }', {
    a: toHold,
  });
});

test('a run waits for approval; one payout cancelled; the OWNER approves; paid, a refusal in PayPal’s words; the CSV', async () => {
  const s = seeds();
  const refusedEmail = `refused-${unique()}@example.com`;
  await standIns().paypal.receiverRule(refusedEmail, 'FAILED', 'Receiver account is restricted');
  const refused = await s.referrer(paypal(refusedEmail));
  const later = await s.referrer(paypal(`later-${unique()}@example.com`));
  await s.earnCash(refused, 1500);
  await s.earnCash(later, 1200);

  const wp = await stack.signedInPage();
  const { page } = wp;
  await page.goto(stack.url('/admin/payouts'));
  await dueRow(page, refused).waitFor();
  await page.getByTestId('run-payouts').click();
  expect(await shown(page).innerText()).toContain('waits for an owner or admin');
  const sent = page.waitForRequest((r) => (r.postData() ?? '').includes('mutation RequestPayoutRun'));
  await shown(page).getByTestId('confirm-ok').click();
  // The press carries its own idempotency key: a retry of it names the same run.
  const variables = JSON.parse((await sent).postData()!).variables;
  expect(variables.input.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
  await page.waitForURL(/\/admin\/payouts\/runs\/[0-9a-f-]{36}$/);
  runId = page.url().split('/').at(-1)!;
  await runStatus(page, 'Awaiting approval');
  await page.getByTestId('run-awaiting').waitFor();
  await payoutRow(page, later).waitFor();
  const temporal = await page.getByTestId('temporal-link').getAttribute('href');
  expect(temporal).toBe(
    `${stack.config.temporalUiUrl.replace(/\/+$/, '')}/namespaces/${encodeURIComponent(
      stack.config.TEMPORAL_NAMESPACE,
    )}/workflows/${encodeURIComponent(`payout-run/${stack.tenant.alias}/${runId}`)}`,
  );
  await expectAccessible(page);
  await portalShot(page, 'payouts-run-awaiting');

  // One payout left out of the run while it waits.
  await payoutRow(page, later).getByTestId('payout-cancel').click();
  await shown(page).getByTestId('confirm-ok').click();
  await page.getByTestId('run-notice').filter({ hasText: 'cancelled' }).waitFor();
  await payoutRow(page, later).getByText('Cancelled').waitFor();

  await page.getByTestId('run-approve').click();
  await shown(page).getByTestId('confirm-ok').click();
  await runStatus(page, 'Completed', 30_000);
  expect(await page.getByTestId('run-approved').innerText()).toContain(stack.owner.email);
  const paidRows = page.getByTestId('payout-row').filter({ hasText: 'Paid' });
  expect(await paidRows.count()).toBeGreaterThanOrEqual(2);
  // The refusal first, highlighted, in PayPal's words.
  const problems = page.getByTestId('payout-problems');
  expect(await problems.innerText()).toMatch(/1 payout did not arrive[\s\S]*Receiver account is restricted/);
  expect(await page.getByTestId('payout-row').first().innerText()).toMatch(
    new RegExp(`${refused}[\\s\\S]*Failed[\\s\\S]*Receiver account is restricted`),
  );
  expect(await page.getByTestId('run-approve').count()).toBe(0);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('run-csv').click()]);
  expect(download.suggestedFilename()).toMatch(
    new RegExp(`^payout-run-\\d{4}-\\d{2}-\\d{2}-${runId.slice(0, 8)}\\.csv$`),
  );
  const csv = fs.readFileSync((await download.path())!, 'utf8');
  const lines = csv.trim().split(/\r?\n/);
  expect(lines[0]).toBe(
    'payout_id,account_id,method,amount_cents,currency,status,provider_ref,provider_message,created_at,sent_at,settled_at',
  );
  expect(lines.find((l) => l.includes(refused))).toMatch(
    /,PAYPAL,1500,USD,FAILED,.*Receiver account is restricted/,
  );
  expect(lines.find((l) => l.includes(later))).toMatch(/,PAYPAL,1200,USD,CANCELLED,/);
  expect(lines.filter((l) => l.includes(',PAID,'))).toHaveLength(await paidRows.count());
  await settled(page);
  await expectAccessible(page);
  await portalShot(page, 'payouts-run-completed');

  // The history lists it, completed, approved by the OWNER.
  await page.getByTestId('payout-tab-runs').click();
  const row = page.getByTestId('run-row').first();
  await row.getByText('Completed').waitFor();
  expect(await row.innerText()).toContain(stack.owner.email);
  await expectAccessible(page);
  await portalShot(page, 'payouts-runs');
  wp.expectClean();
});

test('settings: the policy, the tax threshold and the providers’ key hints; a provider connected again', async () => {
  const wp = await stack.signedInPage();
  const { page } = wp;
  await page.goto(stack.url('/admin/payouts/settings'));
  const providers = page.getByTestId('providers-card');
  await providers.getByTestId('payout-connection').first().waitFor();
  expect(await providers.getByTestId('payout-connection').allInnerTexts()).toEqual([
    expect.stringMatching(/^Gift card key …\w{4}[\s\S]*Webhooks verified/),
    expect.stringMatching(/^PayPal key …\w{4}[\s\S]*Webhooks verified/),
  ]);
  await page.getByLabel('Minimum payout (cents)').fill('2500');
  await page.getByLabel('Schedule').selectOption('WEEKLY');
  await page.getByTestId('policy-save').click();
  await page.getByTestId('policy-notice').waitFor();
  await page.getByLabel('Yearly tax threshold (cents)').fill('');
  await page.getByTestId('threshold-save').click();
  await page.getByTestId('threshold-notice').filter({ hasText: 'No tax threshold' }).waitFor();
  const saved = await stack.api.gqlOk(
    '{ payoutPolicy { minimumCents schedule requireApproval } payoutTaxThreshold }',
  );
  expect(saved).toEqual({
    payoutPolicy: { minimumCents: 2500, schedule: 'WEEKLY', requireApproval: true },
    payoutTaxThreshold: null,
  });

  // PayPal's keys replaced: only the hint of the new secret shows; the secret field is empty again.
  const creds = standIns().paypal.credentials();
  const form = page.getByTestId('connect-paypal');
  await form.getByLabel('Client ID').fill(creds.clientId!);
  await form.getByLabel('Secret').fill(creds.secret);
  await form.getByRole('button', { name: 'Connect PayPal' }).click();
  await page.getByTestId('connect-paypal-notice').waitFor();
  expect(await form.getByLabel('Secret').inputValue()).toBe('');
  await providers
    .getByTestId('payout-connections')
    .getByText(`key …${creds.secret.slice(-4)}`)
    .waitFor();
  expect(await page.locator('body').innerText()).not.toContain(creds.secret);
  await settled(page);
  await expectAccessible(page);
  await portalShot(page, 'payouts-settings');
  wp.expectClean();
});

test('a VIEWER reads every Payouts page and finds no control that changes anything', async () => {
  const viewer = await stack.addOperator('VIEWER');
  const wp = await stack.signedInPage(viewer);
  const { page } = wp;
  expect(await openFromNav(page, 'Payouts', stack.url('/admin/payouts'))).toBe('Payouts');
  await page.getByTestId('due-row').first().waitFor();
  expect(await page.locator('main button').count()).toBe(0);
  expect(await page.getByTestId('run-payouts').count()).toBe(0);
  await expectAccessible(page);
  await portalShot(page, 'payouts-due-viewer');

  await page.goto(stack.url(`/admin/payouts/runs/${runId}`));
  await runStatus(page, 'Completed');
  // Reading only: the CSV.
  expect(await page.locator('main button').allInnerTexts()).toEqual(['Download CSV']);

  // A run awaiting approval: the VIEWER is told it waits, and finds no Approve or Cancel.
  const payee = await seeds().referrer(paypal(`waits-${unique()}@example.com`));
  await seeds().earnCash(payee, 9000);
  const waiting = (await stack.api.gqlOk('mutation { requestPayoutRun { id } }')).requestPayoutRun.id;
  const status = () =>
    stack.api.gqlOk('query Q($id: ID!) { payoutRun(id: $id) { status } }', { id: waiting });
  await until(status, (r) => r.payoutRun.status === 'AWAITING_APPROVAL');
  await page.goto(stack.url(`/admin/payouts/runs/${waiting}`));
  await runStatus(page, 'Awaiting approval');
  expect(await page.getByTestId('run-awaiting').innerText()).toBe(
    'This run waits for an owner or admin to approve it.',
  );
  expect(await page.locator('main button').allInnerTexts()).toEqual(['Download CSV']);
  await expectAccessible(page);
  await stack.api.gqlOk('mutation C($id: ID!) { cancelPayoutRun(id: $id) { id } }', { id: waiting });
  await page.goto(stack.url('/admin/payouts/runs'));
  await page.getByTestId('run-row').first().waitFor();
  expect(await page.locator('main button').count()).toBe(0);
  await page.goto(stack.url('/admin/payouts/settings'));
  await page.getByTestId('value-minimumCents').waitFor();
  expect(await page.locator('main input, main button, main select').count()).toBe(0);
  expect(await page.getByTestId('value-schedule').innerText()).toBe('Every week');
  await expectAccessible(page);
  await portalShot(page, 'payouts-settings-viewer');
  wp.expectClean();
});

test('a failed load says so and “Try again” loads; a run of no one’s is not found', async () => {
  await expectOutageThenRetry(stack, '/admin/payouts', (page) => page.getByTestId('due-card').waitFor());
  const wp = await stack.signedInPage();
  await wp.page.goto(stack.url(`/admin/payouts/runs/${crypto.randomUUID()}`));
  await wp.page.getByRole('heading', { level: 1, name: 'Payout run not found' }).waitFor();
  expect(await wp.page.getByTestId('empty-state').innerText()).toContain(
    'There is no payout run with this id in this program',
  );
  await expectAccessible(wp.page);
  wp.expectClean([/404|400/]);
});

test('on a phone: the due list and a run fit the screen', async () => {
  const { page } = await stack.signedInPage(stack.owner, ON_PHONE);
  await page.goto(stack.url('/admin/payouts'));
  await page.getByTestId('due-row').first().waitFor();
  await settled(page);
  await expectPhoneView(page, 'payouts-due-phone');
  await page.goto(stack.url(`/admin/payouts/runs/${runId}`));
  await runStatus(page, 'Completed');
  await settled(page);
  await expectPhoneView(page, 'payouts-run-phone');
});

test('several programs: a picker chooses whose payouts are shown, kept in the address', async () => {
  const created = await stack.api.gqlOk(
    'mutation P($input: ProgramInput!) { createProgram(input: $input) { id } }',
    { input: { name: 'Partners' } },
  );
  const id = created.createProgram.id as string;
  const wp = await stack.signedInPage();
  const { page } = wp;
  await page.goto(stack.url('/admin/payouts'));
  await page.getByTestId('due-row').first().waitFor();
  await page.getByLabel('Program').selectOption(id);
  await page.waitForURL(stack.url(`/admin/payouts?program=${encodeURIComponent(id)}`));
  await page.getByRole('heading', { name: 'Due in Partners' }).waitFor();
  expect(await page.getByTestId('empty-state').innerText()).toContain('Nothing is due');
  // Settings follow the chosen program.
  await page.getByTestId('payout-tab-settings').click();
  await page.getByRole('heading', { name: 'Policy of Partners' }).waitFor();
  expect(await page.getByLabel('Minimum payout (cents)').inputValue()).toBe('1000');
  await expectAccessible(page);
  wp.expectClean();
});
