/**
 * The admin portal's Team page in headless Chromium: an OWNER invites an operator (a one-time link
 * shown once; the invitee is Pending), who chooses a password on the link's page in a second browser
 * and signs in (the used link then shows its dead-link state); a role change to VIEWER leaves them
 * no enabled change controls; removal signs them out at their next request. The OWNER cannot demote or
 * remove themselves in the page; the invite form's errors; non-OWNERs get an "only owners" page.
 * Accessibility and screenshots at 1280 and 390.
 */
import { adminApi } from '../helpers/admin-api';
import {
  expectAccessible,
  expectPhoneView,
  ON_PHONE,
  openFromNav,
  portalShot,
  signIn,
  usePortalStack,
} from '../helpers/portal';

const stack = usePortalStack();
let domain: string;

beforeAll(() => {
  domain = stack.owner.email.split('@')[1]!;
});

const SESSION_CHECK = [/401 \(Unauthorized\).*\/admin\/api\/session/];

async function operatorsByApi(): Promise<{ email: string; role: string }[]> {
  const res = await stack.api.gql('{ operators { email role } }');
  expect(res.errors).toBeUndefined();
  return res.data.operators as { email: string; role: string }[];
}

test('invite, choose a password with the one-time link, sign in, demote to VIEWER, remove: signed out at the next request', async () => {
  const ownerPage = await stack.signedInPage();
  const { page } = ownerPage;
  expect(await openFromNav(page, 'Team', stack.url('/admin/team'))).toBe('Team');
  const rows = page.getByTestId('operator-row');
  const mine = rows.filter({ hasText: stack.owner.email });
  await mine.waitFor();
  // The signed-in OWNER's own row: no role select, no Remove.
  expect(await mine.innerText()).toMatch(/You[\s\S]*Owner[\s\S]*That’s you/);
  expect(await page.getByLabel(`Role of ${stack.owner.email}`).count()).toBe(0);
  expect(await page.getByRole('button', { name: `Remove ${stack.owner.email}` }).count()).toBe(0);

  // Invite: a one-time link is shown once; nobody sees the invitee's password.
  const email = `invited@${domain}`;
  const password = 'chosen by the invitee 7';
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Role', { exact: true }).selectOption('ADMIN');
  await page.getByRole('button', { name: 'Invite', exact: true }).click();
  const result = page.getByTestId('invite-result');
  await result.waitFor();
  const link = await page.getByTestId('invite-link').innerText();
  expect(link).toMatch(/\/admin\/set-password#[A-Za-z0-9_-]{43}$/);
  const resultText = await result.innerText();
  expect(resultText).toContain('Copy the link now: it will not be shown again.');
  expect(resultText).toContain(stack.tenant.alias);
  expect(resultText).toContain(email);
  const invitedRow = rows.filter({ hasText: email });
  await invitedRow.waitFor();
  expect(await invitedRow.innerText()).toContain('Pending');
  expect(await page.getByLabel(`Role of ${email}`, { exact: true }).inputValue()).toBe('ADMIN');
  expect(await operatorsByApi()).toContainEqual({ email, role: 'ADMIN' });
  // The form is cleared for the next invite.
  expect(await page.getByLabel('E-mail').inputValue()).toBe('');
  await expectAccessible(page);
  await portalShot(page, 'team-invited');

  // They open the link in a browser of their own: a common password is refused inline, then theirs is set.
  const invited = await stack.newPage();
  await invited.page.goto(link);
  await invited.page.getByRole('heading', { name: 'Choose your password' }).waitFor();
  await invited.page.getByLabel('New password').fill('qwerty123456');
  await invited.page.getByLabel('Repeat it').fill('qwerty123456');
  await invited.page.getByRole('button', { name: 'Set password' }).click();
  await expect(invited.page.getByTestId('error-password').innerText()).resolves.toMatch(/common or breached/);
  await expectAccessible(invited.page);
  await portalShot(invited.page, 'set-password');
  await invited.page.getByLabel('New password').fill(password);
  await invited.page.getByLabel('Repeat it').fill(password);
  await invited.page.getByRole('button', { name: 'Set password' }).click();
  await invited.page.getByRole('button', { name: 'Sign in' }).waitFor();
  await expect(invited.page.locator('.notice').innerText()).resolves.toMatch(/password is set/);
  await signIn(invited.page, { alias: stack.tenant.alias, email, password });
  expect(await invited.page.locator('header.topbar').innerText()).toMatch(
    new RegExp(`${email}[\\s\\S]*Admin`),
  );

  // The link worked once: used again, it shows the dead-link page.
  const again = await stack.newPage();
  await again.page.goto(link);
  await again.page.getByLabel('New password').fill('yet another password 8');
  await again.page.getByLabel('Repeat it').fill('yet another password 8');
  await again.page.getByRole('button', { name: 'Set password' }).click();
  await again.page.getByTestId('link-dead').waitFor();
  await expectAccessible(again.page);
  await portalShot(again.page, 'set-password-dead-link');

  // Shown once: gone after "I have stored it" (and after a reload).
  await page.getByRole('button', { name: 'I have stored it' }).click();
  expect(await page.getByTestId('invite-result').count()).toBe(0);
  expect(await page.locator('body').innerText()).not.toContain(link);

  // Change the role to VIEWER: select, then Save (disabled until the role differs).
  const save = page.getByRole('button', { name: `Save the role of ${email}` });
  expect(await save.isDisabled()).toBe(true);
  await page.getByLabel(`Role of ${email}`, { exact: true }).selectOption('VIEWER');
  expect(await save.isEnabled()).toBe(true);
  await save.click();
  await expect(page.getByTestId('team-notice').innerText()).resolves.toBe(`${email} is now Viewer.`);
  expect(await operatorsByApi()).toContainEqual({ email, role: 'VIEWER' });

  // As a VIEWER they see no enabled change controls on the API keys page, and no Team or Audit log.
  await invited.page.goto(stack.url('/admin/api-keys'));
  await invited.page.getByTestId('api-key-row').first().waitFor();
  expect(await invited.page.locator('header.topbar').innerText()).toContain('Viewer');
  expect(
    await invited.page.locator('main button:enabled, main select:enabled, main input:enabled').count(),
  ).toBe(0);
  const nav = await invited.page.locator('nav[aria-label="Main"] a').allInnerTexts();
  expect(nav).not.toContain('Team');
  expect(nav).not.toContain('Audit log');

  // Remove them, after a confirmation naming them.
  await page.getByRole('button', { name: `Remove ${email}` }).click();
  const dialog = page.getByTestId('confirm-dialog');
  await dialog.waitFor({ state: 'visible' });
  expect(await dialog.getByRole('heading').innerText()).toBe(`Remove ${email}?`);
  await portalShot(page, 'team-remove-dialog');
  await dialog.getByTestId('confirm-ok').click();
  await dialog.waitFor({ state: 'hidden' });
  await expect(page.getByTestId('team-notice').innerText()).resolves.toBe(
    `${email} is removed and signed out.`,
  );
  await page.waitForFunction(
    (gone) =>
      ![...(globalThis as any).document.querySelectorAll('[data-testid=operator-row]')].some((r: any) =>
        r.innerText.includes(gone),
      ),
    email,
  );
  expect((await operatorsByApi()).map((o) => o.email)).not.toContain(email);

  // Their next request finds the session gone: the login page says so.
  await invited.page.getByRole('link', { name: 'Dashboard' }).click();
  await invited.page.getByRole('button', { name: 'Sign in' }).waitFor({ timeout: 15_000 });
  await expect(invited.page.locator('.notice').innerText()).resolves.toMatch(/session has ended/);
  ownerPage.expectClean(SESSION_CHECK);
});

test('the invite form: a missing or malformed e-mail and an existing operator are inline errors', async () => {
  const wp = await stack.signedInPage();
  const { page } = wp;
  await page.goto(stack.url('/admin/team'));
  await page.getByTestId('operator-row').first().waitFor();
  const invite = page.getByRole('button', { name: 'Invite', exact: true });

  await invite.click();
  await expect(page.getByTestId('error-email').innerText()).resolves.toBe(
    'Enter the e-mail address of the person to invite',
  );
  await page.getByLabel('E-mail').fill('not-an-e-mail');
  await invite.click();
  await page.getByTestId('error-email').filter({ hasNotText: 'Enter the e-mail' }).waitFor();
  expect(await page.getByLabel('E-mail').getAttribute('aria-invalid')).toBe('true');

  await page.getByLabel('E-mail').fill(stack.owner.email.toUpperCase());
  await invite.click();
  await page.getByTestId('error-email').filter({ hasText: 'exists' }).waitFor();
  expect(await page.getByTestId('invite-result').count()).toBe(0);
  await expectAccessible(page);
  await portalShot(page, 'team-invite-error');
  // Nothing was created.
  expect((await operatorsByApi()).map((o) => o.email)).not.toContain('not-an-e-mail');
});

test('the server matches the page: an OWNER may not demote the last OWNER, themselves included', async () => {
  const { signIn: apiSignIn, graphql } = adminApi(stack.gateway);
  const session = await apiSignIn(stack.tenant.alias, stack.owner.email, stack.owner.password);
  const res = await graphql(
    session,
    'mutation C($email: String!) { changeOperatorRole(email: $email, role: ADMIN) { role } }',
    { email: stack.owner.email },
  );
  expect(res.json.errors[0].extensions.code).toBe('LAST_OWNER');
  expect(await operatorsByApi()).toContainEqual({ email: stack.owner.email, role: 'OWNER' });
});

test('an ADMIN has no Team in the nav and gets an "only owners" page at its URL', async () => {
  const admin = await stack.addOperator('ADMIN');
  const wp = await stack.signedInPage(admin);
  const { page } = wp;
  expect(await page.locator('nav[aria-label="Main"] a').allInnerTexts()).not.toContain('Team');
  await page.goto(stack.url('/admin/team'));
  await expect(page.getByRole('heading', { level: 1 }).innerText()).resolves.toBe('Not available');
  await expect(page.getByTestId('empty-state').innerText()).resolves.toMatch(
    /Only owners can open this page[\s\S]*signed in as admin/,
  );
  expect(await page.getByTestId('operator-row').count()).toBe(0);
  await expectAccessible(page);
  await portalShot(page, 'team-only-owners');
});

test('on a phone: the invite form stacks, the sign-in details fit, the table scrolls on its own', async () => {
  const wp = await stack.signedInPage(stack.owner, ON_PHONE);
  const { page } = wp;
  await page.goto(stack.url('/admin/team'));
  await page.getByTestId('operator-row').first().waitFor();
  await page.getByLabel('E-mail').fill(`phone@${domain}`);
  await page.getByRole('button', { name: 'Invite', exact: true }).click();
  await page.getByTestId('invite-result').waitFor();
  await page
    .getByTestId('operator-row')
    .filter({ hasText: `phone@${domain}` })
    .waitFor();
  await expectPhoneView(page, 'team-phone');
  wp.expectClean(SESSION_CHECK);
});
