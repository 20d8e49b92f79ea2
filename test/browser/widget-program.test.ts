/**
 * The referrer widget of a program other than the default (the `programId` option) in headless
 * Chromium on a merchant's page: the program's offer, the user's code in it, the progress to the next
 * milestone as a labelled progress bar, and the program's leaderboard (first names or initials, the user
 * marked, a name like HTML shown as text); a new program's empty progress and leaderboard in French and
 * German. The browser library's `init({ program_id })` gives the user that program's code. The widget's
 * drawing script (a second script, loaded with its integrity hash) altered or unreachable: the error
 * state, and "Try again" by keyboard draws it. Axe; screenshots on a desktop and on a phone.
 */
import type { Locator } from 'playwright-core';
import { screenshot, useBrowser, type WatchedPage } from '../helpers/browser';
import { expectAccessible } from '../helpers/portal';
import { configureProgram, startMerchantSite, type MerchantSite } from '../helpers/merchant-site';
import { PER_FRIEND, THREE_FRIENDS } from '../helpers/program-rules';
import { identifyReferrer, startReferralApi, uid, type ReferralApi } from '../helpers/referrals';

const browser = useBrowser();
let api: ReferralApi;
let site: MerchantSite;
let programId: string;
/** A program with a leaderboard and a milestone, where nobody has referred anyone yet. */
let emptyProgramId: string;
let rita: Awaited<ReturnType<typeof identifyReferrer>>;
const EMBED = '#referral-widget';
const POPUP = '#refer';
const DRAWING_SCRIPT = '**/js/referral-widget-*.js';

async function createProgram(input: Record<string, unknown>): Promise<string> {
  const mutation = `mutation ($input: ProgramInput!) { createProgram(input: $input) { id } }`;
  return (await api.gqlOk(mutation, { input })).createProgram.id;
}

beforeAll(async () => {
  api = await startReferralApi({ env: { PUBLIC_URL: 'https://referrals.example' } });
  site = await startMerchantSite({
    gatewayUrl: api.gw.url,
    tenantAlias: api.tenant.alias,
    apiKey: api.tenant.apiKey,
  });
  await configureProgram(api, { name: 'Acme Coffee', allowedOrigins: [site.origin] });
  programId = await createProgram({
    name: 'Acme Partners',
    referredDiscountPercent: 30,
    leaderboardEnabled: true,
    widgetHeadline: 'Partners earn more',
    rules: [PER_FRIEND, THREE_FRIENDS],
  });
  emptyProgramId = await createProgram({
    name: 'Acme Ambassadors',
    leaderboardEnabled: true,
    rules: [THREE_FRIENDS],
  });
  site.page('/account', {
    load: 'sync',
    body: `<main style="max-width:640px;margin:0 auto;padding:16px 24px;font-family:sans-serif">
      <h1>Your account</h1><div id="referral-widget"></div><div id="refer"></div></main>`,
  });
  rita = await identifyReferrer(api, 'Rita');
  // Another referrer ahead of Rita, named like HTML.
  const other = await identifyReferrer(api, '<i>Ivo</i>');
  for (const [referrer, friends] of [
    [other, 3],
    [rita, 1],
  ] as const) {
    const code = (await api.identify(referrer.accountId, referrer.userId, { programId })).body.shareCode;
    for (let i = 0; i < friends; i += 1) {
      const id = uid('acct-f');
      expect((await api.identify(id, uid('user'), { referredByCode: code })).status).toBe(200);
      expect((await api.identify(id, uid('user'), { accountStatus: 'PAID' })).status).toBe(200);
    }
  }
});
afterAll(async () => {
  await site?.close();
  await api?.close();
});

/** The texts of `locator`'s matches, their runs of spaces (a French no-break space too) as one space. */
async function texts(locator: Locator): Promise<string[]> {
  return (await locator.allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim());
}

/** Identifies Rita in the program from the page and shows its widget; the code, or the rejection. */
async function showWidget(
  wp: WatchedPage,
  options: { program: string; locale?: string; mode?: 'EMBED' | 'POPUP'; page?: string },
): Promise<{ code?: string; error?: { apiErrorCode: string } }> {
  await wp.page.goto(site.url(options.page ?? '/account'));
  return wp.page.evaluate(
    async ([claims, opts]) => {
      const w = globalThis as any;
      const jwt = await w.merchantJwt(claims);
      // Identified in the program from the browser: the answer carries the user's code there.
      const user = await w.referral.init({ jwt, program_id: opts.program });
      const element = opts.mode === 'POPUP' ? '#refer' : '#referral-widget';
      const widget = {
        mode: opts.mode ?? 'EMBED',
        element,
        jwt,
        programId: opts.program,
        locale: opts.locale,
      };
      return w.referral.widget(widget).then(
        () => ({ code: user.shareCode as string }),
        (error: { apiErrorCode: string }) => ({ error }),
      );
    },
    [{ accountId: rita.accountId, userId: rita.userId }, options] as const,
  );
}

test("the program's offer, code, progress and leaderboard", async () => {
  const wp = await browser().newPage();
  const { page } = wp;
  const { code } = await showWidget(wp, { program: programId });
  expect(code).not.toBe(rita.code);
  const widget = page.locator(EMBED);
  expect(await widget.locator('h2').innerText()).toBe('Partners earn more');
  // The referrer's offer is what the rules give the next friend, not the program's fixed reward.
  expect(await widget.locator('.offers').innerText()).toContain('Get $10.00 credit');
  expect(await widget.locator('[data-testid="share-link"]').inputValue()).toContain(code);
  expect(await widget.locator('[data-testid="referral"]').count()).toBe(1);
  // The nearest of the milestone (3 friends) and the next tier (5): a bar named by its words.
  const progress = widget.locator('[data-testid="progress"]');
  expect(await texts(progress.locator('p'))).toEqual([
    '1 of 3 friends to 100% off',
    '2 more to go · A free month at three friends',
  ]);
  const bar = page.getByRole('progressbar', { name: '1 of 3 friends to 100% off' });
  expect(await bar.getAttribute('value')).toBe('1');
  expect(await bar.getAttribute('max')).toBe('3');
  const board = widget.locator('[data-testid="leaderboard"]');
  for (const list of ['month', 'all']) {
    expect(await board.locator(`[data-testid="leaderboard-${list}"] li`).allInnerTexts()).toEqual([
      expect.stringMatching(/^1\.\s*<i>Ivo<\/i>\s*3 friends$/),
      expect.stringMatching(/^2\.\s*Rita \(you\)\s*1 friend$/),
    ]);
  }
  expect(await page.getByRole('list', { name: 'This month' }).count()).toBe(1);
  expect(await board.locator('i').count()).toBe(0);
  await expectAccessible(page);
  await screenshot(page, 'widget-program');
  wp.expectClean();

  const phone = await browser().newPage({ viewport: { width: 390, height: 844 }, isMobile: true });
  await showWidget(phone, { program: programId });
  await phone.page.locator(`${EMBED} [data-testid="leaderboard"]`).waitFor();
  expect(
    await phone.page.evaluate(() => (globalThis as any).document.documentElement.scrollWidth),
  ).toBeLessThanOrEqual(390);
  await expectAccessible(phone.page);
  await screenshot(phone.page, 'widget-program-phone');
  phone.expectClean();
});

test('the widget as markup: <referral-widget program-id> shows that program', async () => {
  const wp = await browser().newPage();
  await wp.page.goto(site.url('/account'));
  await wp.page.evaluate(
    async ([claims, program]) => {
      const w = globalThis as any;
      const jwt = await w.merchantJwt(claims);
      await w.referral.init({ jwt, program_id: program });
      const element = w.document.createElement('referral-widget');
      element.setAttribute('jwt', jwt);
      element.setAttribute('program-id', program);
      w.document.querySelector('main').append(element);
    },
    [{ accountId: rita.accountId, userId: rita.userId }, programId] as const,
  );
  const widget = wp.page.locator('referral-widget');
  await widget.locator('h2').waitFor();
  expect(await widget.locator('h2').innerText()).toBe('Partners earn more');
  expect(await widget.locator('[data-testid="leaderboard"]').count()).toBe(1);
  wp.expectClean();
});

test('a new program: the empty progress and leaderboard, in French and German', async () => {
  const phone = await browser().newPage({ viewport: { width: 390, height: 844 }, isMobile: true });
  expect((await showWidget(phone, { program: emptyProgramId, locale: 'fr' })).code).toBeTruthy();
  const widget = phone.page.locator(EMBED);
  expect(await texts(widget.locator('[data-testid="progress"] p'))).toEqual([
    '0 ami sur 3 pour 100 % de réduction',
    'Partagez votre lien pour commencer · A free month at three friends',
  ]);
  expect(await widget.locator('progress').getAttribute('value')).toBe('0');
  expect(await widget.locator('[data-testid="leaderboard"] p').allInnerTexts()).toEqual([
    'Personne pour l’instant — lancez-vous !',
    'Personne pour l’instant — lancez-vous !',
  ]);
  expect(await widget.locator('[data-testid="leaderboard"] h4').allInnerTexts()).toEqual([
    'Ce mois-ci',
    'Depuis le début',
  ]);
  await expectAccessible(phone.page);
  await screenshot(phone.page, 'widget-program-empty-fr-phone');
  phone.expectClean();

  const wp = await browser().newPage();
  await showWidget(wp, { program: emptyProgramId, locale: 'de' });
  const de = wp.page.locator(EMBED);
  expect(await texts(de.locator('[data-testid="progress"] p'))).toEqual([
    '0 von 3 Freunden bis 100 % Rabatt',
    'Teilen Sie Ihren Link, um loszulegen · A free month at three friends',
  ]);
  expect(await texts(de.locator('[data-testid="leaderboard"] h4, [data-testid="leaderboard"] p'))).toEqual([
    'Diesen Monat',
    'Noch niemand — machen Sie den Anfang!',
    'Insgesamt',
    'Noch niemand — machen Sie den Anfang!',
  ]);
  wp.expectClean();
});

test('the drawing script altered or unreachable: the error state, then "Try again" draws the widget', async () => {
  const wp = await browser().newPage();
  const { page } = wp;
  // An altered byte: the browser refuses it by its integrity hash.
  await page.route(DRAWING_SCRIPT, async (route) => {
    const res = await route.fetch();
    // Not kept in the browser's cache, so the retry fetches the real one.
    const headers = { ...res.headers(), 'cache-control': 'no-store' };
    await route.fulfill({ response: res, headers, body: `${await res.text()}\n// altered` });
  });
  const failed = await showWidget(wp, { program: programId });
  expect(failed.error).toMatchObject({ statusCode: 0, apiErrorCode: 'NETWORK_ERROR' });
  const error = page.locator(`${EMBED} [data-testid="error"]`);
  expect(await texts(error.locator('p, button'))).toEqual([
    'We could not load your referral details.',
    'Try again',
  ]);
  await expectAccessible(page);
  await page.unroute(DRAWING_SCRIPT);
  await error.getByRole('button', { name: 'Try again' }).focus();
  await page.keyboard.press('Enter');
  await page.locator(`${EMBED} [data-testid="leaderboard"]`).waitFor();
  expect(await page.locator(`${EMBED} [data-testid="progress"] progress`).getAttribute('value')).toBe('1');
  wp.expectClean([/integrity/]);

  // POPUP: the error state where its button would be, then the button once the script is there.
  const popup = await browser().newPage();
  await popup.page.route(DRAWING_SCRIPT, (route) => route.abort());
  expect((await showWidget(popup, { program: programId, mode: 'POPUP' })).error).toMatchObject({
    apiErrorCode: 'NETWORK_ERROR',
  });
  expect(await popup.page.locator(`${POPUP} [data-testid="error"]`).isVisible()).toBe(true);
  expect(await popup.page.locator(`${POPUP} [data-testid="open"]`).count()).toBe(0);
  await popup.page.unroute(DRAWING_SCRIPT);
  await popup.page.locator(`${POPUP} [data-testid="error"] button`).click();
  await popup.page.locator(`${POPUP} [data-testid="open"]`).click();
  await popup.page.locator(`${POPUP} [data-testid="progress"]`).waitFor();
  popup.expectClean([/Failed to load resource: net::ERR_FAILED/]);
});

test('a page with a strict CSP: scripts by nonce only, connections to its server and the gateway', async () => {
  const nonce = 'n0nce-7f3a9c';
  site.page('/account-csp', {
    load: 'sync',
    nonce,
    csp: [
      "default-src 'none'",
      `script-src 'nonce-${nonce}'`,
      `connect-src 'self' ${api.gw.url}`,
      "style-src 'unsafe-inline'",
      'img-src data:',
    ].join('; '),
    body: `<main><h1>Your account</h1><div id="referral-widget"></div></main>`,
  });
  const wp = await browser().newPage();
  const violations: string[] = [];
  wp.page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  expect((await showWidget(wp, { program: programId, page: '/account-csp' })).code).toBeTruthy();
  // The drawing script came with the library's nonce: the widget is drawn, nothing was refused.
  await wp.page.locator(`${EMBED} [data-testid="leaderboard"]`).waitFor();
  expect(
    await wp.page.evaluate(() => {
      const d = (globalThis as any).document;
      return [...d.querySelectorAll('script[src*="referral-widget-"]')].map((el: any) => el.integrity);
    }),
  ).toEqual([expect.stringMatching(/^sha384-/)]);
  expect(violations).toEqual([]);
  wp.expectClean();
});
