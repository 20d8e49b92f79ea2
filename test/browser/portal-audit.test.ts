/**
 * The admin portal's audit log in headless Chromium: the changes an OWNER made (keys created and
 * revoked, an operator invited, demoted and removed, the program renamed) show with the OWNER's e-mail,
 * newest first, details as text (never HTML), never the key or the password; "Load more" pages with the
 * cursor; VIEWERs get a "not allowed" page; a failing load shows the designed error state.
 * Accessibility and screenshots at 1280 and 390.
 */
import fs from 'node:fs';
import { recordAudit } from '../../shared/domain/common/audit-log';
import { adminApi, type AdminSession } from '../helpers/admin-api';
import {
  expectAccessible,
  expectPhoneView,
  failGraphql,
  GRAPHQL_ROUTE,
  graphqlError,
  ON_PHONE,
  openFromNav,
  PHONE,
  portalShot,
  signIn,
  usePortalStack,
} from '../helpers/portal';

const stack = usePortalStack();
let owner: AdminSession;
let api: ReturnType<typeof adminApi>;
/** Secrets the actions produced: none may appear in the page. */
const secrets: string[] = [];
const HOSTILE_NAME = '<img src=x onerror="window.pwned=1">Spring & <b>friends</b>';

async function ownerMutation(query: string, variables: Record<string, unknown> = {}) {
  const res = await api.graphql(owner, query, variables);
  expect({ status: res.status, errors: res.json.errors }).toEqual({ status: 200, errors: undefined });
  return res.json.data as Record<string, any>;
}

beforeAll(async () => {
  api = adminApi(stack.gateway);
  owner = await api.signIn(stack.tenant.alias, stack.owner.email, stack.owner.password);
  // The changes the log must show, made by the OWNER through the portal's API.
  const created = await ownerMutation('mutation { createApiKey { id key } }');
  secrets.push(created.createApiKey.key);
  await ownerMutation('mutation R($id: ID!) { revokeApiKey(id: $id) { id } }', {
    id: created.createApiKey.id,
  });
  const email = `audited@${stack.owner.email.split('@')[1]}`;
  const invited = await ownerMutation(
    'mutation I($email: String!) { inviteOperator(email: $email, role: ADMIN) { link } }',
    { email },
  );
  secrets.push(new URL(invited.inviteOperator.link as string).hash.slice(1));
  await ownerMutation(
    'mutation C($email: String!) { changeOperatorRole(email: $email, role: VIEWER) { role } }',
    {
      email,
    },
  );
  await ownerMutation('mutation D($email: String!) { removeOperator(email: $email) { email } }', { email });
  await ownerMutation('mutation P($name: String!) { updateProgram(input: { name: $name }) { name } }', {
    name: HOSTILE_NAME,
  });
});

const rows = (page: import('playwright-core').Page) => page.getByTestId('audit-row');

test('the OWNER’s changes, newest first, with their e-mail; details as text; no key, no password', async () => {
  const wp = await stack.signedInPage();
  const { page } = wp;
  expect(await openFromNav(page, 'Audit log', stack.url('/admin/audit-log'))).toBe('Audit log');
  await rows(page).first().waitFor();

  const cells = await rows(page).evaluateAll((trs) =>
    trs.map((tr) => [...tr.children].map((cell) => (cell as any).innerText as string)),
  );
  // [when, who, from, what happened (the sentence, then the action), target, details]; the page's own
  // sign-in is the newest.
  const actions = cells.map((c) => c[3]!.split('\n')[1]);
  const sentences = cells.map((c) => c[3]!.split('\n')[0]);
  expect(actions.slice(0, 8)).toEqual([
    'operator.login',
    'updateProgram',
    'removeOperator',
    'changeOperatorRole',
    'inviteOperator',
    'revokeApiKey',
    'createApiKey',
    'operator.login',
  ]);
  for (const row of cells.slice(0, 8)) {
    expect(row[1]).toBe(stack.owner.email);
    // From: the client's address, as text.
    expect(row[2]).toMatch(/^[0-9a-f.:]+$/);
  }
  const email = `audited@${stack.owner.email.split('@')[1]}`;
  const byAction = (action: string) => cells.find((c) => c[3]!.split('\n')[1] === action)!;
  expect(JSON.parse(byAction('inviteOperator')[5]!)).toEqual({ email, role: 'ADMIN' });
  expect(JSON.parse(byAction('changeOperatorRole')[5]!)).toEqual({ email, role: 'VIEWER' });
  expect(JSON.parse(byAction('removeOperator')[5]!)).toEqual({ email });
  // Each entry as a sentence, and the CSV export of the whole log.
  expect(sentences).toContain(`${stack.owner.email} invited ${email} as admin`);
  expect(sentences).toContain(`${stack.owner.email} removed ${email} from the team`);
  expect(sentences[0]).toBe(`${stack.owner.email} signed in`);
  expect(await page.getByTestId('audit-export').getAttribute('href')).toBe('/admin/api/audit-log.csv');
  await expect(page.getByTestId('audit-export').innerText()).resolves.toBe('Download CSV');
  expect(byAction('createApiKey')[5]).toBe('—');
  expect(byAction('revokeApiKey')[5]).toMatch(/^\{"id":"[0-9a-f-]{36}"\}$/);
  // The hostile program name is shown as the text it is: no element made of it, no script run.
  expect(JSON.parse(byAction('updateProgram')[5]!)).toEqual({ input: { name: HOSTILE_NAME } });
  expect(await page.locator('main img, main b').count()).toBe(0);
  expect(await page.evaluate(() => (globalThis as any).pwned)).toBeUndefined();
  // When: a <time> with the instant; the login's target is the e-mail.
  expect(await rows(page).first().locator('time').getAttribute('datetime')).toMatch(/^\d{4}-\d\d-\d\dT/);
  expect(cells[0]![4]).toBe(stack.owner.email);

  const text = await page.locator('body').innerText();
  for (const secret of secrets) expect(text).not.toContain(secret);
  expect(text).not.toContain(stack.owner.password);
  expect(text).not.toMatch(/rsk_(live|test)_[A-Za-z0-9_-]{20,}/);
  // Every entry fits on one page: no "Load more".
  expect(await page.getByTestId('load-more').count()).toBe(0);
  await expect(page.locator('.load-more-count').innerText()).resolves.toBe(
    `Showing ${cells.length} entries — the whole log`,
  );
  await expectAccessible(page);
  await portalShot(page, 'audit-log');
  wp.expectClean([/401 \(Unauthorized\).*\/admin\/api\/session/]);
});

test('on a phone the table scrolls inside the page', async () => {
  const wp = await stack.signedInPage(stack.owner, ON_PHONE);
  const { page } = wp;
  await page.goto(stack.url('/admin/audit-log'));
  await rows(page).first().waitFor();
  await expectPhoneView(page, 'audit-log-phone');
});

test('"Load more" appends the next page after the cursor until the whole log is shown', async () => {
  const db = stack.gateway.deps.db;
  for (let i = 1; i <= 70; i += 1) {
    await recordAudit(db, {
      tenantId: stack.tenant.id,
      operator: null,
      action: 'test.bulk',
      target: `entry ${i}`,
      details: { n: i },
    });
  }
  const total = Number(
    ((await db('audit_log').where({ tenant_id: stack.tenant.id }).count('* as n').first()) as { n: string })
      .n,
  );
  // Signed in through the form here (signedInPage may reuse an earlier session): that sign-in is audited.
  const wp = await stack.newPage();
  const { page } = wp;
  await page.goto(stack.url('/admin/login'));
  await signIn(page, stack.owner);
  await page.goto(stack.url('/admin/audit-log'));
  await rows(page).first().waitFor();
  // The page's own sign-in, then the bulk entries, newest first; a change without an operator says so.
  expect(await rows(page).count()).toBe(50);
  const second = await rows(page).nth(1).innerText();
  expect(second).toContain('API key');
  expect(second).toContain('entry 70');
  await expect(page.locator('.load-more-count').innerText()).resolves.toBe('Showing 50 entries');

  await page.getByTestId('load-more').click();
  await page.waitForFunction(
    (n) => (globalThis as any).document.querySelectorAll('[data-testid=audit-row]').length === n,
    total + 1,
  );
  const targets = await rows(page).evaluateAll((trs) => trs.map((tr) => (tr.children[4] as any).innerText));
  const bulk = targets.filter((t) => t.startsWith('entry '));
  expect(bulk).toEqual(Array.from({ length: 70 }, (_, i) => `entry ${70 - i}`));
  expect(await page.getByTestId('load-more').count()).toBe(0);
  await expect(page.locator('.load-more-count').innerText()).resolves.toBe(
    `Showing ${total + 1} entries — the whole log`,
  );
  // At 1280 the columns wrap rather than scroll sideways.
  expect(await page.locator('.table-scroll').evaluate((el: any) => el.scrollWidth <= el.clientWidth)).toBe(
    true,
  );
  await portalShot(page, 'audit-log-more');
});

test('a VIEWER has no Audit log in the nav and gets a "not allowed" page; an ADMIN reads it', async () => {
  const viewer = await stack.signedInPage(await stack.addOperator('VIEWER'));
  expect(await viewer.page.locator('nav[aria-label="Main"] a').allInnerTexts()).not.toContain('Audit log');
  await viewer.page.goto(stack.url('/admin/audit-log'));
  await expect(viewer.page.getByRole('heading', { level: 1 }).innerText()).resolves.toBe('Not available');
  await expect(viewer.page.getByTestId('empty-state').innerText()).resolves.toMatch(
    /Only owners and admins can open this page[\s\S]*signed in as viewer/,
  );
  expect(await viewer.page.getByTestId('audit-row').count()).toBe(0);
  await expectAccessible(viewer.page);
  await portalShot(viewer.page, 'audit-log-viewer');

  const admin = await stack.signedInPage(await stack.addOperator('ADMIN'));
  await admin.page.getByRole('link', { name: 'Audit log' }).click();
  await rows(admin.page).first().waitFor();
  expect(await rows(admin.page).first().innerText()).toContain('operator.login');
});

test('a failing load shows the designed error state; "Try again" loads the log', async () => {
  const wp = await stack.signedInPage();
  const { page } = wp;
  await failGraphql(page, 503, graphqlError('The service is unavailable; try again shortly', 'UNAVAILABLE'));
  await page.goto(stack.url('/admin/audit-log'));
  const error = page.getByTestId('error-state');
  await error.waitFor();
  expect(await error.innerText()).toContain('The service is unavailable; try again shortly');
  await expectAccessible(page);
  await page.unroute(GRAPHQL_ROUTE);
  await error.getByRole('button', { name: 'Try again' }).click();
  await rows(page).first().waitFor();
  expect(await page.getByTestId('error-state').count()).toBe(0);
});

/**
 * The CSV the page's "Download CSV" link downloads, split on commas: good for the columns up to target,
 * which hold no comma or newline here (userAgent and details may, quoted).
 */
async function downloadCsv(page: import('playwright-core').Page): Promise<string[][]> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('audit-export').click(),
  ]);
  const text = fs.readFileSync((await download.path())!, 'utf8');
  return text
    .trim()
    .split(/\r?\n/)
    .map((line) => line.split(','));
}

test('filters by action, who and day narrow the list, stay in the address, and the CSV carries them', async () => {
  const wp = await stack.signedInPage();
  const { page } = wp;
  await page.goto(stack.url('/admin/audit-log'));
  await rows(page).first().waitFor();
  const all = await rows(page).count();

  // The action: Enter applies it; the list narrows to that action's entries.
  await page.getByTestId('filter-action').fill('removeOperator');
  await page.getByTestId('filter-action').press('Enter');
  await page.waitForURL(/\?action=removeOperator$/);
  await page.waitForFunction(
    () => (globalThis as any).document.querySelectorAll('[data-testid=audit-row]').length === 1,
  );
  const email = `audited@${stack.owner.email.split('@')[1]}`;
  await expect(page.getByTestId('audit-sentence').allInnerTexts()).resolves.toEqual([
    `${stack.owner.email} removed ${email} from the team`,
  ]);
  expect(all).toBeGreaterThan(1);
  await expect(page.locator('.load-more-count').innerText()).resolves.toBe('Showing 1 entry — every match');

  // A reload keeps the filter; the CSV link carries it and downloads that entry only.
  await page.reload();
  await rows(page).first().waitFor();
  expect(await rows(page).count()).toBe(1);
  expect(await page.getByTestId('filter-action').inputValue()).toBe('removeOperator');
  expect(await page.getByTestId('audit-export').getAttribute('href')).toBe(
    '/admin/api/audit-log.csv?action=removeOperator',
  );
  const csv = await downloadCsv(page);
  expect(csv[0]).toEqual([
    'at',
    'actor',
    'actorKind',
    'action',
    'target',
    'sentence',
    'clientAddress',
    'userAgent',
    'details',
  ]);
  expect(csv.slice(1).map((r) => [r[1], r[3], r[4]])).toEqual([[stack.owner.email, 'removeOperator', email]]);

  // Who, with the action: the OWNER's sign-ins; the CSV has exactly the rows the page shows.
  await page.getByTestId('filter-action').fill('operator.login');
  await page.getByTestId('filter-action').press('Enter');
  await page.getByTestId('filter-actor').fill(stack.owner.email.toUpperCase());
  await page.getByTestId('filter-actor').press('Enter');
  await page.waitForURL((url) => url.searchParams.get('actor') === stack.owner.email.toUpperCase());
  await page.waitForFunction(() => {
    const trs = [...(globalThis as any).document.querySelectorAll('[data-testid=audit-row]')];
    return trs.length >= 2 && trs.every((tr: any) => tr.innerText.includes('operator.login'));
  });
  const logins = await page.getByTestId('audit-sentence').allInnerTexts();
  expect(logins.length).toBeGreaterThanOrEqual(2);
  expect(new Set(logins)).toEqual(new Set([`${stack.owner.email} signed in`]));
  const loginCsv = await downloadCsv(page);
  expect(loginCsv.slice(1).map((r) => r[3])).toEqual(logins.map(() => 'operator.login'));
  await expectAccessible(page);
  await portalShot(page, 'audit-log-filtered');

  // Days: up to yesterday (UTC) nothing matches; the designed empty state offers to clear the filters.
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  await page.getByTestId('filter-to').fill(yesterday);
  await page.getByTestId('empty-state').waitFor();
  await expect(page.getByTestId('empty-state').innerText()).resolves.toContain('No entries match');
  expect(new URL(page.url()).searchParams.get('to')).toBe(yesterday);
  expect(await page.getByTestId('audit-export').getAttribute('href')).toContain(`to=${yesterday}`);
  expect((await downloadCsv(page)).slice(1)).toEqual([]);
  await expectAccessible(page);
  await portalShot(page, 'audit-log-no-match');
  await page.setViewportSize(PHONE);
  await expectPhoneView(page, 'audit-log-no-match-phone');

  // An action that cannot be one is refused at the field, not sent.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByTestId('filter-action').fill('drop table;');
  await page.getByTestId('filter-action').press('Enter');
  await expect(page.getByRole('alert').first().innerText()).resolves.toContain('An action name has letters');
  expect(new URL(page.url()).searchParams.get('action')).toBe('operator.login');

  await page.getByTestId('empty-clear-filters').click();
  await page.waitForURL((url) => url.search === '');
  await page.waitForFunction(
    (n) => (globalThis as any).document.querySelectorAll('[data-testid=audit-row]').length >= n,
    all,
  );
  wp.expectClean([/401 \(Unauthorized\).*\/admin\/api\/session/]);
});

test('on a phone the filters stack above the entries', async () => {
  const wp = await stack.signedInPage(stack.owner, ON_PHONE);
  const { page } = wp;
  await page.goto(stack.url('/admin/audit-log?action=updateProgram'));
  await rows(page).first().waitFor();
  expect(await rows(page).count()).toBe(1);
  await expectPhoneView(page, 'audit-log-filtered-phone');
});
