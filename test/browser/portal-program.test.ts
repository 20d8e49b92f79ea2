/**
 * The admin portal's Program page in headless Chromium: the settings made through the API show in the
 * form; an edit sends only the changed fields and is visible through the API afterwards; invalid values
 * (a percent of 150, an origin with a path) show the server's message under the field they name and
 * save nothing; a VIEWER sees the form read-only; the error state; accessibility and screenshots at
 * 1280 and 390. The share page section: its settings saved, a PNG, a JPEG and a WebP logo
 * uploaded and shown, a refused file explained, the preview link opening the hosted page.
 */
import { Resvg } from '@resvg/resvg-js';
import type { Page } from 'playwright-core';
import { screenshot } from '../helpers/browser';
import { configureProgram } from '../helpers/merchant-site';
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

const PROGRAM = /* GraphQL */ `
  {
    program {
      name
      referredDiscountPercent
      referrerReward {
        type
        discountPercent
        amountCents
        unit
      }
      maxReferrerDiscountPercent
      discountId
      landingUrl
      conversionEventKey
      requireUserJwtExp
      allowedOrigins
      referralCookieDays
      referralCookieLastClickWins
      websiteUrl
      widgetHeadline
      widgetSubheadline
    }
  }
`;

async function programViaApi(): Promise<Record<string, any>> {
  const res = await stack.api.gql(PROGRAM);
  expect(res.errors).toBeUndefined();
  return res.data.program as Record<string, any>;
}

beforeAll(async () => {
  await configureProgram(stack.api, {
    name: 'Acme Coffee',
    referredDiscountPercent: 10,
    referrerReward: { type: 'CREDIT', amountCents: 2500, unit: 'USD' },
    allowedOrigins: ['https://shop.acme.example'],
    conversionEventKey: 'purchase',
    websiteUrl: 'https://acme.example',
  });
});

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

/** The element's text once it contains `expected` (the page answers after its request). */
async function shown(page: Page, testId: string, expected: string): Promise<string> {
  await page.getByTestId(testId).filter({ hasText: expected }).waitFor();
  return page.getByTestId(testId).innerText();
}

/** Opens the Program page from the nav and waits for the form. */
async function openProgram(page: Page): Promise<void> {
  await openFromNav(page, 'Program', stack.url('/admin/program'));
  await field(page, 'Program name').waitFor();
}

/** The inputs of each updateProgram mutation the page sends. */
function watchMutations(page: Page): Record<string, unknown>[] {
  const inputs: Record<string, unknown>[] = [];
  page.on('request', (request) => {
    if (!request.url().endsWith('/admin/api/graphql') || request.method() !== 'POST') return;
    const body = request.postDataJSON() as { query: string; variables: { input?: Record<string, unknown> } };
    if (body.query.includes('updateProgram')) inputs.push(body.variables.input!);
  });
  return inputs;
}

test('the settings made through the API show; an edit sends only the changed fields and is saved', async () => {
  const wp = await stack.signedInPage();
  const { page } = wp;
  const sent = watchMutations(page);
  await openProgram(page);
  await expect(page.title()).resolves.toBe(`Program · ${stack.tenant.alias} · Referral admin`);

  expect(await field(page, 'Program name').inputValue()).toBe('Acme Coffee');
  expect(await field(page, 'Discount for the referred friend (%)').inputValue()).toBe('10');
  expect(await field(page, 'Referrer reward').inputValue()).toBe('CREDIT');
  expect(await field(page, 'Credit amount (minor units)').inputValue()).toBe('2500');
  expect(await field(page, 'Credit unit').inputValue()).toBe('USD');
  expect(await page.getByTestId('credit-preview').innerText()).toBe('$25.00');
  expect(await field(page, 'Allowed origins').inputValue()).toBe('https://shop.acme.example');
  expect(await field(page, 'Conversion event key').inputValue()).toBe('purchase');
  expect(await field(page, 'Website').inputValue()).toBe('https://acme.example');
  expect(await field(page, 'Processor discount ID').inputValue()).toBe('service_discount');
  expect(await field(page, 'Require an expiry in user JWTs').isChecked()).toBe(false);
  // Every field has help text tied to its control.
  const described = await page
    .locator('form.program-form input, form.program-form select, form.program-form textarea')
    .evaluateAll((els) => els.map((el) => [el.id, el.getAttribute('aria-describedby')]));
  expect(described.length).toBe(37);
  for (const [id, describedBy] of described)
    expect({ id, describedBy }).toEqual({ id, describedBy: `${id}-hint` });
  await expectAccessible(page);
  await portalShot(page, 'program');

  await field(page, 'Program name').fill('Acme Coffee Club');
  await field(page, 'Discount for the referred friend (%)').fill('15');
  await field(page, 'Referrer reward').selectOption('PCT_DISCOUNT');
  await field(page, 'Referrer discount (%)').fill('20');
  await field(page, 'Allowed origins').fill('https://shop.acme.example\n\nHTTPS://App.Acme.Example:8443/\n');
  await field(page, 'Require an expiry in user JWTs').check();
  await field(page, 'Widget headline').fill('Give 15%, get 20%');
  expect(await page.getByTestId('program-notice').innerText()).toBe('6 unsaved changes');
  await page.getByTestId('program-save').click();
  expect(await shown(page, 'program-notice', 'Saved. 6 settings changed.')).toBe(
    'Saved. 6 settings changed.',
  );
  // The server's normalised origin is what the form shows now.
  await page.waitForFunction(
    () =>
      (globalThis as any).document.getElementById('field-allowedOrigins').value ===
      'https://shop.acme.example\nhttps://app.acme.example:8443',
  );

  expect(sent).toEqual([
    {
      name: 'Acme Coffee Club',
      referredDiscountPercent: 15,
      referrerReward: { type: 'PCT_DISCOUNT', discountPercent: 20 },
      allowedOrigins: ['https://shop.acme.example', 'HTTPS://App.Acme.Example:8443/'],
      requireUserJwtExp: true,
      widgetHeadline: 'Give 15%, get 20%',
    },
  ]);
  expect(await programViaApi()).toEqual({
    name: 'Acme Coffee Club',
    referredDiscountPercent: 15,
    referrerReward: { type: 'PCT_DISCOUNT', discountPercent: 20, amountCents: null, unit: null },
    maxReferrerDiscountPercent: expect.any(Number),
    discountId: 'service_discount',
    landingUrl: null,
    conversionEventKey: 'purchase',
    requireUserJwtExp: true,
    allowedOrigins: ['https://shop.acme.example', 'https://app.acme.example:8443'],
    referralCookieDays: expect.any(Number),
    referralCookieLastClickWins: false,
    websiteUrl: 'https://acme.example',
    widgetHeadline: 'Give 15%, get 20%',
    widgetSubheadline: null,
  });

  // Clearing an optional text sends null; saving again with nothing changed sends nothing.
  await field(page, 'Conversion event key').fill('');
  await page.getByTestId('program-save').click();
  expect(await shown(page, 'program-notice', 'Saved. 1 setting changed.')).toBe('Saved. 1 setting changed.');
  expect(sent[1]).toEqual({ conversionEventKey: null });
  expect((await programViaApi()).conversionEventKey).toBeNull();
  await page.getByTestId('program-save').click();
  expect(await shown(page, 'program-notice', 'Nothing to save: no setting was changed.')).toBe(
    'Nothing to save: no setting was changed.',
  );
  expect(sent).toHaveLength(2);

  // After a reload the page shows what was saved.
  await page.reload();
  await field(page, 'Program name').waitFor();
  expect(await field(page, 'Program name').inputValue()).toBe('Acme Coffee Club');
  expect(await field(page, 'Referrer discount (%)').inputValue()).toBe('20');
  wp.expectClean();
});

test('invalid values show the server’s message under the field they name, and nothing is saved', async () => {
  const before = await programViaApi();
  const wp = await stack.signedInPage();
  const { page } = wp;
  await openProgram(page);
  await field(page, 'Discount for the referred friend (%)').fill('150');
  await field(page, 'Allowed origins').fill('https://shop.acme.example\nhttps://shop.acme.example/checkout');
  await field(page, 'Website').fill('ftp://acme.example');
  await field(page, 'Share message').fill('Join {program} via {url}');
  await page.getByTestId('program-save').click();

  const percentError = page.getByTestId('error-referredDiscountPercent');
  await percentError.waitFor();
  expect(await percentError.innerText()).toMatch(/100/);
  expect(await page.getByTestId('error-allowedOrigins').innerText()).toBe(
    'Line 2 (https://shop.acme.example/checkout): must be an origin: http:// or https://, a host and an ' +
      'optional port, with no path, query or wildcard (e.g. https://shop.example)',
  );
  expect(await page.getByTestId('error-websiteUrl').innerText()).toBe('must be an http or https URL');
  expect(await page.getByTestId('error-shareMessage').innerText()).toBe(
    'unknown variable {url}: the variables are {program}, {offer}, {link} and {name}',
  );
  // Each message is tied to its control; the summary names the fields and is focused.
  const percent = field(page, 'Discount for the referred friend (%)');
  expect(await percent.getAttribute('aria-invalid')).toBe('true');
  expect(await percent.getAttribute('aria-describedby')).toBe(
    'field-referredDiscountPercent-hint field-referredDiscountPercent-error',
  );
  expect(await page.locator('#field-referredDiscountPercent-error').innerText()).toBe(
    await percentError.innerText(),
  );
  const summary = page.getByTestId('program-errors');
  expect(await summary.innerText()).toContain('Discount for the referred friend (%)');
  expect(await summary.innerText()).toContain('Allowed origins');
  expect(await summary.innerText()).toContain('Website');
  expect(await summary.innerText()).toContain('Share message');
  await page.waitForFunction(
    () => (globalThis as any).document.activeElement?.getAttribute('data-testid') === 'program-errors',
  );
  expect(await programViaApi()).toEqual(before);
  await expectAccessible(page);
  await portalShot(page, 'program-errors');

  // A number that is not a whole number never leaves the page.
  await field(page, 'Discount for the referred friend (%)').fill('12.5');
  await page.getByTestId('program-save').click();
  expect(await shown(page, 'error-referredDiscountPercent', 'Enter a whole number')).toBe(
    'Enter a whole number',
  );
  // Correcting the fields saves.
  await field(page, 'Discount for the referred friend (%)').fill('25');
  await field(page, 'Allowed origins').fill('https://shop.acme.example');
  await field(page, 'Website').fill('https://acme.example/home');
  await field(page, 'Share message').fill('Join {program} with {name}: {offer}, {link}');
  await page.getByTestId('program-save').click();
  // The percent, the website, the share message and the origins (the first test had saved two).
  expect(await shown(page, 'program-notice', 'Saved. 4 settings changed.')).toBe(
    'Saved. 4 settings changed.',
  );
  expect(await page.getByTestId('error-referredDiscountPercent').count()).toBe(0);
  const after = await programViaApi();
  expect([after.referredDiscountPercent, after.websiteUrl]).toEqual([25, 'https://acme.example/home']);
  const share = await stack.api.gql('{ program { shareMessage } }');
  expect(share.data.program.shareMessage).toBe('Join {program} with {name}: {offer}, {link}');
  wp.expectClean();
});

test('on a phone the form fits the screen, errors included', async () => {
  const wp = await stack.signedInPage(stack.owner, ON_PHONE);
  const { page } = wp;
  await page.goto(stack.url('/admin/program'));
  await field(page, 'Program name').waitFor();
  await field(page, 'Referrer reward').selectOption('CREDIT');
  await field(page, 'Credit unit').fill('usd');
  await field(page, 'Credit amount (minor units)').fill('500');
  await page.getByTestId('program-save').click();
  await page.getByTestId('error-referrerReward.unit').waitFor();
  expect(await page.getByTestId('error-referrerReward.unit').innerText()).toBe(
    'must be 1-32 upper-case letters, digits or _ (e.g. USD)',
  );
  await expectPhoneView(page, 'program-phone');
});

test('a VIEWER sees the settings as text, not a form: no control, no save button', async () => {
  const viewer = await stack.addOperator('VIEWER');
  const wp = await stack.signedInPage(viewer);
  const { page } = wp;
  await page.goto(stack.url('/admin/program'));
  await page.getByTestId('read-only-notice').waitFor();
  const program = await programViaApi();
  await expect(page.getByTestId('value-name').innerText()).resolves.toBe(program.name);
  await expect(page.getByTestId('value-referredDiscountPercent').innerText()).resolves.toBe(
    String(program.referredDiscountPercent),
  );
  await expect(page.getByTestId('value-referralCookieLastClickWins').innerText()).resolves.toMatch(
    /^(Yes|No)$/,
  );
  // Each fraud signal's action as text.
  await expect(page.getByTestId('value-fraud-SAME_EMAIL').innerText()).resolves.toMatch(
    /^(Allow|Review|Block):/,
  );
  // No form control at all (not disabled ones), no form, and no button that changes anything.
  expect(
    await page.locator('main input, main select, main textarea, main [contenteditable], main form').count(),
  ).toBe(0);
  expect(await page.locator('main button').count()).toBe(0);
  expect(await page.getByTestId('program-save').count()).toBe(0);
  // The settings read as a description list: a label and a value each.
  expect(await page.locator('main dl.field-readonly').count()).toBeGreaterThan(20);
  await expectAccessible(page);
  await portalShot(page, 'program-viewer');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectPhoneView(page, 'program-viewer-phone');
  wp.expectClean();
});

test('a failed load shows the error state, and "Try again" loads the form', async () => {
  await expectOutageThenRetry(stack, '/admin/program', (page) => field(page, 'Program name').waitFor());
});

test('fraud protection: a velocity limit and blocked signals are saved; blocking then refuses such a referral', async () => {
  const { page } = await stack.signedInPage();
  const mutations = watchMutations(page);
  await openProgram(page);
  const policy = page.getByTestId('fraud-policy');
  // One choice per signal: Allow, Review or Block (Allow when the policy does not list it).
  expect(await policy.getByRole('combobox').count()).toBe(5);
  // A new program holds Same e-mail and Disposable e-mail for review (the safe defaults).
  expect(await policy.getByLabel('Same e-mail', { exact: true }).inputValue()).toBe('REVIEW');
  expect(await policy.getByLabel('Disposable e-mail', { exact: true }).inputValue()).toBe('REVIEW');
  expect(await policy.getByLabel('Same name', { exact: true }).inputValue()).toBe('ALLOW');
  expect(await page.getByTestId('program-warnings').count()).toBe(0);
  await field(page, 'Attributions per referrer per hour').fill('20');
  await policy.getByLabel('Same e-mail', { exact: true }).selectOption('BLOCK');
  await policy.getByLabel('Disposable e-mail', { exact: true }).selectOption('BLOCK');
  await page.getByTestId('program-save').click();
  await shown(page, 'program-notice', 'Saved.');
  expect(mutations.at(-1)).toEqual({
    maxAttributionsPerReferrerPerHour: 20,
    fraudPolicy: [
      { signal: 'SAME_EMAIL', action: 'BLOCK' },
      { signal: 'DISPOSABLE_EMAIL', action: 'BLOCK' },
    ],
  });
  await page.reload();
  await field(page, 'Program name').waitFor();
  expect(await field(page, 'Attributions per referrer per hour').inputValue()).toBe('20');
  expect(await policy.getByLabel('Same e-mail', { exact: true }).inputValue()).toBe('BLOCK');
  expect(await policy.getByLabel('Same name', { exact: true }).inputValue()).toBe('ALLOW');
  await page.getByTestId('fraud-policy').scrollIntoViewIfNeeded();
  await screenshot(page, 'portal-program-fraud', page.locator('#program-fraud').locator('xpath=..'));

  // The API now refuses a referral by the same mailbox.
  const referrer = await stack.api.identify('fraud-ui-r', 'u', { email: 'ui.rita@example.com' });
  const friend = await stack.api.identify('fraud-ui-f', 'u', {
    email: 'UI.Rita+2@example.com',
    referredByCode: referrer.body.shareCode,
  });
  expect(friend.body.referredBy).toEqual({
    code: referrer.body.shareCode,
    status: 'REFUSED',
    refusedFor: ['SAME_EMAIL'],
  });

  // Emptying the limit and allowing both again goes back to no limit and nothing blocked.
  await field(page, 'Attributions per referrer per hour').fill('');
  await policy.getByLabel('Same e-mail', { exact: true }).selectOption('ALLOW');
  await policy.getByLabel('Disposable e-mail', { exact: true }).selectOption('ALLOW');
  // Every signal on Allow, and (typed, not saved) a referrer cap of 100 %: the page warns of both.
  const warnings = page.getByTestId('program-warnings');
  expect(await warnings.locator('li').allInnerTexts()).toEqual([
    expect.stringContaining('Every fraud signal is set to Allow'),
  ]);
  const cap = field(page, 'Maximum referrer discount (%)');
  const savedCap = await cap.inputValue();
  await cap.fill('100');
  expect(await warnings.locator('li').allInnerTexts()).toEqual([
    expect.stringContaining('can add up to 100 % off'),
    expect.stringContaining('Every fraud signal is set to Allow'),
  ]);
  await expectAccessible(page);
  await warnings.scrollIntoViewIfNeeded();
  await portalShot(page, 'program-warnings');
  await cap.fill(savedCap);
  await page.getByTestId('program-save').click();
  await shown(page, 'program-notice', 'Saved.');
  expect(mutations.at(-1)).toEqual({ maxAttributionsPerReferrerPerHour: null, fraudPolicy: [] });
  const saved = await stack.api.gql(
    '{ program { maxAttributionsPerReferrerPerHour fraudPolicy { signal } } }',
  );
  expect(saved.data.program).toEqual({ maxAttributionsPerReferrerPerHour: null, fraudPolicy: [] });
});

test('share page: its settings are saved; PNG, JPEG and WebP logos are uploaded and shown; a refused file is explained', async () => {
  const referrer = await stack.api.identify('share-page-r', 'u', {
    firstName: 'Maya',
    email: 'maya@example.com',
  });
  const code = referrer.body.shareCode as string;
  const wp = await stack.signedInPage();
  const { page } = wp;
  const sent = watchMutations(page);
  await openProgram(page);
  await page.getByTestId('logo-empty').waitFor();
  expect(await field(page, 'Share link parameter').inputValue()).toBe('ref');

  await field(page, 'Signup page URL').fill('https://acme.example/join');
  await field(page, 'Share links on your site').fill('https://acme.example/');
  await field(page, 'Share link parameter').fill('friend');
  await field(page, 'Custom host for the hosted pages').fill('Refer.Acme.Example');
  await field(page, 'Pick the brand colour').fill('#0a7c55');
  expect(await field(page, 'Brand colour').inputValue()).toBe('#0a7c55');
  await field(page, 'Landing page headline').fill('{name} gave you {offer}');
  await field(page, 'Landing page text').fill('Join {program} today.');
  await field(page, 'Landing page button').fill('Claim {offer}');
  await page.getByTestId('program-save').click();
  await shown(page, 'program-notice', 'Saved. 8 settings changed.');
  expect(sent.at(-1)).toEqual({
    signupUrl: 'https://acme.example/join',
    shareLinkUrl: 'https://acme.example/',
    shareParam: 'friend',
    customHost: 'Refer.Acme.Example',
    brandColor: '#0a7c55',
    landingHeadline: '{name} gave you {offer}',
    landingText: 'Join {program} today.',
    landingButtonText: 'Claim {offer}',
  });
  const saved = await stack.api.gql(
    '{ program { signupUrl shareLinkUrl shareParam customHost brandColor landingHeadline landingText landingButtonText logoUrl } }',
  );
  expect(saved.data.program).toEqual({
    signupUrl: 'https://acme.example/join',
    shareLinkUrl: 'https://acme.example/',
    shareParam: 'friend',
    customHost: 'refer.acme.example',
    brandColor: '#0a7c55',
    landingHeadline: '{name} gave you {offer}',
    landingText: 'Join {program} today.',
    landingButtonText: 'Claim {offer}',
    logoUrl: null,
  });
  // The server's normalised host shows; an unknown variable is refused under its field.
  expect(await field(page, 'Custom host for the hosted pages').inputValue()).toBe('refer.acme.example');
  await field(page, 'Landing page button').fill('Hi {firstName}');
  await page.getByTestId('program-save').click();
  expect(await shown(page, 'error-landingButtonText', '{firstName}')).toContain(
    'unknown variable {firstName}',
  );
  await field(page, 'Landing page button').fill('Claim {offer}');

  // A file that is not an image is refused in the server's words; nothing changes.
  const logoInput = field(page, 'Logo');
  await logoInput.setInputFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: Buffer.from('<svg onload=alert(1)>'),
  });
  expect(await shown(page, 'error-logo', 'PNG')).toBe('logo: must be a PNG, JPEG or WebP image');
  expect(await page.getByTestId('logo-empty').count()).toBe(1);

  const logoSrc = async (previous: string | null) => {
    await page.waitForFunction((before) => {
      const doc = (globalThis as any).document;
      if (doc.querySelector('[data-testid="error-logo"]')) return true;
      const img = doc.querySelector('[data-testid="logo-image"]');
      return img && img.complete && img.naturalWidth > 0 && img.getAttribute('src') !== before;
    }, previous);
    const refused = page.getByTestId('error-logo');
    expect((await refused.count()) ? await refused.innerText() : 'accepted').toBe('accepted');
    const src = (await page.getByTestId('logo-image').getAttribute('src'))!;
    expect((await stack.api.gql('{ program { logoUrl } }')).data.program.logoUrl).toBe(src);
    return src;
  };
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="240" height="80"><rect width="240" height="80" fill="#0a7c55"/><circle cx="40" cy="40" r="28" fill="#fff"/></svg>';
  await logoInput.setInputFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: new Resvg(svg).render().asPng(),
  });
  const pngSrc = await logoSrc(null);
  expect(pngSrc).toMatch(new RegExp(`^/logos/${stack.tenant.alias}/[0-9a-f]{32}\\.png$`));
  expect(await page.getByTestId('logo-status').innerText()).toBe('Logo uploaded.');
  expect(await page.getByTestId('error-logo').count()).toBe(0);

  // A JPEG and a WebP, encoded by Chromium itself, are accepted too.
  const encoded = await page.evaluate(async () => {
    const doc = (globalThis as any).document;
    const canvas = doc.createElement('canvas');
    canvas.width = 120;
    canvas.height = 40;
    const g = canvas.getContext('2d');
    const out: Record<string, number[]> = {};
    for (const [type, colour] of [
      ['image/jpeg', '#c2410c'],
      ['image/webp', '#6d28d9'],
    ]) {
      g.fillStyle = colour;
      g.fillRect(0, 0, 120, 40);
      const blob: any = await new Promise((resolve) => canvas.toBlob(resolve, type, 0.9));
      if (blob.type !== type) throw new Error(`Chromium made ${blob.type} for ${type}`);
      out[type] = Array.from(new Uint8Array(await blob.arrayBuffer()));
    }
    return out;
  });
  await logoInput.setInputFiles({
    name: 'logo.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.from(encoded['image/jpeg']!),
  });
  const jpegSrc = await logoSrc(pngSrc);
  await logoInput.setInputFiles({
    name: 'logo.webp',
    mimeType: 'image/webp',
    buffer: Buffer.from(encoded['image/webp']!),
  });
  const webpSrc = await logoSrc(jpegSrc);
  const served = await fetch(stack.url(webpSrc));
  expect([served.status, served.headers.get('content-type')]).toEqual([200, 'image/png']);

  // The preview link opens the hosted page of the newest user's code, with the saved texts.
  const link = page.getByTestId('share-preview-link');
  expect(await link.getAttribute('href')).toBe(`/r/${stack.tenant.alias}/${code}`);
  const [hosted] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
  await hosted.getByRole('heading', { name: /^Maya gave you \d+% off$/ }).waitFor();
  await hosted.close();

  await expectAccessible(page);
  await page.locator('#program-share').scrollIntoViewIfNeeded();
  const shot = await screenshot(
    page,
    'portal-program-share',
    page.locator('#program-share').locator('xpath=..'),
  );
  expect(shot).toMatch(/portal-program-share\.png$/);

  // After a reload the logo is there; removing it shows the empty state.
  await page.reload();
  await page.getByTestId('logo-image').waitFor();
  await page.getByRole('button', { name: 'Remove the logo' }).click();
  await page.getByTestId('logo-empty').waitFor();
  expect((await stack.api.gql('{ program { logoUrl } }')).data.program.logoUrl).toBeNull();
  wp.expectClean();
});
