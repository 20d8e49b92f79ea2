/**
 * Share links without a landing URL: the hosted landing page (every value escaped, a strict
 * CSP, its CSS and script from the gateway with cache headers), the friendly 404 page, and visits counted
 * per code and day in memory, written in one batch per flush (never per request) and at shutdown.
 */
import { createDb } from '../../../shared/db/knex';
import type { IssuedKey } from '../../../shared/domain/tenants/tenants';
import {
  basic,
  createTestTenant,
  eventually,
  startTestGateway,
  testConfig,
  type TestGateway,
} from '../../helpers/harness';

type Json = Record<string, any>;

const CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
const XSS = '<img src=x onerror=alert(1)>';

async function call(gw: TestGateway, tenant: IssuedKey, method: string, path: string, body?: unknown) {
  const res = await fetch(`${gw.api(tenant.alias)}${path}`, {
    method,
    headers: { authorization: basic(tenant.apiKey), 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as Json;
}

/** A user of the tenant with a share code. */
async function codeOf(gw: TestGateway, tenant: IssuedKey, body: Json) {
  const id = `u-${Math.random().toString(36).slice(2, 10)}`;
  return (await call(gw, tenant, 'PUT', `/open/account/a-${id}/user/${id}`, body)).shareCode as string;
}

const visit = (gw: TestGateway, alias: string, code: string, method = 'GET') =>
  fetch(`${gw.url}/r/${alias}/${code}`, { method, redirect: 'manual' });

async function clickRows(db: TestGateway['deps']['db'], tenant: IssuedKey) {
  const rows = await db('share_link_clicks as c')
    .join('tenants as t', 't.id', 'c.tenant_id')
    .where('t.alias', tenant.alias)
    .orderBy(['c.day', 'c.code'])
    .select('c.code', db.raw("to_char(c.day, 'YYYY-MM-DD') as day"), 'c.clicks');
  return rows.map((r: Json) => ({ code: r.code, day: r.day, clicks: Number(r.clicks) }));
}

describe('hosted pages', () => {
  let gw: TestGateway;
  let tenant: IssuedKey;
  beforeAll(async () => {
    gw = await startTestGateway();
    tenant = await createTestTenant(gw.deps.db, 'landing');
  });
  afterAll(() => gw.close());

  test('a program without a landing URL shows the landing page, every value as text', async () => {
    await call(gw, tenant, 'PATCH', '/program', {
      name: 'Acme & "Co" <Rewards>',
      referredDiscountPercent: 10,
      websiteUrl: 'https://shop.example/?a=1&b="2"',
    });
    const code = await codeOf(gw, tenant, { firstName: XSS, lastName: 'Doe', email: 'x@example.com' });
    let page = '';
    let res: Response | undefined;
    await eventually('the page shows the program', async () => {
      res = await visit(gw, tenant.alias, code);
      page = await res.text();
      return page.includes('https://shop.example/');
    });
    expect(res!.status).toBe(200);
    expect(Object.fromEntries(res!.headers)).toMatchObject({
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': CSP,
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'x-frame-options': 'DENY',
      'cache-control': 'no-store',
    });
    expect(page).toMatch(/^<!doctype html>\n<html lang="en">/);
    expect(page).toContain('<h1>&lt;img src=x onerror=alert(1)&gt; gave you 10% off</h1>');
    expect(page).not.toContain('<img');
    expect(page).toContain('Acme &amp; &quot;Co&quot; &lt;Rewards&gt;');
    expect(page).toContain(
      `<code class="code" id="code" tabindex="0" aria-labelledby="code-label">${code}</code>`,
    );
    // The continue link keeps the site's own query (re-encoded by URL) and carries the code.
    expect(page).toContain(`href="https://shop.example/?a=1&amp;b=%222%22&amp;rsCode=${code}"`);
    expect(page).not.toContain('x@example.com');
    // No inline script or style: only the gateway's own files.
    expect(page.match(/<script[^>]*>/g)).toEqual([
      expect.stringMatching(/^<script src="\/static\/landing\.js\?v=[\w-]+" defer>$/),
    ]);
    expect(page).not.toMatch(/style=|<style/);
  });

  test('without a name or a discount the offer reads sensibly; no website link when none is set', async () => {
    await call(gw, tenant, 'PATCH', '/program', {
      name: 'Plain',
      referredDiscountPercent: 0,
      websiteUrl: null,
    });
    const code = await codeOf(gw, tenant, { email: 'nobody@example.com' });
    await eventually('the page shows the program', async () => {
      const page = await (await visit(gw, tenant.alias, code)).text();
      return page.includes('<h1>You&#39;ve been invited to Plain</h1>') && !page.includes('class="website"');
    });
  });

  test('the page’s CSS and script are served with cache headers and ETags', async () => {
    const code = await codeOf(gw, tenant, { firstName: 'Jane' });
    const page = await (await visit(gw, tenant.alias, code)).text();
    const hrefs = [...page.matchAll(/(?:href|src)="(\/static\/[^"]+)"/g)].map((m) => m[1]!);
    expect(hrefs).toHaveLength(2);
    for (const href of hrefs) {
      const res = await fetch(`${gw.url}${href}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe(
        href.includes('.css') ? 'text/css; charset=utf-8' : 'text/javascript; charset=utf-8',
      );
      expect(res.headers.get('cache-control')).toBe('public, max-age=86400');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect((await res.text()).length).toBeGreaterThan(100);
      const etag = res.headers.get('etag')!;
      expect(href).toContain(`?v=${etag.slice(1, -1)}`);
      const again = await fetch(`${gw.url}${href}`, { headers: { 'if-none-match': etag } });
      expect(again.status).toBe(304);
    }
    expect((await fetch(`${gw.url}/static/nothing.js`)).status).toBe(404);
  });

  test('an unknown link is a friendly HTML 404 page with the same headers', async () => {
    const res = await visit(gw, tenant.alias, 'NOSUCHCODE9');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('content-security-policy')).toBe(CSP);
    const page = await res.text();
    expect(page).toContain('<h1>This link doesn&#39;t work</h1>');
    expect(page).not.toContain('NOSUCHCODE9');
  });

  test('a program with a landing URL still redirects with rsCode', async () => {
    await call(gw, tenant, 'PATCH', '/program', { landingUrl: 'https://shop.example/join' });
    const code = await codeOf(gw, tenant, { firstName: 'Jane' });
    await eventually('the redirect', async () => {
      const res = await visit(gw, tenant.alias, code);
      return res.status === 302 && res.headers.get('location') === `https://shop.example/join?rsCode=${code}`;
    });
  });
});

describe('click counting', () => {
  test('visits are counted per code and day and written only when flushed, in one row', async () => {
    let now = Date.parse('2031-05-04T23:59:00Z');
    const gw = await startTestGateway({ config: testConfig({ CLICK_FLUSH_MS: '3600000' }), now: () => now });
    const db = createDb({ url: gw.deps.config.databaseUrl, poolMax: 1 });
    let closed = false;
    try {
      const tenant = await createTestTenant(gw.deps.db, 'clicks');
      const [jane, john] = [
        await codeOf(gw, tenant, { firstName: 'Jane' }),
        await codeOf(gw, tenant, { firstName: 'John' }),
      ];
      for (let i = 0; i < 50; i += 1)
        expect((await visit(gw, tenant.alias, i % 2 ? jane : jane.toLowerCase())).status).toBe(200);
      await visit(gw, tenant.alias, john);
      // Not counted: an unknown code, an unknown tenant, a HEAD.
      await visit(gw, tenant.alias, 'NOSUCHCODE');
      await visit(gw, 'no_such_tenant', jane);
      await visit(gw, tenant.alias, jane, 'HEAD');
      expect(await clickRows(db, tenant)).toEqual([]);

      const statements: string[] = [];
      const onQuery = (q: { sql: string }) => statements.push(q.sql);
      gw.deps.db.on('query', onQuery);
      await gw.deps.clicks.flush();
      gw.deps.db.off('query', onQuery);
      expect(statements).toEqual([expect.stringMatching(/^insert into share_link_clicks/)]);
      expect(await clickRows(db, tenant)).toEqual([
        { code: jane, day: '2031-05-04', clicks: 50 },
        { code: john, day: '2031-05-04', clicks: 1 },
      ]);

      // Counts add up across flushes and split at midnight (UTC); close() writes what is left.
      await visit(gw, tenant.alias, jane);
      await gw.deps.clicks.flush();
      now += 120_000;
      for (let i = 0; i < 3; i += 1) await visit(gw, tenant.alias, jane);
      closed = true;
      await gw.close();
      expect(await clickRows(db, tenant)).toEqual([
        { code: jane, day: '2031-05-04', clicks: 51 },
        { code: john, day: '2031-05-04', clicks: 1 },
        { code: jane, day: '2031-05-05', clicks: 3 },
      ]);
    } finally {
      if (!closed) await gw.close();
      await db.destroy();
    }
  });

  test('with a short interval the counts are written on their own', async () => {
    const gw = await startTestGateway({ config: testConfig({ CLICK_FLUSH_MS: '100' }) });
    try {
      const tenant = await createTestTenant(gw.deps.db, 'flush');
      const code = await codeOf(gw, tenant, { firstName: 'Jane' });
      for (let i = 0; i < 5; i += 1) await visit(gw, tenant.alias, code);
      await eventually('the clicks are written', async () => {
        const rows = await clickRows(gw.deps.db, tenant);
        return rows.length === 1 && rows[0]!.clicks === 5;
      });
    } finally {
      await gw.close();
    }
  });
});
