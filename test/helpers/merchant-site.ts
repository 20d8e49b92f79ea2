import http from 'node:http';
import { closeServer, listen } from '../../shared/http';
import { eventually } from './harness';
import { userToken, type ReferralApi } from './referrals';

/** One page of the merchant's site: inline scripts before and after the library's tag, and a body. */
export interface MerchantPage {
  /** Runs before the library's script tag (e.g. the queue form: `_sqh.push(...)`). */
  before?: string;
  body?: string;
  /** Runs at the end of the body. */
  after?: string;
  /** `async` (the default, as docs/browser.md's snippet) or `sync`: the promise API is usable in `after`. */
  load?: 'async' | 'sync';
  /** Leave the library out (a page of the site that does not load it). */
  noLibrary?: boolean;
  /** The page's Content-Security-Policy header, and the nonce every script tag of the page carries. */
  csp?: string;
  nonce?: string;
}

export interface MerchantSite {
  /** http://127.0.0.1:<port>: another origin than the gateway's. */
  origin: string;
  url(pathAndQuery: string): string;
  /** Serves `page` at `pathname` (any query string). */
  page(pathname: string, page: MerchantPage): void;
  close(): Promise<void>;
}

export interface MerchantOptions {
  gatewayUrl: string;
  tenantAlias: string;
  /** The tenant's API key: the merchant's server signs user JWTs with it, as docs/browser.md says. */
  apiKey: string;
}

/**
 * A merchant's website on its own port: HTML pages that load the browser library from the gateway
 * (`<script src="{gateway}/js/referral.js" data-tenant="...">`), and its server's endpoint
 * `GET /jwt?accountId=&userId=[&accountStatus=PAID]` answering `{ jwt }` for its logged-in user, which
 * is how a real merchant hands a user JWT to its pages (the API key never reaches the browser); every
 * page has `window.merchantJwt(claims)` calling it.
 * `/landing` is served by default: the program's landing URL, a page that only loads the library.
 */
export async function startMerchantSite(options: MerchantOptions): Promise<MerchantSite> {
  const pages = new Map<string, MerchantPage>([['/landing', { body: '<h1>Welcome to the shop</h1>' }]]);
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://merchant.test');
    if (url.pathname === '/jwt') {
      const accountId = url.searchParams.get('accountId') ?? '';
      const userId = url.searchParams.get('userId') ?? '';
      const status = url.searchParams.get('accountStatus');
      const jwt = userToken(options.apiKey, accountId, userId, status ? { accountStatus: status } : {});
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      res.end(JSON.stringify({ jwt }));
      return;
    }
    const page = pages.get(url.pathname);
    if (!page) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not found');
      return;
    }
    res.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      ...(page.csp ? { 'content-security-policy': page.csp } : {}),
    });
    res.end(render(page, options));
  });
  const port = await listen(server, 0, '127.0.0.1');
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    url: (pathAndQuery) => `${origin}${pathAndQuery}`,
    page: (pathname, page) => void pages.set(pathname, page),
    close: () => closeServer(server),
  };
}

/**
 * PATCHes the program and waits until the gateway's tenant cache (fed by LISTEN/NOTIFY) answers a CORS
 * preflight from each of `allowedOrigins`, so the browser's first request already sees the change.
 */
export async function configureProgram(api: ReferralApi, patch: Record<string, unknown>): Promise<void> {
  const res = await api.call('PATCH', '/program', patch);
  if (res.status !== 200) throw new Error(`PATCH /program: ${res.status} ${JSON.stringify(res.body)}`);
  const origins = (patch.allowedOrigins as string[] | undefined) ?? [];
  for (const origin of origins) {
    await eventually(`the gateway allows ${origin}`, async () => {
      const preflight = await fetch(`${api.gw.api(api.tenant.alias)}/open/account/a/user/u`, {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'PUT',
          'access-control-request-headers': 'authorization,content-type',
        },
      });
      return preflight.headers.get('access-control-allow-origin') === origin;
    });
  }
}

function render(page: MerchantPage, options: MerchantOptions): string {
  const script = page.nonce ? `<script nonce="${page.nonce}"` : '<script';
  const library = page.noLibrary
    ? ''
    : `${script} ${page.load === 'sync' ? '' : 'async '}src="${options.gatewayUrl}/js/referral.js" ` +
      `data-tenant="${options.tenantAlias}"></script>`;
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1"><title>Test shop</title>',
    // No favicon request, whose 404 would log a console error.
    '<link rel="icon" href="data:,">',
    // How the merchant's pages get their user's JWT from the merchant's server.
    `${script}>window.merchantJwt = async (claims) => ` +
      "(await (await fetch('/jwt?' + new URLSearchParams(claims))).json()).jwt;</script>",
    page.before ? `${script}>${page.before}</script>` : '',
    library,
    '</head><body>',
    page.body ?? '',
    page.after ? `${script}>${page.after}</script>` : '',
    '</body></html>',
  ].join('\n');
}
