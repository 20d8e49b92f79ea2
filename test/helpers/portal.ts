/**
 * The admin portal in headless Chromium: a gateway and worker with a tenant and an OWNER
 * (startPortalStack, or usePortalStack for a whole test file), signing in through the login page
 * (signIn), screenshots kept as .data/test/screenshots/portal-<name>.png (portalShot), an axe-core check
 * (expectAccessible) and the checks and tricks several pages' tests share (settled,
 * expectNoHorizontalScroll, failGraphql, otherProgram).
 */
import crypto from 'node:crypto';
import net from 'node:net';
import type { Cookie, Page } from 'playwright-core';
import type { Config } from '../../shared/config';
import { createOperator, type OperatorRole } from '../../shared/domain/operators/operators';
import type { IssuedKey } from '../../shared/domain/tenants/tenants';
import type { RunningWorker } from '../../services/worker/worker';
export { expectAccessible } from './axe';
import { expectAccessible } from './axe';
import { launchBrowser, screenshot, TestBrowser, type PageOptions, type WatchedPage } from './browser';
import { basic, createTestTenant, startTestGateway, testConfig, type TestGateway } from './harness';
import { startReferralApi, type ReferralApi } from './referrals';

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };
/** A page's options for a phone: PHONE's size, touch and a mobile viewport. */
export const ON_PHONE: PageOptions = { viewport: PHONE, isMobile: true };

type Json = Record<string, any>;

export interface PortalCredentials {
  alias: string;
  email: string;
  password: string;
}

export interface PortalStack {
  gateway: TestGateway;
  worker: RunningWorker;
  config: Config;
  /** The tenant (alias, apiKey, mode) and its id. */
  tenant: IssuedKey & { id: string };
  /** The tenant's OWNER. */
  operator: { email: string; password: string };
  /** The tenant's REST and GraphQL API with its key (test/helpers/referrals.ts verbs). */
  api: ReferralApi;
  browser: TestBrowser;
  /** The OWNER's sign-in: pass to signIn(page, stack.owner). */
  owner: PortalCredentials;
  /** Adds an operator to the tenant and answers its sign-in. */
  addOperator(role: OperatorRole, email?: string): Promise<PortalCredentials>;
  /**
   * A page in a fresh browser context (no cookies) whose requests come from a client address of its
   * own (X-Forwarded-For; the gateway trusts its proxy), so no test's failed sign-ins throttle another's.
   * Its expectClean() allows the 401 of the signed-out session probe.
   */
  newPage(options?: PageOptions): Promise<WatchedPage>;
  /** A new page signed in as `who` (the OWNER by default), on the dashboard; DESKTOP-sized by default. */
  signedInPage(who?: PortalCredentials, options?: PageOptions): Promise<WatchedPage>;
  /** An absolute URL of the portal, e.g. url('/admin/referrals'). */
  url(path: string): string;
  close(): Promise<void>;
}

/** A port free right now on 127.0.0.1 (for a gateway whose PUBLIC_URL must name its port). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Runs start(port, publicUrl) on a free port whose URL is the gateway's PUBLIC_URL: the portal's sign-in
 * and every change check the browser's Origin against it. Tries another port if this one was taken.
 */
async function onOwnPort<T>(start: (port: number, publicUrl: string) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    const port = await freePort();
    try {
      return await start(port, `http://127.0.0.1:${port}`);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE' || attempt >= 5) throw err;
    }
  }
}

/** Another gateway for the stack's database (e.g. with other limits), reachable by the browser. */
export function startPortalGateway(env: Record<string, string> = {}): Promise<TestGateway> {
  return onOwnPort((port, publicUrl) =>
    startTestGateway({ config: testConfig({ PUBLIC_URL: publicUrl, ...env }), port }),
  );
}

/** The console line of the signed-out session probe. */
const SESSION_PROBE = /status of 401 \(Unauthorized\) \(http[^)]*\/admin\/api\/session\)$/;

function randomAddress(): string {
  return `10.${crypto.randomInt(256)}.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`;
}

export interface PortalStackOptions {
  /** Settings for the gateway and worker (testConfig's), e.g. { CLICK_FLUSH_MS: '100' }. */
  env?: Record<string, string>;
}

/** A gateway, a worker, a tenant with an OWNER (password known) and a headless Chromium. */
export async function startPortalStack(options: PortalStackOptions = {}): Promise<PortalStack> {
  const api = await onOwnPort((port, publicUrl) =>
    startReferralApi({ env: { PUBLIC_URL: publicUrl, ...options.env }, port }),
  );
  const browser = new TestBrowser(await launchBrowser());
  const tenant = { ...api.tenant, id: api.tenantId };
  const domain = `${tenant.alias.replace(/_/g, '-')}.test`;
  let operators = 0;

  async function addOperator(role: OperatorRole, email?: string): Promise<PortalCredentials> {
    operators += 1;
    const address = email ?? `${role.toLowerCase()}${operators}@${domain}`;
    const password = `pw-${crypto.randomBytes(9).toString('base64url')}`;
    await createOperator(api.gw.deps.db, { tenantId: tenant.id, email: address, password, role });
    return { alias: tenant.alias, email: address, password };
  }

  const owner = await addOperator('OWNER', `owner@${domain}`);
  // Each operator's session cookies once signed in through the form: signedInPage reuses them (each
  // sign-in is a deliberately slow password hash; the sign-in itself is portal-shell.test.ts's).
  const sessions = new Map<string, Cookie[]>();
  const url = (path: string) => `${api.gw.url}${path}`;

  async function newPage(pageOptions: PageOptions = {}): Promise<WatchedPage> {
    const wp = await browser.newPage(pageOptions);
    await wp.context.setExtraHTTPHeaders({ 'x-forwarded-for': randomAddress() });
    // Signed out, the app's first call (GET /admin/api/session) is answered 401: expected, not an error.
    const expectClean = wp.expectClean.bind(wp);
    wp.expectClean = (allowed = []) => expectClean([SESSION_PROBE, ...allowed]);
    return wp;
  }

  return {
    gateway: api.gw,
    worker: api.worker,
    config: api.config,
    tenant,
    operator: { email: owner.email, password: owner.password },
    api,
    browser,
    owner,
    addOperator,
    newPage,
    async signedInPage(who = owner, pageOptions = {}) {
      const wp = await newPage(pageOptions);
      const key = `${who.alias} ${who.email}`;
      const saved = sessions.get(key);
      if (saved) await wp.context.addCookies(saved);
      await wp.page.goto(url('/admin/login'));
      // A session this file signed in before still holds (the login page sends it on to the dashboard)
      // unless a test ended it: then, and the first time, through the form.
      if (saved && (await isSignedIn(wp.page))) return wp;
      await signIn(wp.page, who);
      sessions.set(key, await wp.context.cookies());
      return wp;
    },
    url,
    async close() {
      await browser.close();
      await api.close();
    },
  };
}

/**
 * The test file's stack: started before its tests and closed after them (a beforeAll and an afterAll
 * registered here, so a later beforeAll of the file can use it). The object answered is filled in by
 * that beforeAll. `options` may be a function, read then: e.g. for the URL of a sandbox an earlier
 * beforeAll started.
 */
export function usePortalStack(options: PortalStackOptions | (() => PortalStackOptions) = {}): PortalStack {
  const stack = {} as PortalStack;
  beforeAll(async () => {
    Object.assign(stack, await startPortalStack(typeof options === 'function' ? options() : options));
  });
  afterAll(async () => {
    await (stack as Partial<PortalStack>).close?.();
  });
  return stack;
}

/** Another program (tenant) in the stack's database, and a call to its API with its key (answering 200). */
export async function otherProgram(stack: PortalStack) {
  const other = await createTestTenant(stack.gateway.deps.db, 'oth');
  async function call(method: string, path: string, body: Json): Promise<Json> {
    const res = await fetch(`${stack.gateway.api(other.alias)}${path}`, {
      method,
      headers: { authorization: basic(other.apiKey), 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(200);
    return (await res.json()) as Json;
  }
  return { ...other, call };
}

/**
 * Signs in through the login page: opens `who.url` + /admin/login first when given (else the page must
 * show the login form), fills Program, E-mail and Password, presses "Sign in" and waits for the
 * signed-in layout (the Sign out button).
 */
export async function signIn(page: Page, who: PortalCredentials & { url?: string }): Promise<void> {
  if (who.url) await page.goto(`${who.url}/admin/login`);
  await page.getByLabel('Program').fill(who.alias);
  await page.getByLabel('E-mail').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByTestId('sign-out').waitFor({ state: 'visible', timeout: 15_000 });
}

/**
 * Waits for the page to show either the signed-in layout or the login form's button; answers which (a
 * signed-in page has a Program control of its own, so the button tells the form apart).
 */
async function isSignedIn(page: Page): Promise<boolean> {
  const signOut = page.getByTestId('sign-out');
  const signInButton = page.getByRole('button', { name: 'Sign in', exact: true });
  await signOut.or(signInButton).first().waitFor({ state: 'visible', timeout: 15_000 });
  return !(await signInButton.isVisible());
}

/** Follows the main nav's link `link` to `url` and answers the page's heading (h1) once it shows. */
export async function openFromNav(page: Page, link: string, url: string): Promise<string> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: link, exact: true }).click();
  await page.waitForURL(url);
  return page.getByRole('heading', { level: 1 }).innerText();
}

/** Two animation frames later: the page has drawn what it was given (uPlot draws on the next frame). */
async function nextFrames(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise((resolve) =>
        (globalThis as any).requestAnimationFrame(() => (globalThis as any).requestAnimationFrame(resolve)),
      ),
  );
}

/** After a click or a change: let the page render, then wait until nothing is loading. */
export async function settled(page: Page): Promise<void> {
  await nextFrames(page);
  await page.waitForFunction(
    () => !(globalThis as any).document.querySelector('[data-testid="loading"], main [aria-busy="true"]'),
  );
}

/** Nothing in the page is wider than the viewport (a table may still scroll inside its own box). */
export async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const widths = await page.evaluate(() => {
    const root = (globalThis as any).document.documentElement;
    return { page: root.scrollWidth as number, viewport: root.clientWidth as number };
  });
  expect(widths.page).toBeLessThanOrEqual(widths.viewport);
}

/** A page on a phone, as each page's test checks it: it fits the screen, passes axe, and its screenshot. */
export async function expectPhoneView(page: Page, shotName: string): Promise<void> {
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
  await portalShot(page, shotName);
}

/** Once the page has settled, the texts of the elements `selector` matches (e.g. a list's rows). */
export async function settledTexts(page: Page, selector: string): Promise<string[]> {
  await settled(page);
  return page.locator(selector).allInnerTexts();
}

/**
 * The texts of `selector` once exactly `count` of them show (a new page of a list replaces the last
 * one's rows). An error state, or no such count within 25 s, fails naming what the page shows instead.
 */
export async function textsWhenCount(page: Page, selector: string, count: number): Promise<string[]> {
  const shown = await page
    .waitForFunction(
      ({ selector: sel, count: n }) => {
        const doc = (globalThis as any).document;
        if (doc.querySelectorAll(sel).length === n) return 'ok';
        return doc.querySelector('[data-testid="error-state"]') ? 'error' : false;
      },
      { selector, count },
      { timeout: 25_000 },
    )
    .then(
      (handle) => handle.jsonValue(),
      () => 'timeout',
    );
  if (shown !== 'ok') {
    const state = await page.evaluate((sel) => {
      const doc = (globalThis as any).document;
      return {
        url: doc.location.href as string,
        shown: doc.querySelectorAll(sel).length as number,
        loading: !!doc.querySelector('[data-testid="loading"], main [aria-busy="true"]'),
        error: (doc.querySelector('[data-testid="error-state"]')?.innerText ?? '') as string,
      };
    }, selector);
    throw new Error(`waited for ${count} of ${selector} (${shown}); the page shows ${JSON.stringify(state)}`);
  }
  return settledTexts(page, selector);
}

/** The portal's GraphQL endpoint, as a route pattern (page.unroute(GRAPHQL_ROUTE) ends failGraphql). */
export const GRAPHQL_ROUTE = '**/admin/api/graphql';

/** A GraphQL answer with one error. */
export const graphqlError = (message: string, code: string) => ({
  errors: [{ message, extensions: { code } }],
});

/**
 * Answers every request of the page to the portal's GraphQL endpoint with `status` and the JSON `body`
 * until page.unroute(GRAPHQL_ROUTE); `calls` counts them.
 */
export async function failGraphql(page: Page, status: number, body: Json): Promise<{ calls: number }> {
  const seen = { calls: 0 };
  await page.route(GRAPHQL_ROUTE, (route) => {
    seen.calls += 1;
    return route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });
  });
  return seen;
}

/**
 * A page whose first load meets a database outage shows the error state (with the server's message,
 * accessible), and "Try again" loads it once the outage is over: `loaded` waits for the loaded page.
 */
export async function expectOutageThenRetry(
  stack: PortalStack,
  path: string,
  loaded: (page: Page) => Promise<unknown>,
): Promise<void> {
  const wp = await stack.signedInPage();
  const { page } = wp;
  await failGraphql(page, 503, {
    statusCode: 503,
    message: 'The database is unavailable',
    apiErrorCode: 'SERVICE_UNAVAILABLE',
  });
  await page.goto(stack.url(path));
  await page.getByTestId('error-state').waitFor();
  expect(await page.getByTestId('error-state').innerText()).toContain('The database is unavailable');
  await expectAccessible(page);
  await page.unroute(GRAPHQL_ROUTE);
  await page.getByRole('button', { name: 'Try again' }).click();
  await loaded(page);
  wp.expectClean([/503/]);
}

/** A full-page screenshot as .data/test/screenshots/portal-<name>.png (a test artifact). */
export async function portalShot(page: Page, name: string): Promise<string> {
  // Let charts and fonts settle.
  await nextFrames(page);
  return screenshot(page, `portal-${name}`);
}
