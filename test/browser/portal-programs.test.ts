/**
 * The admin portal's Programs page in headless Chromium: the default program listed first, a program
 * created in the page (a missing name refused in place), archived after a confirmation (the API then
 * shows it archived), a VIEWER without change controls, and the error state of an outage with its
 * retry. Accessibility and screenshots at 1280 and 390.
 */
import {
  expectAccessible,
  expectOutageThenRetry,
  expectPhoneView,
  ON_PHONE,
  openFromNav,
  portalShot,
  usePortalStack,
} from '../helpers/portal';

const stack = usePortalStack();

async function programsByApi(): Promise<{ id: string; name: string; archivedAt: number | null }[]> {
  return (await stack.api.gqlOk('{ programs { id name archivedAt } }')).programs;
}

test('create a program in the page, then archive it after a confirmation', async () => {
  const wp = await stack.signedInPage();
  const { page } = wp;
  expect(await openFromNav(page, 'Programs', stack.url('/admin/programs'))).toBe('Programs');
  const rows = page.getByTestId('program-row');
  await rows.first().waitFor();
  expect(await rows.allInnerTexts()).toEqual([expect.stringContaining('Default')]);

  // No name: refused in place, focus on the field, nothing created.
  await page.getByTestId('create-program').click();
  await page.getByTestId('error-new-program-name').waitFor();
  expect(await page.evaluate(() => (globalThis as any).document.activeElement?.id)).toBe(
    'field-new-program-name',
  );
  expect(await programsByApi()).toHaveLength(1);

  await page.getByLabel('Name', { exact: true }).fill('Partners <b>2026</b>');
  await page.getByTestId('create-program').click();
  await page.getByTestId('programs-notice').waitFor();
  await rows.nth(1).waitFor();
  const created = (await programsByApi()).find((p) => p.name === 'Partners <b>2026</b>')!;
  expect(created.id).toMatch(/^prg_/);
  const row = rows.filter({ hasText: 'Partners <b>2026</b>' });
  // The name is text, never HTML.
  expect(await row.locator('b').count()).toBe(0);
  expect(await row.innerText()).toContain('Open');
  expect(await row.getByTestId('program-link').getAttribute('href')).toBe(`/admin/programs/${created.id}`);
  await expectAccessible(page);
  await portalShot(page, 'programs');

  await row.getByRole('button', { name: 'Archive Partners <b>2026</b>' }).click();
  const dialog = page.getByTestId('confirm-dialog');
  await dialog.waitFor({ state: 'visible' });
  await dialog.getByRole('button', { name: 'Archive program' }).click();
  await row.getByText('Archived').waitFor();
  expect((await programsByApi()).find((p) => p.id === created.id)!.archivedAt).toEqual(expect.any(Number));
  expect(await row.getByRole('button').count()).toBe(0);
  wp.expectClean();

  const phone = await stack.signedInPage(stack.owner, ON_PHONE);
  await phone.page.goto(stack.url('/admin/programs'));
  await phone.page.getByTestId('program-row').nth(1).waitFor();
  await expectPhoneView(phone.page, 'programs-phone');
});

test("a program's own settings page: only its own settings, saved for it alone", async () => {
  const created = (await stack.api.gqlOk(`mutation { createProgram(input: { name: "Affiliates" }) { id } }`))
    .createProgram.id as string;
  const wp = await stack.signedInPage();
  const { page } = wp;
  await page.goto(stack.url('/admin/programs'));
  await page.getByTestId('program-row').filter({ hasText: 'Affiliates' }).getByTestId('program-link').click();
  await page.waitForURL(stack.url(`/admin/programs/${created}`));
  const field = (label: string) => page.getByLabel(label, { exact: true });
  await field('Program name').waitFor();
  expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Affiliates');
  // The settings every program shares are not here.
  expect(await field('Allowed origins').count()).toBe(0);
  expect(await field('Discount ID').count()).toBe(0);
  await field('Discount for the referred friend (%)').fill('35');
  await page.getByLabel('Show a leaderboard in the widget').check();
  await page.getByTestId('program-save').click();
  await page
    .getByTestId('program-notice')
    .filter({ hasText: /^Saved\. / })
    .waitFor();
  const read = async (id?: string) =>
    (
      await stack.api.gqlOk(
        `query ($id: ID) { program(id: $id) { referredDiscountPercent leaderboardEnabled } }`,
        { id },
      )
    ).program;
  expect(await read(created)).toEqual({ referredDiscountPercent: 35, leaderboardEnabled: true });
  expect(await read()).not.toEqual({ referredDiscountPercent: 35, leaderboardEnabled: true });
  await expectAccessible(page);
  await portalShot(page, 'program-other');
  wp.expectClean();
});

test('a VIEWER reads the programs without change controls', async () => {
  const viewer = await stack.addOperator('VIEWER');
  const { page } = await stack.signedInPage(viewer);
  await page.goto(stack.url('/admin/programs'));
  await page.getByTestId('program-row').first().waitFor();
  expect(await page.getByTestId('create-program').count()).toBe(0);
  expect(await page.getByTestId('archive-program').count()).toBe(0);
  await expectAccessible(page);
});

test('an outage shows the error state; Try again loads the programs', async () => {
  await expectOutageThenRetry(stack, '/admin/programs', (page) =>
    page.getByTestId('program-row').first().waitFor(),
  );
});
