/**
 * The admin portal's API keys page in headless Chromium: a key created in the page works against the
 * REST API and is shown once; revoked in the page after a confirmation naming its prefix, it is refused
 * at once; a VIEWER sees no change controls; a cross-site form post to the admin GraphQL endpoint is
 * refused by the CSRF protection and changes nothing. Accessibility and screenshots at 1280 and 390.
 */
import http from 'node:http';
import { closeServer, listen } from '../../shared/http';
import { basic } from '../helpers/harness';
import {
  expectAccessible,
  expectPhoneView,
  ON_PHONE,
  openFromNav,
  portalShot,
  usePortalStack,
} from '../helpers/portal';

const stack = usePortalStack();

/** GET /program with a key: 200 while it is active, 401 once revoked. */
async function programStatus(key: string): Promise<number> {
  const res = await fetch(`${stack.gateway.api(stack.tenant.alias)}/program`, {
    headers: { authorization: basic(key) },
  });
  await res.arrayBuffer();
  return res.status;
}

async function activeKeys(): Promise<{ id: string; prefix: string }[]> {
  const res = await stack.api.gql('{ apiKeys { id prefix } }');
  expect(res.errors).toBeUndefined();
  return res.data.apiKeys as { id: string; prefix: string }[];
}

test('create a key in the page (shown once, copyable), use it, revoke it after a confirmation: refused', async () => {
  const wp = await stack.signedInPage(stack.owner, { clipboardOrigins: [stack.url('')] });
  const { page } = wp;
  expect(await openFromNav(page, 'API keys', stack.url('/admin/api-keys'))).toBe('API keys');
  const rows = page.getByTestId('api-key-row');
  await rows.first().waitFor();
  // The tenant's own key, by prefix only.
  const original = stack.tenant.apiKey.slice(0, 16);
  expect(await rows.allInnerTexts()).toEqual([expect.stringContaining(`${original}…`)]);
  expect(await page.locator('main').innerText()).not.toContain(stack.tenant.apiKey);

  await page.getByTestId('create-key').click();
  const shown = page.getByTestId('new-key');
  await shown.waitFor();
  const key = await shown.innerText();
  expect(key).toMatch(/^rsk_(live|test)_[A-Za-z0-9_-]{86}$/);
  const prefix = key.slice(0, 16);
  const panel = page.getByTestId('new-key-panel');
  expect(await panel.innerText()).toContain('Store it now: it will not be shown again.');
  // Newest first: the new key's prefix heads the table.
  await page.waitForFunction(
    () => (globalThis as any).document.querySelectorAll('[data-testid=api-key-row]').length === 2,
  );
  expect(await rows.first().innerText()).toContain(`${prefix}…`);
  expect((await activeKeys()).map((k) => k.prefix)).toEqual([prefix, original]);

  // Copy puts the whole key on the clipboard.
  await page.getByTestId('copy-key').click();
  await page.waitForFunction(
    async (want) => (await (globalThis as any).navigator.clipboard.readText()) === want,
    key,
  );
  await page
    .getByRole('status')
    .filter({ hasText: 'Copied to the clipboard' })
    .waitFor({ state: 'attached' });

  // The key works against the REST API.
  expect(await programStatus(key)).toBe(200);
  await expectAccessible(page);
  await portalShot(page, 'api-keys-created');

  // Shown once: after a reload only the prefix is left.
  await page.reload();
  await rows.nth(1).waitFor();
  expect(await page.getByTestId('new-key').count()).toBe(0);
  expect(await page.locator('body').innerText()).not.toContain(key);
  await portalShot(page, 'api-keys');

  // Revoke: the dialog names the prefix; Cancel changes nothing.
  const row = rows.filter({ hasText: `${prefix}…` });
  await row.getByRole('button', { name: `Revoke key ${prefix}…` }).click();
  const dialog = page.getByTestId('confirm-dialog');
  await dialog.waitFor({ state: 'visible' });
  expect(await dialog.getByRole('heading').innerText()).toBe(`Revoke key ${prefix}…?`);
  expect(await dialog.innerText()).toContain('cannot be undone');
  await expectAccessible(page);
  await portalShot(page, 'api-keys-revoke-dialog');
  await dialog.getByTestId('confirm-cancel').click();
  await dialog.waitFor({ state: 'hidden' });
  expect(await programStatus(key)).toBe(200);

  await row.getByRole('button', { name: `Revoke key ${prefix}…` }).click();
  await dialog.getByTestId('confirm-ok').click();
  await dialog.waitFor({ state: 'hidden' });
  await expect(page.getByTestId('keys-notice').innerText()).resolves.toContain(`Key ${prefix}… is revoked`);
  await page.waitForFunction(
    () => (globalThis as any).document.querySelectorAll('[data-testid=api-key-row]').length === 1,
  );
  expect(await rows.first().innerText()).toContain(`${original}…`);
  // The same key is refused at once; the tenant's other key keeps working.
  expect(await programStatus(key)).toBe(401);
  expect(await programStatus(stack.tenant.apiKey)).toBe(200);
  expect((await activeKeys()).map((k) => k.prefix)).toEqual([original]);
  // The only console error: the login page's session check before signing in.
  wp.expectClean([/401 \(Unauthorized\).*\/admin\/api\/session/]);
});

test('on a phone: the new key wraps inside the page, the table scrolls on its own', async () => {
  const wp = await stack.signedInPage(stack.owner, ON_PHONE);
  const { page } = wp;
  await page.goto(stack.url('/admin/api-keys'));
  await page.getByTestId('api-key-row').first().waitFor();
  await page.getByTestId('create-key').click();
  await page.getByTestId('new-key').waitFor();
  await expectPhoneView(page, 'api-keys-created-phone');
  const key = await page.getByTestId('new-key').innerText();
  await page.getByRole('button', { name: 'I have stored it' }).click();
  expect(await page.getByTestId('new-key').count()).toBe(0);
  await portalShot(page, 'api-keys-phone');
  // Clean up through the API: this test's key is not needed.
  const id = (await activeKeys()).find((k) => key.startsWith(k.prefix))!.id;
  const res = await stack.api.gql('mutation R($id: ID!) { revokeApiKey(id: $id) { id } }', { id });
  expect(res.errors).toBeUndefined();
});

test('a VIEWER sees the keys but no enabled change control', async () => {
  const viewer = await stack.addOperator('VIEWER');
  const wp = await stack.signedInPage(viewer);
  const { page } = wp;
  await page.goto(stack.url('/admin/api-keys'));
  await page.getByTestId('api-key-row').first().waitFor();
  expect((await page.getByTestId('api-key-row').allInnerTexts()).join('\n')).toContain(
    stack.tenant.apiKey.slice(0, 16),
  );
  expect(await page.getByTestId('create-key').count()).toBe(0);
  expect(await page.getByTestId('revoke-key').count()).toBe(0);
  expect(await page.locator('main button:enabled, main select:enabled, main input:enabled').count()).toBe(0);
  expect(await page.locator('main').innerText()).toContain('Owners and admins create and revoke them.');
  await expectAccessible(page);
  await portalShot(page, 'api-keys-viewer');
  wp.expectClean([/401 \(Unauthorized\).*\/admin\/api\/session/]);
});

test('a cross-site form post to the admin GraphQL endpoint is refused (403 CSRF_REJECTED) and changes nothing', async () => {
  // A key the forged request tries to revoke.
  const created = await stack.api.gql('mutation { createApiKey { id prefix key } }');
  const victim = created.data.createApiKey as { id: string; prefix: string; key: string };
  const before = await activeKeys();

  // Another site (another port: another origin, but the same site, so the SameSite=Strict cookie is sent).
  const forms: Record<string, string> = {
    // text/plain makes the body JSON: {"query":"…","variables":{…},"pad":"="}
    '/revoke': `<form method="post" action="${stack.url('/admin/api/graphql')}" enctype="text/plain">
      <input type="hidden" name='{"query":"mutation R($id: ID!) { revokeApiKey(id: $id) { id } }","variables":{"id":"${victim.id}"},"pad":"' value='"}'>
    </form>`,
    '/create': `<form method="post" action="${stack.url('/admin/api/graphql')}">
      <input type="hidden" name="query" value="mutation { createApiKey { key } }">
    </form>`,
  };
  const attacker = http.createServer((req, res) => {
    const form = forms[new URL(req.url ?? '/', 'http://attacker.test').pathname];
    res.writeHead(form ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      form
        ? `<!doctype html><html lang="en"><head><title>Win a prize</title><link rel="icon" href="data:,"></head>` +
            `<body>${form}<script>document.forms[0].submit()</script></body></html>`
        : 'not found',
    );
  });
  const port = await listen(attacker, 0, '127.0.0.1');
  const attackerOrigin = `http://127.0.0.1:${port}`;
  try {
    const wp = await stack.signedInPage();
    const { page } = wp;
    for (const path of ['/revoke', '/create']) {
      const answer = page.waitForResponse(
        // The forged form's own navigation, not a request of the portal page still loading its data.
        (r) =>
          r.url() === stack.url('/admin/api/graphql') &&
          r.request().method() === 'POST' &&
          r.request().isNavigationRequest(),
      );
      await page.goto(`${attackerOrigin}${path}`);
      const response = await answer;
      const sent = await response.request().allHeaders();
      // The browser did send the operator's session cookie; the server refused anyway.
      expect(sent.cookie).toMatch(/rs_admin_session=/);
      expect(sent.origin).toBe(attackerOrigin);
      expect(response.status()).toBe(403);
      expect(await response.json()).toMatchObject({ statusCode: 403, apiErrorCode: 'CSRF_REJECTED' });
    }
    // Nothing changed: the same keys, and the victim key still works.
    expect(await activeKeys()).toEqual(before);
    expect(await programStatus(victim.key)).toBe(200);
    // The session itself is still fine for the portal.
    await page.goto(stack.url('/admin/api-keys'));
    await page.getByTestId('api-key-row').filter({ hasText: victim.prefix }).waitFor();
  } finally {
    await closeServer(attacker);
    await stack.api.gql('mutation R($id: ID!) { revokeApiKey(id: $id) { id } }', { id: victim.id });
  }
});
