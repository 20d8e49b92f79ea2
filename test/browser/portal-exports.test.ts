/**
 * "Export CSV" on the portal's Referrals page in headless Chromium with a real gateway and worker: started
 * from the keyboard with the page's filters, followed to its download, the file read back (only the
 * filtered rows, a formula defused); a refused start shows the reason and "Try again"; a VIEWER has no
 * export. Accessibility and screenshots on a desktop and a phone.
 */
import fs from 'node:fs';
import { parse } from 'csv-parse/sync';
import { EXPORT_TYPE_REGISTRY } from '../../shared/exports/export-types';
import { seedExportRows, type SeededRows } from '../helpers/exports';
import {
  expectAccessible,
  failGraphql,
  GRAPHQL_ROUTE,
  graphqlError,
  ON_PHONE,
  portalShot,
  settled,
  usePortalStack,
} from '../helpers/portal';

const stack = usePortalStack();
let seeded: SeededRows;

beforeAll(async () => {
  seeded = await seedExportRows(stack.gateway.deps.db, stack.tenant.id, 'pe');
});

test('the Referrals page exports its filtered rows: keyboard start, progress, download', async () => {
  const wp = await stack.signedInPage();
  const { page } = wp;
  await page.goto(stack.url('/admin/referrals?status=ENDED&from=2026-07-01&to=2026-07-10'));
  await settled(page);
  const start = page.getByRole('button', { name: 'Export CSV' });
  await start.focus();
  await page.keyboard.press('Enter');
  const link = page.getByTestId('export-download');
  await link.waitFor({ timeout: 30_000 });
  expect(await link.innerText()).toBe('Download CSV (1 referral)');
  await expectAccessible(page);
  await portalShot(page, 'referrals-export');

  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toBe('export-referrals.csv');
  const rows = parse(fs.readFileSync((await download.path())!, 'utf8')) as string[][];
  expect(rows[0]).toEqual(EXPORT_TYPE_REGISTRY['QUERY/REFERRALS'].columns);
  // The "to" day is inclusive on the page: the referral of July 10 is in.
  expect(rows.slice(1).map((r) => r[0])).toEqual([seeded.referrals[2]!.id]);

  // A new filter: the finished export is of the old one, so the button is back.
  await page.getByTestId('filter-status').selectOption('IN_PROGRESS');
  await settled(page);
  expect(await page.getByTestId('export-download').count()).toBe(0);
  await start.waitFor();
  wp.expectClean();
});

test('a refused start shows the reason and "Try again" starts it; on a phone too', async () => {
  const wp = await stack.signedInPage(undefined, ON_PHONE);
  const { page } = wp;
  await page.goto(stack.url('/admin/referrals'));
  await settled(page);
  await failGraphql(page, 200, graphqlError('Too many jobs at once', 'RATE_LIMITED'));
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const error = page.getByTestId('export-error');
  await error.waitFor();
  expect(await error.innerText()).toContain("The export couldn't start: Too many jobs at once");
  await expectAccessible(page);
  await portalShot(page, 'referrals-export-error-phone');
  await page.unroute(GRAPHQL_ROUTE);
  await page.getByRole('button', { name: 'Try again' }).click();
  await page.getByTestId('export-download').waitFor({ timeout: 30_000 });
  expect(await page.getByTestId('export-download').innerText()).toBe('Download CSV (3 referrals)');
  await portalShot(page, 'referrals-export-phone');
  wp.expectClean([/Too many jobs/]);
});

test('a VIEWER sees no export', async () => {
  const viewer = await stack.addOperator('VIEWER');
  const wp = await stack.signedInPage(viewer);
  await wp.page.goto(stack.url('/admin/referrals'));
  await settled(wp.page);
  expect(await wp.page.getByTestId('referral-search').count()).toBe(1);
  expect(await wp.page.getByRole('button', { name: 'Export CSV' }).count()).toBe(0);
  wp.expectClean();
});

test('Accounts, Payout runs and Webhooks export users, payouts and deliveries', async () => {
  const wp = await stack.signedInPage();
  const { page } = wp;
  for (const [path, text] of [
    ['/admin/accounts', 'Download CSV (4 users)'],
    ['/admin/payouts/runs', 'Download CSV (1 payout)'],
    ['/admin/webhooks', 'Download CSV (1 delivery)'],
  ] as const) {
    await page.goto(stack.url(path));
    await settled(page);
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const link = page.getByTestId('export-download');
    await link.waitFor({ timeout: 30_000 });
    expect(await link.innerText()).toBe(text);
  }
  await expectAccessible(page);
  await portalShot(page, 'webhooks-export');
  wp.expectClean();
});
