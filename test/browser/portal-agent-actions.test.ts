/**
 * MCP in the portal, in headless Chromium: an OWNER creates an MCP key that may ask for changes on the
 * API keys page ("For MCP (AI agents)", "Allow changes"); an agent with it (the MCP SDK's client) asks
 * for two program changes, which wait under "Agent actions" (designed empty, loading and error states);
 * approved from the keyboard, one applies; rejected with a reason, the other never does. Accessibility
 * and a screenshot (docs/screenshots/portal-agent-actions.png).
 */
import fs from 'node:fs';
import path from 'node:path';
import { mcpClient } from '../helpers/mcp-client';
import {
  expectAccessible,
  expectOutageThenRetry,
  openFromNav,
  portalShot,
  usePortalStack,
} from '../helpers/portal';

const stack = usePortalStack();
const DOCS_SHOTS = path.join(__dirname, '..', '..', 'docs', 'screenshots');

const discount = async () =>
  (await stack.api.gqlOk('{ program { referredDiscountPercent } }')).program
    .referredDiscountPercent as number;

test('an MCP key made in the page; its agent asks, an owner approves one change and rejects another', async () => {
  const wp = await stack.signedInPage();
  const { page } = wp;

  // Nothing yet: the designed empty state.
  expect(await openFromNav(page, 'Agent actions', stack.url('/admin/agent-actions'))).toBe('Agent actions');
  await page.getByTestId('empty-state').waitFor();
  expect(await page.getByTestId('empty-state').innerText()).toContain('Nothing awaits a decision');

  // The key, made for an agent that may ask for changes.
  expect(await openFromNav(page, 'API keys', stack.url('/admin/api-keys'))).toBe('API keys');
  await page.getByTestId('purpose-mcp').check();
  await page.getByLabel('Allow changes').check();
  await page.getByTestId('create-key').click();
  const key = await page.getByTestId('new-key').innerText();
  expect(await page.getByTestId('new-key-panel').innerText()).toContain('Authorization: Bearer');
  await page.getByTestId('api-key-row').filter({ hasText: 'MCP agent, may ask for changes' }).waitFor();

  const agent = await mcpClient(`${stack.gateway.api(stack.tenant.alias)}/mcp`, key);
  try {
    const before = await discount();
    const first = await agent.call('change_program', { changes: { referredDiscountPercent: 31 } });
    const second = await agent.call('change_program', { changes: { referredDiscountPercent: 47 } });
    expect([first.json.status, second.json.status]).toEqual(['PENDING', 'PENDING']);

    expect(await openFromNav(page, 'Agent actions', stack.url('/admin/agent-actions'))).toBe('Agent actions');
    const rows = page.getByTestId('agent-action-row');
    await rows.nth(1).waitFor();
    expect(await rows.allInnerTexts()).toEqual([
      expect.stringContaining('Change program default: referredDiscountPercent → 47'),
      expect.stringContaining('Change program default: referredDiscountPercent → 31'),
    ]);
    expect(await discount()).toBe(before);
    await expectAccessible(page);
    const shot = await portalShot(page, 'agent-actions');
    fs.copyFileSync(shot, path.join(DOCS_SHOTS, 'portal-agent-actions.png'));

    // Approve the older one from the keyboard.
    await page
      .getByRole('button', { name: 'Approve: Change program default: referredDiscountPercent → 31' })
      .focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('confirm-dialog').waitFor();
    await expectAccessible(page);
    await page.getByTestId('confirm-ok').click();
    await page.getByTestId('agent-actions-notice').waitFor();
    expect(await page.getByTestId('agent-actions-notice').innerText()).toContain('Approved and applied');
    expect(await discount()).toBe(31);

    // Reject the other, with a reason: it never runs.
    await page.getByRole('button', { name: /^Reject: / }).click();
    await page.getByTestId('action-reason').fill('We decide discounts ourselves');
    await page.getByTestId('action-submit').click();
    await page.getByTestId('empty-state').waitFor();
    expect(await page.getByTestId('agent-actions-notice').innerText()).toContain('Rejected');
    expect(await discount()).toBe(31);
    const status = await agent.call('agent_action_status', { actionId: second.json.actionId });
    expect(status.json).toMatchObject({ status: 'REJECTED', reason: 'We decide discounts ourselves' });
  } finally {
    await agent.close();
  }
  wp.expectClean();
});

test('a failed load shows the error state, and Try again loads the page', async () => {
  await expectOutageThenRetry(stack, '/admin/agent-actions', (page) =>
    page.getByRole('heading', { name: 'Awaiting a decision' }).waitFor(),
  );
});
