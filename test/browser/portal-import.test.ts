/**
 * The admin portal's import page in headless Chromium with a real gateway and worker: a 20,000-row USER
 * file uploaded (progress to 100), checked, started with a double click (one job), followed live to
 * COMPLETED, its result file downloaded and its users read back over REST; a file with problems listed
 * by line and no job; a slow job followed live, picked up by a page opened while it runs, and aborted;
 * a VIEWER who can follow but not upload, start or abort (and the server refusing anyway); the history
 * and its pages. Accessibility and screenshots on a desktop and a phone.
 */
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import {
  expectAccessible,
  openFromNav,
  PHONE,
  type PortalCredentials,
  portalShot,
  type PortalStack,
  startPortalStack,
} from '../helpers/portal';
import { importClient } from '../helpers/imports';

type Json = Record<string, any>;

let stack: PortalStack;
let viewer: PortalCredentials;
const ROWS = 20_000;
const SLOW_ROWS = 5_000;

beforeAll(async () => {
  // Small chunks, so a job's progress moves in visible steps.
  stack = await startPortalStack({ env: { IMPORT_CHUNK_ROWS: '200' } });
  viewer = await stack.addOperator('VIEWER');
}, 60_000);
afterAll(async () => {
  // A job left running (a failed test) would hold the worker's shutdown until it ends.
  if (stack) {
    for (const job of (await jobList()).jobs.filter(
      (j) => !['COMPLETED', 'FAILED', 'ABORTED'].includes(j.status),
    )) {
      await stack.api.gql('mutation($id: ID!) { abortJob(id: $id) { id } }', { id: job.id });
    }
  }
  await stack?.close();
}, 60_000);

const jobs = () => importClient({ base: stack.gateway.api(stack.tenant.alias), auth: stack.api.auth });

async function jobList(): Promise<{ totalCount: number; jobs: Json[] }> {
  const answer = await stack.api.gql(
    '{ jobs(limit: 100) { totalCount jobs { id status requester name stats { recordsProcessed } } } }',
  );
  expect(answer.errors).toBeUndefined();
  return answer.data.jobs;
}

function usersCsv(rows: number, prefix: string, extraHeader = '', extra = ''): Buffer {
  const lines = [`id,accountId,email,firstName,lastName${extraHeader}`];
  for (let i = 0; i < rows; i += 1) {
    lines.push(`${prefix}-u${i},${prefix}-a${i},${prefix}${i}@example.com,Ann${i},Lee${extra}`);
  }
  return Buffer.from(lines.join('\n') + '\n');
}

/** Records every aria-valuenow the element with `testId` takes from now on (as numbers). */
async function recordValues(page: Page, testId: string): Promise<void> {
  await page.evaluate((id) => {
    const w = globalThis as any;
    w.__values ??= {};
    w.__values[id] = [];
    const seen = (el: any) => {
      if (el?.getAttribute?.('data-testid') === id && el.hasAttribute('aria-valuenow')) {
        w.__values[id].push(Number(el.getAttribute('aria-valuenow')));
      }
    };
    new w.MutationObserver((records: any[]) => {
      for (const r of records) {
        seen(r.target);
        for (const n of r.addedNodes ?? []) {
          seen(n);
          n.querySelectorAll?.(`[data-testid="${id}"]`).forEach(seen);
        }
      }
    }).observe(w.document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['aria-valuenow'],
    });
  }, testId);
}

const recorded = (page: Page, testId: string): Promise<number[]> =>
  page.evaluate((id) => (globalThis as any).__values[id] as number[], testId);

async function chooseFile(page: Page, name: string, content: Buffer): Promise<void> {
  await page.getByTestId('import-file').setInputFiles({ name, mimeType: 'text/csv', buffer: content });
}

const nondecreasing = (values: number[]) => values.every((v, i) => i === 0 || v >= values[i - 1]!);

test('a 20,000-row USER file: upload, check, one job from a double click, live to the end, result file, users', async () => {
  const wp = await stack.signedInPage();
  const { page } = wp;
  expect(await openFromNav(page, 'Import', stack.url('/admin/import'))).toBe('Import');
  await expect(page.locator('.nav-group', { hasText: 'Reports' }).innerText()).resolves.toContain('Import');
  // Nothing imported yet: the history says so.
  await expect(page.getByTestId('empty-state').innerText()).resolves.toContain('No imports yet');
  await expect(page.getByTestId('columns-help').innerText()).resolves.toContain('accountId*');
  await expectAccessible(page);
  await portalShot(page, 'import-empty');

  await recordValues(page, 'upload-progress');
  await chooseFile(page, 'users.csv', usersCsv(ROWS, 'big'));
  await page.locator('[data-testid="upload-progress"][aria-valuenow="100"]').waitFor({ timeout: 20_000 });
  await expect(page.getByTestId('validation-ok').innerText()).resolves.toContain('valid');
  const uploads = await recorded(page, 'upload-progress');
  expect(uploads[uploads.length - 1]).toBe(100);
  expect(nondecreasing(uploads)).toBe(true);
  await expect(page.getByLabel('Name (optional)').inputValue()).resolves.toBe('users');
  await page.getByLabel('Name (optional)').fill('Spring users');

  await recordValues(page, 'job-progress');
  await page.getByTestId('start-import').dblclick();
  await page.getByTestId('job-panel').waitFor();
  await page.locator('[data-testid="job-status"]', { hasText: 'Completed' }).waitFor({ timeout: 60_000 });
  await expect(page.getByTestId('job-progress').getAttribute('aria-valuenow')).resolves.toBe('100');
  expect(nondecreasing(await recorded(page, 'job-progress'))).toBe(true);
  await expect(page.getByTestId('job-stats').innerText()).resolves.toMatch(
    /^20,000 of 20,000 processed · 0 failed · [\d,]+ rows\/s · took \d+ (s|min)/,
  );
  await expect(page.locator('#job-panel-title').innerText()).resolves.toBe('Spring users');
  // The form is ready for the next file.
  await expect(page.getByTestId('start-import').count()).resolves.toBe(0);

  // One job for the double click, started by the portal.
  const listed = await jobList();
  expect(listed.totalCount).toBe(1);
  expect(listed.jobs[0]).toMatchObject({
    status: 'COMPLETED',
    requester: 'PORTAL',
    name: 'Spring users',
    stats: { recordsProcessed: ROWS },
  });

  // The result file downloads: a header and one line per data row.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('download-result').click(),
  ]);
  expect(download.suggestedFilename()).toBe('result.csv');
  const lines = fs
    .readFileSync((await download.path())!, 'utf8')
    .trim()
    .split(/\r?\n/);
  expect(lines[0]).toBe('line,status,message');
  expect(lines[1]).toBe('2,SUCCESS,created');
  expect(lines).toHaveLength(ROWS + 1);

  // The users exist, read back through the REST API.
  for (const i of [0, 9_999, ROWS - 1]) {
    const res = await stack.api.call('GET', `/open/account/big-a${i}/user/big-u${i}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: `big-u${i}`, accountId: `big-a${i}`, email: `big${i}@example.com` });
  }
  const [{ count }] = await stack.gateway.deps.db('users').where({ tenant_id: stack.tenant.id }).count();
  expect(Number(count)).toBe(ROWS);

  // The history lists it.
  const row = page.getByTestId('job-history-row');
  await expect(row.count()).resolves.toBe(1);
  const cells = await row.first().innerText();
  for (const part of ['Spring users', 'Import users', 'Portal', 'Completed', '20,000 / 0', 'Download']) {
    expect(cells).toContain(part);
  }

  await expectAccessible(page);
  await portalShot(page, 'import-finished');
  await page.setViewportSize(PHONE);
  await portalShot(page, 'import-finished-phone');
  await expectAccessible(page);
  wp.expectClean();
  await wp.context.close();
});

test('a file with problems lists them by line, re-checks on a type change and starts nothing', async () => {
  const wp = await stack.signedInPage();
  const { page } = wp;
  await page.goto(stack.url('/admin/import'));
  const bad =
    'id,accountId,email\nok-1,acct-ok,ok@example.com\nbad-1,acct-bad,not-an-email\n,acct-x,x@example.com\n';
  await chooseFile(page, 'bad.csv', Buffer.from(bad));
  const problems = page.getByTestId('validation-errors').locator('li');
  await problems.first().waitFor({ timeout: 20_000 });
  await expect(problems.allInnerTexts()).resolves.toEqual([
    'line 3: column "email" must be an e-mail address',
    'line 4: column "id" is required',
  ]);
  await expect(page.getByTestId('start-import').count()).resolves.toBe(0);
  await expectAccessible(page);
  await portalShot(page, 'import-invalid');

  // The same upload checked as another type: DELETE_USER has no "email" column.
  await page.getByTestId('job-type').selectOption('MUTATION/DELETE_USER');
  await page.locator('[data-testid="validation-errors"] li', { hasText: 'unknown column' }).first().waitFor();
  await expect(problems.first().innerText()).resolves.toBe(
    'line 1: unknown column "email" for MUTATION/DELETE_USER',
  );
  await expect(page.getByTestId('columns-help').innerText()).resolves.toContain('preserveEmptyAccount');
  await expect(page.getByTestId('start-import').count()).resolves.toBe(0);
  await page.setViewportSize(PHONE);
  await portalShot(page, 'import-invalid-phone');

  expect((await jobList()).totalCount).toBe(1);
  wp.expectClean();
  await wp.context.close();
});

test('a slow job runs live, is picked up by a page opened meanwhile (VIEWER: no controls), and aborts', async () => {
  const wp = await stack.signedInPage();
  const { page } = wp;
  await page.goto(stack.url('/admin/import'));
  // A status on every row sends each one down the API's one-by-one path: much slower than the bulk path.
  await chooseFile(page, 'trials.csv', usersCsv(SLOW_ROWS, 'slow', ',accountStatus', ',TRIAL'));
  await page.getByTestId('start-import').click({ timeout: 20_000 });
  await page.locator('[data-testid="job-status"]', { hasText: 'Running' }).waitFor({ timeout: 20_000 });
  await page.getByTestId('job-stats').filter({ hasText: /left$/ }).waitFor({ timeout: 20_000 });
  const now = Number(await page.getByTestId('job-progress').getAttribute('aria-valuenow'));
  expect(now).toBeGreaterThan(0);
  expect(now).toBeLessThan(100);
  await expect(page.getByTestId('job-stats').innerText()).resolves.toMatch(
    /^[\d,]+ of 5,000 processed · 0 failed · [\d,]+ rows\/s · about \d+ (s|min)( \d+ s)? left$/,
  );
  await portalShot(page, 'import-running');
  await expectAccessible(page);

  // A phone opened now shows the running job, live.
  const phone = await stack.signedInPage(stack.owner, { viewport: PHONE });
  await phone.page.goto(stack.url('/admin/import'));
  await phone.page.locator('[data-testid="job-status"]', { hasText: 'Running' }).waitFor();
  await phone.page.getByTestId('job-stats').filter({ hasText: /left$/ }).waitFor({ timeout: 20_000 });
  await portalShot(phone.page, 'import-running-phone');
  await expectAccessible(phone.page);
  phone.expectClean();
  await phone.context.close();

  // A VIEWER sees it running too, with no control that changes anything.
  const seen = await stack.signedInPage(viewer);
  await seen.page.goto(stack.url('/admin/import'));
  await seen.page.locator('[data-testid="job-status"]', { hasText: 'Running' }).waitFor();
  await seen.page.getByTestId('viewer-notice').waitFor();
  // A read-only view: no import form at all, not a disabled one.
  await expect(seen.page.getByTestId('import-file').count()).resolves.toBe(0);
  await expect(seen.page.getByTestId('job-type').count()).resolves.toBe(0);
  await expect(seen.page.getByTestId('abort-job').count()).resolves.toBe(0);
  await expect(seen.page.getByTestId('start-import').count()).resolves.toBe(0);
  // ... and the server refuses its upload and its job anyway.
  const refused = await seen.page.evaluate(async () => {
    const w = globalThis as any;
    const session = await (await w.fetch('/admin/api/session')).json();
    const form = new w.FormData();
    form.append('file', new w.Blob(['id,accountId\nv1,va1\n'], { type: 'text/csv' }), 'v.csv');
    const upload = await w.fetch('/admin/api/files', {
      method: 'POST',
      headers: { 'x-csrf-token': session.csrfToken },
      body: form,
    });
    return { status: upload.status, body: await upload.json() };
  });
  expect(refused).toMatchObject({ status: 403, body: { apiErrorCode: 'FORBIDDEN' } });
  const ref = await jobs().upload('viewer.csv', 'id,accountId\nv1,va1\n');
  const created = await seen.page.evaluate(async (fileRef) => {
    const w = globalThis as any;
    const session = await (await w.fetch('/admin/api/session')).json();
    const res = await w.fetch('/admin/api/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': session.csrfToken },
      body: JSON.stringify({
        query: 'mutation($j: JobInput!) { createJob(jobInput: $j) { id } }',
        variables: { j: { fileRef, type: 'MUTATION/USER' } },
      }),
    });
    return { status: res.status, body: await res.json() };
  }, ref);
  expect(created.status).toBe(403);
  expect(created.body.errors[0].extensions.code).toBe('FORBIDDEN');
  await expectAccessible(seen.page);
  seen.expectClean([/403/]);
  await seen.context.close();

  // Abort, confirmed.
  await page.getByTestId('abort-job').click();
  await page.getByTestId('confirm-dialog').waitFor();
  await portalShot(page, 'import-abort-confirm');
  await page.getByTestId('confirm-ok').click();
  await page.locator('[data-testid="job-status"]', { hasText: 'Aborted' }).waitFor({ timeout: 30_000 });
  await expect(page.getByTestId('abort-job').count()).resolves.toBe(0);
  const listed = await jobList();
  expect(listed.totalCount).toBe(2);
  const aborted = listed.jobs.find((j) => j.name === 'trials')!;
  expect(aborted.status).toBe('ABORTED');
  expect(aborted.stats.recordsProcessed).toBeLessThan(SLOW_ROWS);
  const stats = await page.getByTestId('job-stats').innerText();
  expect(stats).toContain(`of 5,000 processed`);
  expect(stats.startsWith(aborted.stats.recordsProcessed.toLocaleString('en-US'))).toBe(true);
  await page.getByTestId('job-history-row').filter({ hasText: 'Aborted' }).waitFor({ timeout: 10_000 });
  await expect(page.getByTestId('job-history-row').count()).resolves.toBe(2);
  await portalShot(page, 'import-aborted');
  wp.expectClean();
  await wp.context.close();
}, 90_000);

test('the history pages ten jobs at a time, newest first', async () => {
  const client = jobs();
  for (let i = 1; i <= 9; i += 1) {
    const fileRef = await client.upload(`small-${i}.csv`, `id,accountId\nsm-${i},sma-${i}\n`);
    await client.create({ fileRef, type: 'MUTATION/USER', name: `Small ${i}` });
  }
  const wp = await stack.signedInPage();
  const { page } = wp;
  await page.goto(stack.url('/admin/import'));
  const rows = page.getByTestId('job-history-row');
  await rows.first().waitFor();
  await expect(rows.count()).resolves.toBe(10);
  await expect(rows.first().innerText()).resolves.toContain('Small 9');
  await expect(page.getByTestId('pager-prev').isDisabled()).resolves.toBe(true);
  await page.getByTestId('pager-next').click();
  await page.getByTestId('job-history-row').filter({ hasText: 'Spring users' }).waitFor();
  await expect(rows.count()).resolves.toBe(1);
  await expect(page.getByTestId('pager-next').isDisabled()).resolves.toBe(true);
  // Show an old job in the panel.
  await page.getByRole('button', { name: 'Show Spring users' }).click();
  await expect(page.locator('#job-panel-title').innerText()).resolves.toBe('Spring users');
  await expect(page.getByTestId('job-status').innerText()).resolves.toBe('Completed');
  await page.getByTestId('pager-prev').click();
  await page.getByTestId('job-history-row').filter({ hasText: 'Small 9' }).waitFor();
  await expectAccessible(page);
  wp.expectClean();
  await wp.context.close();
});
