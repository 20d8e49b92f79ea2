/**
 * The admin portal's Notifications pages in headless Chromium, with the real gateway sending through a
 * real SMTP sink: a switch turned off and kept; the template editor's live preview following the typing,
 * an unknown variable refused with its name under the field, saved, the locale tabs by keyboard, a test
 * send arriving with both parts, reset to default; the sender refused outside the allowed domains; the
 * suppression list; a refusal in the deliveries; the operator's digest; a VIEWER's read-only pages.
 */
import type { Page } from 'playwright-core';
import {
  expectAccessible,
  expectOutageThenRetry,
  expectPhoneView,
  ON_PHONE,
  openFromNav,
  portalShot,
  settled,
} from '../helpers/portal';
import { keepForDocs, useNotificationPortal } from '../helpers/portal-notifications';

const { stack, sink } = useNotificationPortal();

const kindRow = (page: Page, name: string) => page.getByTestId('kind-row').filter({ hasText: name });

test('the e-mails: a switch turned off is saved and stays off; axe-clean', async () => {
  const wp = await stack.signedInPage();
  const { page } = wp;
  expect(await openFromNav(page, 'Notifications', stack.url('/admin/notifications'))).toBe('Notifications');
  await page.getByTestId('kind-row').first().waitFor();
  expect(await page.getByTestId('kind-row').count()).toBe(6);
  const toggle = page.getByTestId('switch-REWARD_EARNED');
  expect(await toggle.isChecked()).toBe(true);
  // By keyboard: the switch is a focusable checkbox with role switch.
  await toggle.focus();
  await page.keyboard.press('Space');
  await page.getByTestId('kinds-notice').filter({ hasText: '“Reward earned” is off' }).waitFor();
  await page.reload();
  await page.getByTestId('kind-row').first().waitFor();
  expect(await page.getByTestId('switch-REWARD_EARNED').isChecked()).toBe(false);
  expect(await kindRow(page, 'Reward earned').innerText()).toContain('Off');
  const api = await stack.api.gqlOk('{ notificationSettings { kind enabled } }');
  expect(api.notificationSettings.find((s: any) => s.kind === 'REWARD_EARNED').enabled).toBe(false);
  await settled(page);
  await expectAccessible(page);
  keepForDocs(await portalShot(page, 'notifications'));
  wp.expectClean();
});

test('each program its own switches: the picker chooses the program, kept in the address', async () => {
  const created = await stack.api.gqlOk(`mutation { createProgram(input: { name: "Affiliates" }) { id } }`);
  const id = created.createProgram.id as string;
  const wp = await stack.signedInPage();
  const { page } = wp;
  await page.goto(stack.url('/admin/notifications'));
  await page.getByTestId('notification-program').selectOption(id);
  await page.waitForURL(stack.url(`/admin/notifications?program=${id}`));
  await page.getByRole('heading', { name: 'E-mails of Affiliates' }).waitFor();
  // A new program sends every kind.
  expect(await page.getByTestId('switch-REWARD_EARNED').isChecked()).toBe(true);
  await page.getByTestId('switch-PAYOUT_SENT').click();
  await page.getByTestId('kinds-notice').filter({ hasText: '“Payout sent” is off' }).waitFor();
  const own = await stack.api.gqlOk(
    'query S($p: ID) { notificationSettings(programId: $p) { kind enabled } }',
    {
      p: id,
    },
  );
  const off = (list: any[]) => list.filter((s) => !s.enabled).map((s) => s.kind);
  expect(off(own.notificationSettings)).toEqual(['PAYOUT_SENT']);
  const dflt = await stack.api.gqlOk('{ notificationSettings { kind enabled } }');
  expect(off(dflt.notificationSettings)).not.toContain('PAYOUT_SENT');
  // The template link keeps the program.
  await page.getByTestId('edit-PAYOUT_SENT').click();
  await page.waitForURL(stack.url(`/admin/notifications/payout-sent?program=${id}`));
  await page.getByTestId('kind-state').filter({ hasText: 'Off' }).waitFor();
  wp.expectClean();
});

test('the editor: live preview, an unknown variable refused by name, saved, locale tabs by keyboard, a test send, reset', async () => {
  const wp = await stack.signedInPage();
  const { page } = wp;
  await page.goto(stack.url('/admin/notifications'));
  await page.getByTestId('edit-FRIEND_SIGNED_UP').click();
  await page.waitForURL(stack.url('/admin/notifications/friend-signed-up'));
  const subject = page.getByLabel('Subject');
  const body = page.getByLabel('Body');
  await page.getByTestId('preview-subject').waitFor();
  expect(await page.getByTestId('template-origin').innerText()).toContain('The built-in text.');

  // The preview follows the typing (values filled in, markup kept as text).
  await subject.fill('Good news, {{referrer.firstName}} <b>!</b>');
  await page.getByTestId('preview-subject').filter({ hasText: 'Good news, Alex <b>!</b>' }).waitFor();
  await body.fill('Hi {{referrer.firstName}},\n\n{{friend.firstName}} joined.\n\nShare again: {{shareLink}}');
  await page.getByTestId('preview-part-text').click();
  await page.getByTestId('preview-text').filter({ hasText: 'Sam joined.' }).waitFor();
  await page.getByTestId('preview-part-html').click();
  // The HTML part is drawn as an image: it loaded and has a size.
  await page.waitForFunction(() => {
    const img = (globalThis as any).document.querySelector('[data-testid="preview-html"]');
    return !!img && img.complete && img.naturalWidth === 600;
  });

  // An unknown variable: the server's words under the body, no preview.
  await body.fill('Hi {{referrer.nmae}},\n\n{{friend.firstName}} joined.');
  await page.getByTestId('error-body').filter({ hasText: 'unknown variable {{referrer.nmae}}' }).waitFor();
  expect(await page.getByTestId('preview-problem').innerText()).toContain('{{referrer.nmae}}');
  await expectAccessible(page);
  await page.getByTestId('template-save').click();
  await page.getByTestId('template-error').waitFor();
  expect(await page.getByTestId('error-body').innerText()).toContain('{{referrer.nmae}}');
  // In the subject too, named under the subject.
  await subject.fill('Hello {{nope}}');
  await page.getByTestId('error-subject').filter({ hasText: 'unknown variable {{nope}}' }).waitFor();
  await subject.fill('Good news, {{referrer.firstName}} <b>!</b>');
  await page.getByTestId('error-subject').waitFor({ state: 'detached' });

  // Fixed with the variable list: a click puts the variable in at the caret.
  await body.fill('Hi ,\n\n{{friend.firstName}} joined. Share again: {{shareLink}}');
  await body.evaluate((el: any) => el.setSelectionRange(3, 3));
  await page.getByTestId('variable-referrer.firstName').click();
  expect(await body.inputValue()).toBe(
    'Hi {{referrer.firstName}},\n\n{{friend.firstName}} joined. Share again: {{shareLink}}',
  );
  await page.getByTestId('error-body').waitFor({ state: 'detached' });
  await page.getByTestId('template-save').click();
  await page.getByTestId('template-notice').waitFor();
  await settled(page);
  await expectAccessible(page);
  keepForDocs(await portalShot(page, 'notification-editor'));

  // Kept: after a reload the own text is there.
  await page.reload();
  await page.getByTestId('preview-subject').filter({ hasText: 'Good news, Alex' }).waitFor();
  expect(await page.getByTestId('template-origin').innerText()).toContain('Your own text.');

  // A test send of the saved text arrives at the sink with both parts.
  await page.getByLabel('To', { exact: true }).fill('tester@example.com');
  await page.getByTestId('test-send-button').click();
  await page.getByTestId('test-send-notice').filter({ hasText: 'Sent to tester@example.com' }).waitFor();
  const [mail] = await sink().waitForMail('tester@example.com', 1);
  expect(mail!.parsed.subject).toBe('Good news, Alex <b>!</b>');
  expect(mail!.parsed.text).toContain('Hi Alex,');
  expect(mail!.parsed.text).toContain('Sam joined. Share again: https://example.com/r/alex');
  expect(mail!.parsed.html).toContain('Hi Alex,');
  expect(mail!.parsed.html).toContain('href="https://example.com/r/alex"');

  // The locale tabs by keyboard: → goes to French, with its own (built-in) text.
  await page.getByTestId('locale-tab-en').focus();
  await page.keyboard.press('ArrowRight');
  await page.waitForURL(/locale=fr/);
  await page.locator('#locale-tab-fr[aria-selected="true"]').waitFor();
  await page.waitForFunction(() => (globalThis as any).document.activeElement?.id === 'locale-tab-fr');
  await page.getByTestId('template-origin').filter({ hasText: 'The built-in text.' }).waitFor();
  expect(await subject.inputValue()).not.toContain('Good news');
  await page.keyboard.press('ArrowLeft');
  await page.locator('#locale-tab-en[aria-selected="true"]').waitFor();

  // Reset to default, after a confirmation.
  await page.getByTestId('template-origin').filter({ hasText: 'Your own text.' }).waitFor();
  await page.getByTestId('template-reset').click();
  await page.getByTestId('confirm-ok').click();
  await page.getByTestId('template-notice').filter({ hasText: 'built-in text' }).waitFor();
  expect(await subject.inputValue()).not.toContain('Good news');
  expect(await page.getByTestId('template-origin').innerText()).toContain('The built-in text.');
  wp.expectClean([/400|422/]);
});

test('the sender: refused outside the allowed domains, under the field; then saved', async () => {
  const wp = await stack.signedInPage();
  const { page } = wp;
  await page.goto(stack.url('/admin/notifications'));
  await page.getByTestId('notification-tab-settings').click();
  await page.waitForURL(stack.url('/admin/notifications/settings'));
  expect(await page.getByTestId('sender-domains').innerText()).toContain('mail.test, shop.example');
  expect(await page.getByTestId('sender-effective').innerText()).toBe('Referrals <no-reply@mail.test>');
  await page.getByLabel('Name', { exact: true }).fill('Acme Rewards');
  await page.getByLabel('Address', { exact: true }).fill('rewards@elsewhere.org');
  await page.getByTestId('sender-save').click();
  await page.getByTestId('error-address').waitFor();
  expect(await page.getByTestId('error-address').innerText()).toContain(
    'allowed domains: mail.test, shop.example',
  );
  await expectAccessible(page);
  await page.getByLabel('Address', { exact: true }).fill('rewards@shop.example');
  await page.getByTestId('sender-save').click();
  await page.getByTestId('sender-notice').waitFor();
  await page
    .getByTestId('sender-effective')
    .filter({ hasText: 'Acme Rewards <rewards@shop.example>' })
    .waitFor();
  wp.expectClean([/400|422/]);
});

test('the suppression list: an address added and removed; a refusal shows in the deliveries', async () => {
  const wp = await stack.signedInPage();
  const { page } = wp;
  await page.goto(stack.url('/admin/notifications/settings'));
  await page.getByTestId('suppressions-card').getByTestId('empty-state').waitFor();
  await page.getByLabel('Address to suppress').fill('<b>gone</b>@example.com');
  await page.getByTestId('suppression-add').click();
  await page.getByTestId('error-email').waitFor();
  await page.getByLabel('Address to suppress').fill('gone@example.com');
  await page.getByTestId('suppression-add').click();
  await page.getByTestId('suppression-row').filter({ hasText: 'gone@example.com' }).waitFor();
  expect(await page.getByTestId('suppression-row').innerText()).toContain('Added by an operator');
  await settled(page);
  await expectAccessible(page);
  keepForDocs(await portalShot(page, 'notification-settings'));
  await page.getByTestId('suppression-remove').click();
  await page.getByTestId('confirm-ok').click();
  await page.getByTestId('suppressions-card').getByTestId('empty-state').waitFor();
  expect((await stack.api.gqlOk('{ mailSuppressions { email } }')).mailSuppressions).toEqual([]);

  // A bounce at the door: the deliveries show it, with the mail server's words.
  sink().refuse('bounce@example.com');
  await stack.api.gqlOk(
    'mutation { sendTestNotification(kind: PAYOUT_SENT, locale: "en", to: "bounce@example.com") { status } }',
  );
  await page.getByTestId('notification-tab-deliveries').click();
  await page.waitForURL(stack.url('/admin/notifications/deliveries'));
  const refused = page.getByTestId('delivery-row').filter({ hasText: 'bounce@example.com' });
  await refused.waitFor();
  expect(await refused.getByTestId('delivery-status').innerText()).toBe('Refused');
  expect(await refused.innerText()).toMatch(/550/);
  await page.getByTestId('delivery-status-filter').selectOption('SUPPRESSED');
  await page.getByText('No deliveries “Suppressed”').waitFor();
  await page.getByTestId('delivery-status-filter').selectOption('REFUSED');
  await refused.waitFor();
  await settled(page);
  await expectAccessible(page);
  keepForDocs(await portalShot(page, 'notification-deliveries'));
  wp.expectClean([/400|422/]);
});

test('the operator’s own daily digest, on Your account: turned on and kept', async () => {
  const wp = await stack.signedInPage();
  const { page } = wp;
  await page.goto(stack.url('/admin/account'));
  const box = page.getByLabel('E-mail me a daily digest');
  await box.waitFor();
  expect(await box.isChecked()).toBe(false);
  await box.check();
  await page.getByTestId('digest-notice').filter({ hasText: 'You receive the daily digest.' }).waitFor();
  await page.reload();
  await page.getByLabel('E-mail me a daily digest').waitFor();
  expect(await page.getByLabel('E-mail me a daily digest').isChecked()).toBe(true);
  await expectAccessible(page);
  // The API key has no digest of its own to read.
  const key = await stack.api.gql('{ operatorDigest }');
  expect(key.errors[0].extensions.code).toBe('FORBIDDEN');
  wp.expectClean();
});

test('a VIEWER reads every Notifications page: no control that changes anything; axe-clean', async () => {
  const viewer = await stack.addOperator('VIEWER');
  const wp = await stack.signedInPage(viewer);
  const { page } = wp;
  const controls = () =>
    page.locator('main').evaluate((main: any) => {
      const found: string[] = [];
      for (const el of main.querySelectorAll('input, textarea, form, [data-testid^="variable-"]'))
        found.push(`${el.tagName.toLowerCase()} ${el.getAttribute('name') ?? el.id ?? ''}`);
      for (const b of main.querySelectorAll('button'))
        if (!/^(HTML|Text|English|Français|Deutsch|Try again)$/.test(b.innerText.trim()))
          found.push(`button "${b.innerText.trim()}"`);
      return found;
    });
  await page.goto(stack.url('/admin/notifications'));
  await page.getByTestId('kind-row').first().waitFor();
  expect(await page.getByTestId('switch-REWARD_EARNED').innerText()).toBe('Off');
  expect(await controls()).toEqual([]);
  await expectAccessible(page);
  await page.getByTestId('edit-PAYOUT_SENT').click();
  await page.getByTestId('preview-subject').waitFor();
  expect(await page.getByTestId('value-subject').innerText()).not.toBe('');
  expect(await controls()).toEqual([]);
  await expectAccessible(page);
  await page.goto(stack.url('/admin/notifications/settings'));
  await page.getByTestId('value-address').waitFor();
  expect(await controls()).toEqual([]);
  await page.goto(stack.url('/admin/account'));
  await page.getByTestId('value-digest').waitFor();
  wp.expectClean();
});

test('on a phone: the editor stacks the preview under the form, no horizontal scroll, axe-clean', async () => {
  const wp = await stack.signedInPage(stack.owner, ON_PHONE);
  const { page } = wp;
  await page.goto(stack.url('/admin/notifications/payout-sent?locale=de'));
  await page.getByTestId('preview-subject').waitFor();
  // Drawn at a phone's width, so its text stays readable.
  await page.waitForFunction(() => {
    const img = (globalThis as any).document.querySelector('[data-testid="preview-html"]');
    return !!img && img.complete && img.naturalWidth === 360;
  });
  await settled(page);
  await expectPhoneView(page, 'notification-editor-phone');
  keepForDocs(await portalShot(page, 'notification-editor-phone'));
  wp.expectClean();
});

test('a failed load shows the error state and "Try again" loads the page', async () => {
  await expectOutageThenRetry(stack, '/admin/notifications', (page) =>
    page.getByTestId('kind-row').first().waitFor(),
  );
});
