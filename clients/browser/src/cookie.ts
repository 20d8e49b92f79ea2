import { env } from './env';
import { request, tenantPath } from './http';

/** The first-party tracking cookie holding the referral code of a share link the visitor followed. */
export const COOKIE_NAME = 'rs_code';
/** Codes the cookie may hold; anything else in `?rsCode=` is ignored, like the API ignores unknown cookies. */
const CODE_FORMAT = /^[A-Za-z0-9_-]{1,64}$/;

interface CookieSettings {
  cookieDays: number;
  lastClickWins: boolean;
}
const DEFAULTS: CookieSettings = { cookieDays: 365, lastClickWins: false };

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
 * program's rules when a call names the tenant (tenantKnown).
 */
export function captureClick(): void {
  const code = new URLSearchParams(location.search).get('rsCode');
  if (!code || !CODE_FORMAT.test(code)) return;
  click = { code, previous: readCookie() };
  if (env.tenant) tenantKnown(env.tenant);
  else apply(DEFAULTS);
}

/** The tenant became known (script tag or a call): apply its cookie lifetime and first/last-click rule. */
export function tenantKnown(tenant: string): void {
  if (!click || settingsRequested) return;
  settingsRequested = true;
  ready = request<CookieSettings>('GET', `${tenantPath(tenant)}/open/browser-settings`).then(
    (settings) => apply({ ...DEFAULTS, ...settings }),
    () => apply(DEFAULTS), // the API cannot be reached: the click still counts
  );
}

/** The tracking code once this page's click is settled; the URL's code if cookies are blocked. */
export async function trackingCode(): Promise<string | null> {
  await ready;
  return readCookie() ?? click?.code ?? null;
}
