/**
 * The admin portal's shell in headless Chromium: the page and its assets over HTTP (CSP, security and
 * cache headers), sign-in with a right and a wrong password, the throttle's message, sign-out, a deep
 * link while signed out, the nav per role, the keyboard (skip link, nav, focus), the phone menu, the
 * designed error state; accessibility and screenshots of the login page.
 */
import { Secret, TOTP } from 'otpauth';
import type { TestGateway } from '../helpers/harness';
import {
  expectAccessible,
  expectNoHorizontalScroll,
  failGraphql,
  GRAPHQL_ROUTE,
  graphqlError,
  ON_PHONE,
  portalShot,
  signIn,
  startPortalGateway,
  usePortalStack,
} from '../helpers/portal';

const stack = usePortalStack();

const CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; " +
  "font-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

describe('the page and its assets over HTTP', () => {
  test('/admin redirects to /admin/; every portal path is the app page with the CSP and security headers', async () => {
    const redirect = await fetch(stack.url('/admin'), { redirect: 'manual' });
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get('location')).toBe('/admin/');

    for (const path of ['/admin/', '/admin/login', '/admin/referrals/some-id', '/admin/no-such-page']) {
      const res = await fetch(stack.url(path));
      expect({ path, status: res.status }).toEqual({ path, status: 200 });
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(res.headers.get('content-security-policy')).toBe(CSP);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      const html = await res.text();
      // Only external, hashed assets: no inline script or style.
      expect(html).toMatch(/<script src="\/admin\/assets\/app-[0-9a-f]{10}\.js" defer><\/script>/);
      expect(html).toMatch(/<link rel="stylesheet" href="\/admin\/assets\/app-[0-9a-f]{10}\.css" \/>/);
      expect(html.match(/<script/g)).toHaveLength(1);
      expect(html).not.toMatch(/<style|style=/);
    }

    // The admin API keeps its own answers.
    const api = await fetch(stack.url('/admin/api/no-such-thing'));
    expect(api.status).toBe(404);
    expect(((await api.json()) as { apiErrorCode: string }).apiErrorCode).toBe('NOT_FOUND');
  });

  test('the hashed assets are immutable, gzipped when accepted, with ETags; other versions are 404', async () => {
    const html = await (await fetch(stack.url('/admin/'))).text();
    const [js] = html.match(/\/admin\/assets\/app-[0-9a-f]{10}\.js/)!;
    const [css] = html.match(/\/admin\/assets\/app-[0-9a-f]{10}\.css/)!;
    for (const [path, type] of [
      [js, 'application/javascript; charset=utf-8'],
      [css, 'text/css; charset=utf-8'],
    ] as const) {
      const gz = await fetch(stack.url(path), { headers: { 'accept-encoding': 'gzip' } });
      expect(gz.status).toBe(200);
      expect(gz.headers.get('content-type')).toBe(type);
      expect(gz.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(gz.headers.get('content-encoding')).toBe('gzip');
      expect(gz.headers.get('vary')).toBe('Accept-Encoding');
      const etag = gz.headers.get('etag')!;
      expect(etag).toMatch(/^"[0-9a-f]{10}-gz"$/);
      expect((await gz.text()).length).toBeGreaterThan(1000);

      const plain = await fetch(stack.url(path), { headers: { 'accept-encoding': 'identity' } });
      expect(plain.headers.get('content-encoding')).toBeNull();
      expect(plain.headers.get('etag')).toBe(etag.replace('-gz', ''));
      await plain.arrayBuffer();

      const again = await fetch(stack.url(path), {
        // fetch() adds Cache-Control: no-cache to a conditional request unless one is given.
        headers: { 'accept-encoding': 'gzip', 'if-none-match': etag, 'cache-control': 'max-age=0' },
      });
      expect(again.status).toBe(304);
    }
    expect((await fetch(stack.url('/admin/assets/app-0000000000.js'))).status).toBe(404);
  });
});

describe('signing in and out', () => {
  test('a wrong password shows the server message; the right one opens the dashboard', async () => {
    const wp = await stack.newPage();
    const { page } = wp;
    await page.goto(stack.url('/admin/'));
    await page.waitForURL(/\/admin\/login\?next=%2Fadmin%2F$/);
    await expect(page.title()).resolves.toBe('Sign in · Referral admin');
    await expectAccessible(page);
    await portalShot(page, 'login');

    await page.getByLabel('Program').fill(stack.owner.alias);
    await page.getByLabel('E-mail').fill(stack.owner.email);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByTestId('login-error').innerText()).resolves.toBe('E-mail or password is wrong');
    // The password is cleared, the rest kept.
    expect(await page.getByLabel('Password').inputValue()).toBe('');
    expect(await page.getByLabel('E-mail').inputValue()).toBe(stack.owner.email);
    await expectAccessible(page);
    await portalShot(page, 'login-error');

    await signIn(page, stack.owner);
    await page.waitForURL(stack.url('/admin/'));
    await expect(page.getByRole('heading', { level: 1 }).innerText()).resolves.toBe('Dashboard');
    await expect(page.title()).resolves.toBe(`Dashboard · ${stack.tenant.alias} · Referral admin`);
    await expect(page.getByTestId('mode-badge').innerText()).resolves.toBe('Live');
    const header = await page.locator('header.topbar').innerText();
    expect(header).toContain(stack.tenant.alias);
    expect(header).toContain(stack.owner.email);
    expect(header).toContain('Owner');
    // No twin tenant: no switch button.
    expect(await page.getByTestId('switch-tenant').count()).toBe(0);
    // The wrong password's answer is a 401 (the signed-out session probe is allowed by newPage).
    wp.expectClean([/status of 401 .*\/admin\/api\/login\)$/]);
  });

  test('the login page on a phone', async () => {
    const wp = await stack.newPage(ON_PHONE);
    await wp.page.goto(stack.url('/admin/login'));
    await wp.page.getByLabel('Program').waitFor();
    await expectNoHorizontalScroll(wp.page);
    await portalShot(wp.page, 'login-phone');
  });

  test('repeated failures are throttled with the server message', async () => {
    const strict: TestGateway = await startPortalGateway({
      LOGIN_MAX_FAILURES_PER_ACCOUNT: '2',
      LOGIN_DELAY_BASE_S: '900',
    });
    // The browser's keep-alive connections to this gateway go first, so closing it waits for nothing.
    let closeFirst = async (): Promise<void> => undefined;
    try {
      const who = await stack.addOperator('ADMIN');
      const wp = await stack.newPage();
      const { page } = wp;
      closeFirst = () => wp.context.close();
      await page.goto(`${strict.url}/admin/login`);
      const attempt = async (password: string) => {
        await page.getByLabel('Program').fill(who.alias);
        await page.getByLabel('E-mail').fill(who.email);
        await page.getByLabel('Password').fill(password);
        // Each attempt waits for its own answer (a sign-in checks a scrypt hash: slow on a busy machine).
        const answered = page.waitForResponse((r) => r.url().endsWith('/admin/api/login'), {
          timeout: 30_000,
        });
        await page.getByRole('button', { name: 'Sign in' }).click();
        await answered;
        await page.waitForFunction(
          () => !(globalThis as any).document.querySelector('button[type=submit]')?.hasAttribute('disabled'),
        );
        return page.getByTestId('login-error').innerText();
      };
      expect(await attempt('wrong one')).toBe('E-mail or password is wrong');
      expect(await attempt('wrong two')).toBe('E-mail or password is wrong');
      expect(await attempt('wrong three')).toBe('Too many failed sign-ins; try again in 15 minutes');
      // Even the right password is refused until the window passes.
      expect(await attempt(who.password)).toBe('Too many failed sign-ins; try again in 15 minutes');
      await portalShot(page, 'login-throttled');
    } finally {
      await closeFirst();
      await strict.close();
    }
  }, 120_000);

  test('two-factor: set up on its page (desktop and phone), then the sign-in asks for the code', async () => {
    const who = await stack.addOperator('ADMIN');
    const code = (secret: string, at: number) =>
      TOTP.generate({ secret: Secret.fromBase32(secret), period: 30, timestamp: at });
    const wp = await stack.signedInPage(who);
    const { page } = wp;
    await page.goto(stack.url('/admin/two-factor'));
    await page.getByRole('button', { name: 'Set up' }).click();
    const secret = (await page.getByTestId('tfa-secret').innerText()).trim();
    await expect(page.getByRole('img', { name: 'QR code of the two-factor key' }).isVisible()).resolves.toBe(
      true,
    );
    await expectAccessible(page);
    await portalShot(page, 'two-factor-enrol');
    await page.getByLabel('Authentication code').fill(code(secret, Date.now()));
    await page.getByRole('button', { name: 'Turn on' }).click();
    await page.getByTestId('recovery-codes').waitFor();
    // The status is read again after the codes are shown: wait for it rather than race it.
    await page.getByTestId('tfa-on').waitFor();
    await expectAccessible(page);
    await portalShot(page, 'two-factor-recovery-codes');

    const phone = await stack.newPage(ON_PHONE);
    await phone.page.goto(stack.url('/admin/login'));
    await phone.page.getByLabel('Program').fill(who.alias);
    await phone.page.getByLabel('E-mail').fill(who.email);
    await phone.page.getByLabel('Password').fill(who.password);
    await phone.page.getByRole('button', { name: 'Sign in' }).click();
    await phone.page.getByLabel('Authentication code').waitFor();
    await expectNoHorizontalScroll(phone.page);
    await expectAccessible(phone.page);
    await portalShot(phone.page, 'login-two-factor-phone');
    await phone.page.getByLabel('Authentication code').fill('000000');
    await phone.page.getByRole('button', { name: 'Verify' }).click();
    await expect(phone.page.getByTestId('login-error').innerText()).resolves.toBe(
      'The code is wrong or was used already',
    );
    // The next step's code (the one that confirmed is spent).
    await phone.page.getByLabel('Authentication code').fill(code(secret, Date.now() + 30_000));
    await phone.page.getByRole('button', { name: 'Verify' }).click();
    await phone.page.waitForURL(stack.url('/admin/'));
  }, 120_000);

  test('sign-out ends the session: the login page, and the old cookie no longer works', async () => {
    const wp = await stack.signedInPage();
    const { page, context } = wp;
    const cookie = (await context.cookies()).find((c) => c.name === 'rs_admin_session')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/admin' });

    await page.getByTestId('sign-out').click();
    await page.waitForURL(stack.url('/admin/login'));
    await expect(page.locator('.notice').innerText()).resolves.toBe('You have signed out.');
    const after = await fetch(stack.url('/admin/api/session'), {
      headers: { cookie: `rs_admin_session=${cookie.value}` },
    });
    expect(after.status).toBe(401);
    await page.goto(stack.url('/admin/program'));
    await page.waitForURL(/\/admin\/login\?next=%2Fadmin%2Fprogram$/);
  });

  test('a deep link while signed out goes to the login page and back after sign-in', async () => {
    const wp = await stack.newPage();
    const { page } = wp;
    await page.goto(stack.url('/admin/referrals?status=CONVERTED'));
    await page.waitForURL(/\/admin\/login\?next=%2Fadmin%2Freferrals%3Fstatus%3DCONVERTED$/);
    await signIn(page, stack.owner);
    await page.waitForURL(stack.url('/admin/referrals?status=CONVERTED'));
    await expect(page.getByRole('heading', { level: 1 }).innerText()).resolves.toBe('Referrals');
    await expect(page.locator('nav[aria-label="Main"] [aria-current="page"]').innerText()).resolves.toBe(
      'Referrals',
    );
    // A next= pointing elsewhere is ignored.
    const other = await stack.newPage();
    await other.page.goto(stack.url('/admin/login?next=https://evil.example/'));
    await signIn(other.page, stack.owner);
    await other.page.waitForURL(stack.url('/admin/'));
  });

  test('a session that ends while the portal is open goes back to the login page', async () => {
    const wp = await stack.signedInPage();
    const { page, context } = wp;
    await page.getByRole('link', { name: 'Accounts' }).click();
    await page.waitForURL(stack.url('/admin/accounts'));
    // Let the page's own query answer first: cleared cookies would make it the 401 that ends the session.
    await page.locator('[data-testid="accounts-table"], [data-testid="empty-state"]').first().waitFor();
    await context.clearCookies();
    // The dashboard's query answers 401: the app forgets the session.
    await page.getByRole('link', { name: 'Dashboard' }).click();
    await page.getByRole('button', { name: 'Sign in' }).waitFor({ timeout: 15_000 });
    await page.waitForURL(stack.url('/admin/login?next=%2Fadmin%2F'));
    await expect(page.locator('.notice').innerText()).resolves.toMatch(/session has ended/);
  });
});

describe('layout and navigation', () => {
  const navLinks = (wp: { page: import('playwright-core').Page }) =>
    wp.page.locator('nav[aria-label="Main"] a').allInnerTexts();

  test('the nav shows each role what it may open', async () => {
    const everyone = [
      'Dashboard',
      'Referrals',
      'Review',
      'Accounts',
      'Payouts',
      'Import',
      'Programs',
      'Program',
      'Install',
      'API keys',
      'Webhooks',
      'Notifications',
    ];
    const owner = await stack.signedInPage();
    expect(await navLinks(owner)).toEqual([
      ...everyone,
      'Team',
      'Audit log',
      'Agent actions',
      'Two-factor',
      'Your account',
    ]);
    const admin = await stack.signedInPage(await stack.addOperator('ADMIN'));
    expect(await navLinks(admin)).toEqual([
      ...everyone,
      'Audit log',
      'Agent actions',
      'Two-factor',
      'Your account',
    ]);
    const viewer = await stack.signedInPage(await stack.addOperator('VIEWER'));
    expect(await navLinks(viewer)).toEqual([...everyone, 'Two-factor', 'Your account']);
    expect(await viewer.page.locator('header.topbar').innerText()).toContain('Viewer');
    // A page the role may not open says so (the server refuses its data anyway).
    await viewer.page.goto(stack.url('/admin/team'));
    await expect(viewer.page.getByRole('heading', { level: 1 }).innerText()).resolves.toBe('Not available');
    await viewer.page.goto(stack.url('/admin/nothing-here'));
    await expect(viewer.page.getByRole('heading', { level: 1 }).innerText()).resolves.toBe('Page not found');
  });

  test('keyboard: Tab reaches the skip link first, then the header and the nav; focus is visible', async () => {
    const wp = await stack.signedInPage();
    const { page } = wp;
    await page.goto(stack.url('/admin/'));
    await page.getByTestId('sign-out').waitFor();
    await page.keyboard.press('Tab');
    const focused = () =>
      page.evaluate(() => {
        const w = globalThis as any;
        const el = w.document.activeElement;
        return {
          text: el.innerText,
          tag: el.tagName,
          id: el.id,
          outline: w.getComputedStyle(el).outlineStyle,
        };
      });
    expect(await focused()).toMatchObject({ text: 'Skip to content', tag: 'A', outline: 'solid' });
    expect(await page.locator('.skip-link').isVisible()).toBe(true);
    // Enter on the skip link moves focus to <main>.
    await page.keyboard.press('Enter');
    expect(await focused()).toMatchObject({ tag: 'MAIN', id: 'main' });

    // From the top: the header's controls, then the nav's links, in order.
    await page.reload();
    await page.getByTestId('sign-out').waitFor();
    await page.keyboard.press('Tab');
    const order: string[] = [];
    for (let i = 0; i < 11; i += 1) {
      await page.keyboard.press('Tab');
      order.push((await focused()).text);
    }
    expect(order).toEqual([
      'Referral admin',
      'Sign out',
      'Dashboard',
      'Referrals',
      'Review',
      'Accounts',
      'Payouts',
      'Import',
      'Programs',
      'Program',
      'Install',
    ]);
    expect((await focused()).outline).toBe('solid');
    // Enter follows the link without reloading; focus lands on the new page's heading.
    await page.keyboard.press('Enter');
    await page.waitForURL(stack.url('/admin/install'));
    await page.waitForFunction(() => (globalThis as any).document.activeElement?.id === 'page-title');
    expect(await focused()).toMatchObject({ tag: 'H1', text: 'Install' });
    expect(await page.title()).toBe(`Install · ${stack.tenant.alias} · Referral admin`);
    wp.expectClean();
  });

  test('on a phone the nav folds into a Menu button', async () => {
    const wp = await stack.signedInPage(stack.owner, ON_PHONE);
    const { page } = wp;
    const menu = page.getByRole('button', { name: 'Menu' });
    const nav = page.locator('nav[aria-label="Main"]');
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(await nav.isVisible()).toBe(false);
    await menu.click();
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    expect(await nav.isVisible()).toBe(true);
    await expectNoHorizontalScroll(page);
    await portalShot(page, 'menu-phone');
    // Escape closes it and gives the focus back to the Menu button; it opens again.
    await page.keyboard.press('Escape');
    await nav.waitFor({ state: 'hidden' });
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(await menu.evaluate((el) => el === (globalThis as any).document.activeElement)).toBe(true);
    await menu.click();
    await nav.waitFor({ state: 'visible' });
    await nav.getByRole('link', { name: 'Accounts' }).click();
    await page.waitForURL(stack.url('/admin/accounts'));
    await nav.waitFor({ state: 'hidden' });
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    await expect(page.getByRole('heading', { level: 1 }).innerText()).resolves.toBe('Accounts');
  });

  test('a failing query shows the designed error state; "Try again" loads again', async () => {
    const wp = await stack.signedInPage();
    const { page } = wp;
    await failGraphql(
      page,
      503,
      graphqlError('The service is unavailable; try again shortly', 'SERVICE_UNAVAILABLE'),
    );
    await page.goto(stack.url('/admin/?from=2030-01-01&to=2030-01-07'));
    const error = page.getByTestId('error-state');
    await error.waitFor();
    expect(await error.innerText()).toContain('The service is unavailable; try again shortly');
    await expectAccessible(page);
    await portalShot(page, 'error-state');
    await page.unroute(GRAPHQL_ROUTE);
    const retries = await failGraphql(page, 400, graphqlError('Still failing', 'VALIDATION_FAILED'));
    await error.getByRole('button', { name: 'Try again' }).click();
    await page.getByText('Still failing').waitFor();
    expect(retries.calls).toBe(1);
  });
});
