import { env } from './env';
import { request, tenantPath } from './http';

/** The first-party tracking cookie holding the referral code of a share link the visitor followed. */
export const COOKIE_NAME = 'rs_code';
/** Codes the cookie may hold; anything else in `?rsCode=` is ignored, like the API ignores unknown cookies. */
const CODE_FORMAT = /^[A-Za-z0-9_-]{1,64}$/;

interface CookieSettings {
  cookieDays: number;
  lastClickWins: boolean;
  /** The query parameter of share links on the merchant's own domain. */
  shareParam?: string;
}
const DEFAULTS: CookieSettings = { cookieDays: 365, lastClickWins: false };
/** A beacon for the same code and URL within this window is a reload, not another click. */
const BEACON_WINDOW_MS = 30 * 60 * 1000;
/** The page's URL has a query the program's share parameter may be in (known once settings arrive). */
let queryWaiting = false;
let beaconSent = false;

/** This page's share-link click: the code in the URL and the cookie found before it was written. */
let click: { code: string; previous: string | null } | undefined;
let settingsRequested = false;
/** Settles when the cookie is final: written with the program's settings, or with the defaults. */
let ready: Promise<void> = Promise.resolve();

export function readCookie(): string | null {
  for (const pair of document.cookie.split(';')) {
    const [name, value] = pair.trim().split('=');
    if (name === COOKIE_NAME && value && CODE_FORMAT.test(value)) return value;
  }
  return null;
}

function writeCookie(code: string, days: number): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${COOKIE_NAME}=${code}; Max-Age=${Math.round(days * 86400)}; Path=/; SameSite=Lax${secure}`;
}

function apply(settings: CookieSettings): void {
  if (!click || (click.previous && !settings.lastClickWins)) return;
  writeCookie(click.code, settings.cookieDays);
}

/**
 * At load: a `?rsCode=` in the URL is stored with the program's rules when the script tag names the
 * tenant; otherwise at once with the default rules (first click kept, 365 days), and again with the
 * program's rules when a call names the tenant (tenantKnown). Without rsCode, a URL with a query waits
 * for the program's settings, whose shareParam (default `ref`) may hold a merchant-domain link's code.
 */
export function captureClick(): void {
  const code = new URLSearchParams(location.search).get('rsCode');
  if (!code || !CODE_FORMAT.test(code)) {
    // A share link on the merchant's own domain (?ref=CODE): the parameter's name is a program setting.
    queryWaiting = location.search.length > 1;
    if (queryWaiting && env.tenant) tenantKnown(env.tenant);
    return;
  }
  click = { code, previous: readCookie() };
  if (env.tenant) tenantKnown(env.tenant);
  else apply(DEFAULTS);
}

/**
 * Counts a merchant-domain share link's click at the gateway (POST /open/clicks, text/plain: no
 * preflight), once per page load and not again for a reload of the same URL within BEACON_WINDOW_MS
 * (sessionStorage; without it, once per page load).
 */
function sendClickBeacon(tenant: string, code: string): void {
  if (beaconSent) return;
  beaconSent = true;
  const key = `rs_click:${tenant}:${location.href}`;
  try {
    const last = Number(sessionStorage.getItem(key));
    if (last && Date.now() - last < BEACON_WINDOW_MS) return;
    sessionStorage.setItem(key, String(Date.now()));
  } catch {
    // storage blocked: the page-load guard above still holds
  }
  const url = `${env.api}${tenantPath(tenant)}/open/clicks`;
  if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url, code)) return;
  void fetch(url, { method: 'POST', body: code, credentials: 'omit', keepalive: true }).catch(() => {});
}

/** Settings arrived: a code in the program's share parameter is this page's click (then counted). */
function fromShareParam(tenant: string, settings: CookieSettings): void {
  if (click || !queryWaiting || !settings.shareParam) return;
  const code = new URLSearchParams(location.search).get(settings.shareParam);
  if (!code || !CODE_FORMAT.test(code)) return;
  click = { code, previous: readCookie() };
  sendClickBeacon(tenant, code);
}

/** The tenant became known (script tag or a call): apply its cookie lifetime and first/last-click rule. */
export function tenantKnown(tenant: string): void {
  if ((!click && !queryWaiting) || settingsRequested) return;
  settingsRequested = true;
  ready = request<CookieSettings>('GET', `${tenantPath(tenant)}/open/browser-settings`).then(
    (settings) => {
      fromShareParam(tenant, settings);
      apply({ ...DEFAULTS, ...settings });
    },
    () => apply(DEFAULTS), // the API cannot be reached: the click still counts
  );
}

/** The tracking code once this page's click is settled; the URL's code if cookies are blocked. */
export async function trackingCode(): Promise<string | null> {
  await ready;
  return readCookie() ?? click?.code ?? null;
}
