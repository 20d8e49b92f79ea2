/**
 * The program's browser settings: allowed origins (normalised), the tracking cookie's
 * lifetime and first/last-click rule, the website and the widget's headlines, through REST and GraphQL
 * with validation naming the field; and GET /open/browser-settings, public and served from the gateway
 * cache, which sees a change when it commits.
 */
import type { Knex } from 'knex';
import type { IssuedKey } from '../../../shared/domain/tenants/tenants';
import {
  createTestTenant,
  eventually,
  keyUsesRecorded,
  startTestGateway,
  type TestGateway,
} from '../../helpers/harness';
import { keyApi } from '../../helpers/api-client';

type Json = Record<string, any>;

let gw: TestGateway;
let tenant: IssuedKey;
beforeAll(async () => {
  gw = await startTestGateway();
  tenant = await createTestTenant(gw.deps.db, 'browser');
});
afterAll(() => gw.close());

const call = (method: string, path: string, body?: unknown, alias = tenant.alias) =>
  keyApi(gw, { alias, apiKey: tenant.apiKey }).call(method, path, body);

const gql = (query: string, variables: Json = {}) => keyApi(gw, tenant).gql(query, variables);

const paths = (body: Json) => (body.validationErrors as Json[]).map((v) => v.path).sort();

const BROWSER_FIELDS = `allowedOrigins referralCookieDays referralCookieLastClickWins websiteUrl widgetHeadline widgetSubheadline`;

describe('program settings', () => {
  test('defaults: no origins, a 365-day first-click cookie, no website, no headline overrides', async () => {
    const res = await call('GET', '/program');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      allowedOrigins: [],
      referralCookieDays: 365,
      referralCookieLastClickWins: false,
      websiteUrl: null,
      widgetHeadline: null,
      widgetSubheadline: null,
    });
  });

  test('PATCH stores them; origins are normalised and deduplicated; blank texts are null', async () => {
    const patch = {
      allowedOrigins: ['HTTPS://Shop.Example/', 'http://localhost:5173', 'https://shop.example:443'],
      referralCookieDays: 30,
      referralCookieLastClickWins: true,
      websiteUrl: 'https://shop.example/about?ref=landing',
      widgetHeadline: '  Give 15%, get 15%  ',
      widgetSubheadline: ' ',
    };
    const expected = {
      allowedOrigins: ['https://shop.example', 'http://localhost:5173'],
      referralCookieDays: 30,
      referralCookieLastClickWins: true,
      websiteUrl: 'https://shop.example/about?ref=landing',
      widgetHeadline: 'Give 15%, get 15%',
      widgetSubheadline: null,
    };
    const patched = await call('PATCH', '/program', patch);
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject(expected);
    expect((await call('GET', '/program')).body).toMatchObject(expected);
    // A later patch of other fields keeps them.
    expect((await call('PATCH', '/program', { name: 'Browser program' })).body).toMatchObject(expected);
  });

  test('GraphQL reads and updates the same settings', async () => {
    const updated = await gql(
      `mutation($input: ProgramInput!) { updateProgram(input: $input) { ${BROWSER_FIELDS} } }`,
      {
        input: {
          allowedOrigins: ['https://app.shop.example', 'http://127.0.0.1:8080/'],
          referralCookieDays: 90,
          referralCookieLastClickWins: false,
          websiteUrl: null,
          widgetHeadline: 'Share the love',
          widgetSubheadline: 'Friends get 15% off',
        },
      },
    );
    const expected = {
      allowedOrigins: ['https://app.shop.example', 'http://127.0.0.1:8080'],
      referralCookieDays: 90,
      referralCookieLastClickWins: false,
      websiteUrl: null,
      widgetHeadline: 'Share the love',
      widgetSubheadline: 'Friends get 15% off',
    };
    expect(updated).toEqual({ data: { updateProgram: expected } });
    expect(await gql(`{ program { ${BROWSER_FIELDS} } }`)).toEqual({ data: { program: expected } });
    expect((await call('GET', '/program')).body).toMatchObject(expected);
  });

  test('invalid values are 400 naming each field, and nothing changes', async () => {
    const before = (await call('GET', '/program')).body;
    const res = await call('PATCH', '/program', {
      allowedOrigins: [
        'https://shop.example',
        'https://shop.example/path',
        'https://*.shop.example',
        'ftp://shop.example',
        'null',
        'https://user@shop.example',
        'shop.example',
      ],
      referralCookieDays: 0,
      referralCookieLastClickWins: 'yes',
      websiteUrl: 'javascript:alert(1)',
      widgetHeadline: 'x'.repeat(201),
      widgetSubheadline: 42,
    });
    expect(res.status).toBe(400);
    expect(res.body.apiErrorCode).toBe('VALIDATION_FAILED');
    expect(paths(res.body)).toEqual([
      'allowedOrigins.1',
      'allowedOrigins.2',
      'allowedOrigins.3',
      'allowedOrigins.4',
      'allowedOrigins.5',
      'allowedOrigins.6',
      'referralCookieDays',
      'referralCookieLastClickWins',
      'websiteUrl',
      'widgetHeadline',
      'widgetSubheadline',
    ]);
    expect(res.body.validationErrors.find((v: Json) => v.path === 'allowedOrigins.1').message).toMatch(
      /must be an origin/,
    );

    const tooMany = Array.from({ length: 51 }, (_, i) => `https://shop${i}.example`);
    const limits = await call('PATCH', '/program', { allowedOrigins: tooMany, referralCookieDays: 731 });
    expect(limits.status).toBe(400);
    expect(paths(limits.body)).toEqual(['allowedOrigins', 'referralCookieDays']);

    const viaGraphql = await gql(
      'mutation($input: ProgramInput!) { updateProgram(input: $input) { allowedOrigins } }',
      { input: { allowedOrigins: ['https://shop.example/checkout'], referralCookieDays: 1000 } },
    );
    expect(viaGraphql.errors[0].extensions.code).toBe('VALIDATION_FAILED');
    expect(viaGraphql.errors[0].extensions.validationErrors.map((v: Json) => v.path).sort()).toEqual([
      'input.allowedOrigins.0',
      'input.referralCookieDays',
    ]);
    expect((await call('GET', '/program')).body).toEqual(before);
  });
});

describe('GET /open/browser-settings', () => {
  const settingsUrl = (alias: string) => `${gw.api(alias)}/open/browser-settings`;

  /** The settings once the gateway cache has seen the change (its notification arrives at commit). */
  async function settingsBecome(expected: Json) {
    let res: Response | undefined;
    await eventually(`browser settings ${JSON.stringify(expected)}`, async () => {
      res = await fetch(settingsUrl(tenant.alias), { headers: { origin: 'https://anywhere.example' } });
      return JSON.stringify(await res.json()) === JSON.stringify(expected);
    });
    return res!;
  }

  test('is public, readable from any origin and cacheable; it follows the program', async () => {
    await call('PATCH', '/program', { referralCookieDays: 45, referralCookieLastClickWins: true });
    const res = await settingsBecome({ cookieDays: 45, lastClickWins: true, shareParam: 'ref' });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();

    await call('PATCH', '/program', { referralCookieDays: 365, referralCookieLastClickWins: false });
    await settingsBecome({ cookieDays: 365, lastClickWins: false, shareParam: 'ref' });
  });

  test('a warm request runs no query', async () => {
    await fetch(settingsUrl(tenant.alias));
    await keyUsesRecorded(gw.deps.db, [tenant.alias]);
    const queries: string[] = [];
    const onQuery = (q: Knex.Sql) => queries.push(q.sql);
    gw.deps.db.on('query', onQuery);
    try {
      expect((await fetch(settingsUrl(tenant.alias))).status).toBe(200);
    } finally {
      gw.deps.db.off('query', onQuery);
    }
    expect(queries).toEqual([]);
  });

  test('an unknown tenant is the usual 404 JSON (readable from any origin); a bad alias is 400', async () => {
    const res = await fetch(settingsUrl('no_such_tenant'));
    expect(res.status).toBe(404);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(await res.json()).toMatchObject({ statusCode: 404, apiErrorCode: 'NOT_FOUND' });
    const bad = await fetch(settingsUrl('bad%20alias'));
    expect(bad.status).toBe(400);
    expect(paths((await bad.json()) as Json)).toEqual(['tenantAlias']);
  });
});
