/**
 * The Install page's SFTP section in headless Chromium: off until turned on (the switch reaches the
 * API), the connection command, the folders; a generated key's private key shown once, copied and
 * downloaded as <alias>_sftp_ed25519, and accepted by OpenSSH's ssh-keygen with the fingerprint the
 * table shows; a key added through the API and one pasted in the form (a pasted private key refused
 * under the field); Revoke after a confirmation; another program's keys never shown; the section's own
 * error state; a VIEWER's read-only view. Accessibility and screenshots at 1280 and 390.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { screenshot } from '../helpers/browser';
import {
  expectAccessible,
  expectNoHorizontalScroll,
  GRAPHQL_ROUTE,
  ON_PHONE,
  otherProgram,
  portalShot,
  settled,
  usePortalStack,
} from '../helpers/portal';

const stack = usePortalStack();
let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-sftp-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const sshKeygen = (...args: string[]) => execFileSync('ssh-keygen', args, { encoding: 'utf8' }).trim();
const fingerprintOf = (file: string) => sshKeygen('-l', '-f', file).split(' ')[1]!;
function opensshKey(name: string): { priv: string; pub: string } {
  const priv = path.join(dir, name);
  sshKeygen('-q', '-t', 'ed25519', '-N', '', '-C', name, '-f', priv);
  return { priv, pub: `${priv}.pub` };
}

const KEYS = '{ sftpKeys { fingerprint keyType comment } }';
const apiKeys = async () =>
  ((await stack.api.gql(KEYS)).data.sftpKeys as { fingerprint: string }[]).map((k) => k.fingerprint);

async function openSftp(page: Page): Promise<void> {
  await page.goto(stack.url('/admin/install'));
  await page.getByTestId('sftp-status').waitFor();
  await settled(page);
}

/** The keys table's rows as text. */
const rows = (page: Page) => page.getByTestId('sftp-key-row').allInnerTexts();

test('off at first; turned on here, the API agrees; the command and the folders; no keys yet', async () => {
  const wp = await stack.signedInPage();
  const { page } = wp;
  await openSftp(page);
  const { alias } = stack.tenant;
  expect(await page.getByTestId('sftp-status').innerText()).toContain('Off');
  expect(await page.getByTestId('sftp-command').innerText()).toBe(
    `sftp -i ${alias}_sftp_ed25519 -P 2222 ${alias}@127.0.0.1`,
  );
  const folders = await page.getByTestId('sftp-folders').innerText();
  for (const folder of [
    '/imports/USER/',
    '/imports/DELETE_USER/',
    '/imports/USER_EVENT/',
    '/imports/REDEEMABLE_REWARD_BALANCE/',
    '/status/',
    '/results/',
  ]) {
    expect(folders).toContain(folder);
  }
  await page.getByTestId('sftp').getByTestId('empty-state').filter({ hasText: 'No SFTP keys' }).waitFor();
  await expectAccessible(page);

  await page.getByTestId('sftp-enable').click();
  await page.getByTestId('sftp-notice').filter({ hasText: 'SFTP is on' }).waitFor();
  await page.getByTestId('sftp-disable').waitFor();
  expect(await page.getByTestId('sftp-status').innerText()).toContain('On');
  expect((await stack.api.gql('{ sftp { enabled username } }')).data.sftp).toEqual({
    enabled: true,
    username: alias,
  });
  await portalShot(page, 'install-sftp-empty');
  wp.expectClean();
});

test('generate: the private key once, copied and downloaded; ssh-keygen reads it with the fingerprint listed', async () => {
  const wp = await stack.signedInPage(stack.owner, { clipboardOrigins: [stack.url('')] });
  const { page } = wp;
  await openSftp(page);
  await page.getByLabel('Comment for a new key (optional)').fill('nightly CRM export');
  await page.getByTestId('sftp-generate').click();
  const shown = await page.getByTestId('sftp-private-key').innerText();
  expect(shown).toMatch(
    /^-----BEGIN OPENSSH PRIVATE KEY-----\n[A-Za-z0-9+/=\n]+-----END OPENSSH PRIVATE KEY-----\n?$/,
  );
  const fingerprint = await page.getByTestId('sftp-new-key-fingerprint').innerText();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('sftp-download-private-key').click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${stack.tenant.alias}_sftp_ed25519`);
  const file = path.join(dir, download.suggestedFilename());
  await download.saveAs(file);
  fs.chmodSync(file, 0o600);
  expect(fs.readFileSync(file, 'utf8').trim()).toBe(shown.trim());
  expect(fingerprintOf(file)).toBe(fingerprint);

  await page.getByTestId('sftp-copy-private-key').click();
  await page.getByTestId('sftp-copy-private-key').filter({ hasText: 'Copied' }).waitFor();
  const copied = await page.evaluate(() => (globalThis as any).navigator.clipboard.readText());
  expect((copied as string).trim()).toBe(shown.trim());

  await page.getByTestId('sftp-key-row').filter({ hasText: fingerprint }).waitFor();
  expect(await rows(page)).toEqual([expect.stringContaining(fingerprint)]);
  const row = (await rows(page))[0]!;
  expect(row).toContain('ssh-ed25519');
  expect(row).toContain('nightly CRM export');
  expect(row).toContain('Never');
  expect(await apiKeys()).toEqual([fingerprint]);
  await expectAccessible(page);
  await portalShot(page, 'install-sftp-generated');

  await page.getByRole('button', { name: 'I have stored it' }).click();
  expect(await page.getByTestId('sftp-private-key').count()).toBe(0);
  expect(await page.content()).not.toContain(shown.split('\n')[2]!);
  wp.expectClean();
});

test('add a key (through the API and in the form); a pasted private key is refused under the field', async () => {
  const viaApi = opensshKey('added-through-the-api');
  const viaForm = opensshKey('pasted-in-the-form');
  const added = await stack.api.gql('mutation A($k: String!) { addSftpKey(publicKey: $k) { fingerprint } }', {
    k: fs.readFileSync(viaApi.pub, 'utf8'),
  });
  expect(added.data.addSftpKey.fingerprint).toBe(fingerprintOf(viaApi.pub));
  // Another program's key never shows here.
  const other = await otherProgram(stack);
  const otherKey = opensshKey('other-program');
  await other.call('POST', '/graphql', {
    query: 'mutation A($k: String!) { addSftpKey(publicKey: $k) { fingerprint } }',
    variables: { k: fs.readFileSync(otherKey.pub, 'utf8') },
  });

  const wp = await stack.signedInPage();
  const { page } = wp;
  await openSftp(page);
  expect((await rows(page))[0]).toContain(fingerprintOf(viaApi.pub));
  expect((await rows(page))[0]).toContain('added-through-the-api');
  expect(await page.getByTestId('sftp-keys').innerText()).not.toContain(fingerprintOf(otherKey.pub));

  const input = page.getByLabel('SSH key to add');
  await input.fill(fs.readFileSync(viaForm.priv, 'utf8'));
  await page.getByTestId('sftp-add-key').click();
  const error = page.getByTestId('error-sftpPublicKey');
  await error.waitFor();
  expect(await error.innerText()).toMatch(/^This key is a private key: paste the public key/);
  expect(await input.getAttribute('aria-invalid')).toBe('true');
  await expectAccessible(page);
  await portalShot(page, 'install-sftp-add-error');

  await input.fill(fs.readFileSync(viaForm.pub, 'utf8'));
  await page.getByTestId('sftp-add-key').click();
  await page
    .getByTestId('sftp-notice')
    .filter({ hasText: fingerprintOf(viaForm.pub) })
    .waitFor();
  // The table loads again after the notice.
  await page
    .getByTestId('sftp-key-row')
    .filter({ hasText: fingerprintOf(viaForm.pub) })
    .waitFor();
  expect(await input.inputValue()).toBe('');
  expect(await error.count()).toBe(0);
  expect((await rows(page))[0]).toContain(fingerprintOf(viaForm.pub));
  expect(await apiKeys()).toContain(fingerprintOf(viaForm.pub));
  wp.expectClean();
});

test('revoke after a confirmation: the key leaves the table and the API', async () => {
  const wp = await stack.signedInPage();
  const { page } = wp;
  await openSftp(page);
  const before = await apiKeys();
  const target = before[0]!;
  const revoke = page.getByRole('button', { name: `Revoke SFTP key ${target}` });
  await revoke.click();
  // Named by its own title (the page has the processor's Disconnect dialog too).
  const dialog = page.getByRole('dialog', { name: 'Revoke this SFTP key?' });
  expect(await dialog.innerText()).toContain(target);
  await dialog.getByTestId('confirm-cancel').click();
  await dialog.waitFor({ state: 'hidden' });
  expect(await revoke.evaluate((el) => el === (globalThis as any).document.activeElement)).toBe(true);
  expect(await apiKeys()).toEqual(before);

  await revoke.click();
  await dialog.getByTestId('confirm-ok').click();
  await page.getByTestId('sftp-notice').filter({ hasText: 'is revoked' }).waitFor();
  await page.getByTestId('sftp-key-row').filter({ hasText: target }).waitFor({ state: 'detached' });
  expect(await page.getByTestId('sftp-keys').innerText()).not.toContain(target);
  expect(await apiKeys()).toEqual(before.slice(1));
  wp.expectClean();
});

test('on a phone: everything fits the width, the generated key included', async () => {
  const wp = await stack.signedInPage(stack.owner, ON_PHONE);
  const { page } = wp;
  await openSftp(page);
  await page.getByTestId('sftp-generate').click();
  await page.getByTestId('sftp-private-key').waitFor();
  await settled(page);
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
  await page.getByTestId('sftp').scrollIntoViewIfNeeded();
  await portalShot(page, 'install-sftp-phone');
  // The section's parts at a readable size.
  await screenshot(page, 'portal-install-sftp-phone-new-key', page.getByTestId('sftp-new-key'));
  await screenshot(page, 'portal-install-sftp-phone-keys', page.locator('.sftp-key-forms'));
  await screenshot(page, 'portal-install-sftp-phone-table', page.getByTestId('sftp-keys'));
  wp.expectClean();
});

test("the section's own error state, and Try again", async () => {
  const wp = await stack.signedInPage();
  const { page } = wp;
  let failing = true;
  await page.route(GRAPHQL_ROUTE, (route) =>
    failing && (route.request().postData() ?? '').includes('query Sftp')
      ? route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({
            errors: [{ message: 'Unavailable', extensions: { code: 'SERVICE_UNAVAILABLE' } }],
          }),
        })
      : route.continue(),
  );
  await page.goto(stack.url('/admin/install'));
  const section = page.getByTestId('sftp');
  await section.getByText("The SFTP settings couldn't be loaded").waitFor();
  // The rest of the page is unaffected.
  await page.getByTestId('processor-status').waitFor();
  failing = false;
  await section.getByRole('button', { name: 'Try again' }).click();
  await page.getByTestId('sftp-status').waitFor();
  wp.expectClean([/status of 503/]);
});

test('a VIEWER sees the settings and keys, with no control that changes them', async () => {
  const viewer = await stack.addOperator('VIEWER');
  const wp = await stack.signedInPage(viewer);
  const { page } = wp;
  await openSftp(page);
  expect(await page.getByTestId('sftp-status').innerText()).toContain('On');
  expect(await page.getByTestId('sftp').innerText()).toContain('Only an Owner or an Admin');
  expect((await rows(page)).length).toBe((await apiKeys()).length);
  for (const testId of ['sftp-enable', 'sftp-disable', 'sftp-generate', 'sftp-add-key', 'sftp-revoke-key']) {
    expect(await page.getByTestId(testId).count()).toBe(0);
  }
  expect(await page.getByTestId('sftp').locator('input, textarea').count()).toBe(0);
  expect(await page.getByTestId('sftp').locator('button:enabled').allInnerTexts()).toEqual(['Copy command']);
  await expectAccessible(page);
  await portalShot(page, 'install-sftp-viewer');
  wp.expectClean();
});
