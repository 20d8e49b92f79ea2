/**
 * The OpenAPI document (services/gateway/openapi/document.ts): valid OpenAPI 3.1 in shape, and one
 * operation for every route the gateway really serves, and no operation without a route.
 */
import Router from '@koa/router';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type Koa from 'koa';
import { version } from '../../package.json';
import { createApp } from '../../services/gateway/app';
import type { GatewayDeps } from '../../services/gateway/context';
import { buildOpenApiDocument, type OpenAPIObject } from '../../services/gateway/openapi/document';
import { listAppRoutes, UNDOCUMENTED_ROUTES } from '../../services/gateway/openapi/route-table';
import { loadConfig } from '../../shared/config';
import { API_ERROR_STATUS, type ApiErrorCode } from '../../shared/errors';
import { expectDocumentedAnswer } from '../helpers/openapi';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** The contract's operationIds: the SDK maps its methods to these. */
const CONTRACT_OPERATIONS = {
  getProgram: 'GET /api/v1/{tenantAlias}/program',
  updateProgram: 'PATCH /api/v1/{tenantAlias}/program',
  getUser: 'GET /api/v1/{tenantAlias}/open/account/{accountId}/user/{userId}',
  upsertUser: 'PUT /api/v1/{tenantAlias}/open/account/{accountId}/user/{userId}',
  getWidget: 'GET /api/v1/{tenantAlias}/open/account/{accountId}/user/{userId}/widget',
  getReferrerPayouts: 'GET /api/v1/{tenantAlias}/open/account/{accountId}/user/{userId}/payouts',
  setPayoutMethod: 'PUT /api/v1/{tenantAlias}/open/account/{accountId}/user/{userId}/payout-method',
  payoutWebhook: 'POST /api/v1/{tenantAlias}/payouts/{provider}/webhook',
  payoutOnboardingPage: 'GET /api/v1/{tenantAlias}/payouts/onboarding/{step}',
  getBrowserSettings: 'GET /api/v1/{tenantAlias}/open/browser-settings',
  logUserEvents: 'POST /api/v1/{tenantAlias}/open/account/{accountId}/user/{userId}/events',
  syncAccount: 'POST /api/v1/{tenantAlias}/accountsync',
  lookupCode: 'GET /api/v1/{tenantAlias}/code/{code}',
  getAccountRewards: 'GET /api/v1/{tenantAlias}/account/{accountId}/reward',
  associateDiscount: 'POST /api/v1/{tenantAlias}/discount',
  segmentWebhook: 'POST /api/v1/{tenantAlias}/integrations/segment',
  stripeWebhook: 'POST /api/v1/{tenantAlias}/processor/stripe/webhook',
  uploadFile: 'POST /api/v1/{tenantAlias}/export/upload',
  downloadFile: 'GET /api/v1/{tenantAlias}/export/download',
  braintreeWebhookChallenge: 'GET /api/v1/{tenantAlias}/processor/braintree/webhook',
  braintreeWebhook: 'POST /api/v1/{tenantAlias}/processor/braintree/webhook',
  graphqlGet: 'GET /api/v1/{tenantAlias}/graphql',
  graphqlPost: 'POST /api/v1/{tenantAlias}/graphql',
  healthz: 'GET /healthz',
  readyz: 'GET /readyz',
  metrics: 'GET /metrics',
  followShareLink: 'GET /r/{tenantAlias}/{code}',
  // Hosted pages.
  uploadProgramLogo: 'PUT /api/v1/{tenantAlias}/program/logo',
  removeProgramLogo: 'DELETE /api/v1/{tenantAlias}/program/logo',
  countShareLinkClick: 'POST /api/v1/{tenantAlias}/open/clicks',
  getProgramLogo: 'GET /logos/{tenantAlias}/{file}',
  getShareImage: 'GET /share-images/{tenantAlias}/{file}',
  getOpenApiDocument: 'GET /openapi.json',
  getApiReference: 'GET /docs',
  getGraphqlSchema: 'GET /schema.graphql',
  // Browser integration.
  checkReferralCode: 'GET /api/v1/{tenantAlias}/open/codes/{code}',
};

type Operation = Record<string, any>;

function operations(doc: OpenAPIObject): { key: string; path: string; op: Operation }[] {
  return Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
    METHODS.filter((m) => (item as Record<string, unknown>)[m]).map((m) => ({
      key: `${m.toUpperCase()} ${path}`,
      path,
      op: (item as Record<string, Operation>)[m]!,
    })),
  );
}

/** The gateway app with just enough dependencies to build its routers (nothing is called). */
function routingOnlyApp(): Koa<never> {
  const deps = {
    config: loadConfig({}),
    browserLibrary: {
      code: '',
      hash: '0000000000',
      gzipped: Buffer.alloc(0),
      gzipBytes: 0,
      widgetDrawing: {
        code: '',
        hash: '2222222222',
        fileName: 'referral-widget-2222222222.js',
        integrity: 'sha384-',
        gzipped: Buffer.alloc(0),
        gzipBytes: 0,
      },
    },
    adminPortal: {
      js: '',
      css: '',
      jsHash: '0000000000',
      cssHash: '1111111111',
      jsGzipped: Buffer.alloc(0),
      cssGzipped: Buffer.alloc(0),
    },
  } as unknown as GatewayDeps;
  return createApp(deps) as unknown as Koa<never>;
}

/** Routes without an operation and operations without a route, each named. */
function routeTableProblems(app: Koa<never>, doc: OpenAPIObject): string[] {
  const served = listAppRoutes(app).filter((route) => !UNDOCUMENTED_ROUTES.some((u) => u.matches(route)));
  const servedKeys = new Set(served.map((r) => `${r.method} ${r.path}`));
  const documented = new Set(operations(doc).map((o) => o.key));
  return [
    ...[...servedKeys]
      .filter((k) => !documented.has(k))
      .map((k) => `route without a documented operation: ${k}`),
    ...[...documented]
      .filter((k) => !servedKeys.has(k))
      .map((k) => `documented operation without a route: ${k}`),
  ];
}

const doc = buildOpenApiDocument();

describe('the OpenAPI document', () => {
  test('is OpenAPI 3.1 with the package version, security schemes and no catch-all response', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe(version);
    expect(Object.keys(doc.components?.securitySchemes ?? {}).sort()).toEqual(['apiKeyBasic', 'userJwt']);
    expect(doc.info.description).toMatch(/IDEMPOTENCY_KEY_USED/);
    expect(doc.info.description).toMatch(/BODY_LIMIT_BYTES/);
    for (const { key, op } of operations(doc)) {
      expect({ key, default: op.responses.default }).toEqual({ key, default: undefined });
      expect(Object.keys(op.responses).every((s) => /^[1-5]\d\d$/.test(s))).toBe(true);
      expect({
        key,
        summary: typeof op.summary,
        tags: op.tags?.length,
        security: Array.isArray(op.security),
      }).toEqual({
        key,
        summary: 'string',
        tags: 1,
        security: true,
      });
    }
  });

  test('has exactly the contract operationIds, each once, on the contract paths', () => {
    const ids = operations(doc).map((o) => o.op.operationId as string);
    expect(ids.length).toBe(new Set(ids).size);
    const byId = Object.fromEntries(operations(doc).map((o) => [o.op.operationId, o.key]));
    expect(byId).toEqual(CONTRACT_OPERATIONS);
  });

  test('declares every path parameter of every path, and no other', () => {
    const problems: string[] = [];
    for (const { key, path, op } of operations(doc)) {
      const inTemplate = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]).sort();
      const declared = (op.parameters ?? []).filter((p: any) => p.in === 'path');
      if (declared.some((p: any) => p.required !== true))
        problems.push(`${key}: a path parameter is not required`);
      const names = declared.map((p: any) => p.name).sort();
      if (JSON.stringify(names) !== JSON.stringify(inTemplate)) {
        problems.push(`${key}: declares ${names.join(',') || 'none'}, path has ${inTemplate.join(',')}`);
      }
      for (const p of op.parameters ?? []) {
        if (!p.name || !['path', 'query', 'header', 'cookie'].includes(p.in) || !p.schema) {
          problems.push(`${key}: malformed parameter ${JSON.stringify(p)}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  test('resolves every $ref, and every schema compiles as JSON Schema 2020-12', () => {
    const unresolved: string[] = [];
    const walk = (value: unknown, where: string): void => {
      if (Array.isArray(value)) value.forEach((v, i) => walk(v, `${where}/${i}`));
      else if (value && typeof value === 'object') {
        const ref = (value as { $ref?: unknown }).$ref;
        if (typeof ref === 'string') {
          const target = ref
            .replace(/^#\//, '')
            .split('/')
            .reduce<any>((node, part) => node?.[part.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
          if (!ref.startsWith('#/') || target === undefined) unresolved.push(`${where}: ${ref}`);
        }
        for (const [k, v] of Object.entries(value)) walk(v, `${where}/${k}`);
      }
    };
    walk(doc, '#');
    expect(unresolved).toEqual([]);

    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema({ $id: 'openapi.json', components: doc.components });
    for (const name of Object.keys(doc.components?.schemas ?? {})) {
      expect(() => ajv.getSchema(`openapi.json#/components/schemas/${name}`)).not.toThrow();
    }
  });

  test('error answers name their codes, and each code belongs to its status', () => {
    const problems: string[] = [];
    for (const { key, op } of operations(doc)) {
      for (const [status, response] of Object.entries<any>(op.responses)) {
        if (Number(status) < 400 || !response.content?.['application/json']) continue;
        const codes: ApiErrorCode[] = response['x-api-error-codes'] ?? [];
        if (codes.length === 0) problems.push(`${key} ${status}: no x-api-error-codes`);
        for (const code of codes) {
          if (API_ERROR_STATUS[code] !== Number(status))
            problems.push(`${key} ${status}: ${code} is ${API_ERROR_STATUS[code]}`);
        }
      }
      if (op.security.length > 0) {
        for (const status of ['401', '429', '503']) {
          if (!op.responses[status]) problems.push(`${key}: an authenticated operation without ${status}`);
        }
        if (!op.responses['401']?.headers?.['WWW-Authenticate'])
          problems.push(`${key}: 401 without WWW-Authenticate`);
        if (!op.responses['429']?.headers?.['Retry-After']) problems.push(`${key}: 429 without Retry-After`);
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('the route table and the document', () => {
  test('every route the gateway serves has its operation, and every operation its route', () => {
    const app = routingOnlyApp();
    expect(listAppRoutes(app).length).toBeGreaterThan(30);
    expect(routeTableProblems(app, doc)).toEqual([]);
  });

  test('a route planted without an operation, or an operation without a route, is named', () => {
    const app = routingOnlyApp();
    const planted = new Router({ prefix: '/api/v1/:tenantAlias' });
    planted.post('/planted/:thingId', (ctx) => {
      ctx.body = {};
    });
    app.use(planted.routes() as unknown as Koa.Middleware<never>);
    const orphan = structuredClone(doc);
    orphan.paths!['/api/v1/{tenantAlias}/ghost'] = { get: { operationId: 'ghost', responses: {} } };
    expect(routeTableProblems(app, orphan)).toEqual([
      'route without a documented operation: POST /api/v1/{tenantAlias}/planted/{thingId}',
      'documented operation without a route: GET /api/v1/{tenantAlias}/ghost',
    ]);
  });

  test('every exclusion has its reason', () => {
    for (const exclusion of UNDOCUMENTED_ROUTES) expect(exclusion.reason.length).toBeGreaterThan(20);
  });
});

describe('expectDocumentedAnswer (test/helpers/openapi.ts)', () => {
  const program = {
    alias: 'acme',
    name: 'Acme',
    mode: 'live',
    referredDiscountPercent: 10,
    referrerReward: { type: 'PCT_DISCOUNT', discountPercent: 10, amountCents: null, unit: null },
    maxReferrerDiscountPercent: 100,
    discountId: 'service_discount',
    landingUrl: null,
    conversionEventKey: null,
    paymentEventKey: null,
    allowedOrigins: [],
    referralCookieDays: 365,
    referralCookieLastClickWins: false,
    websiteUrl: null,
    widgetHeadline: null,
    widgetSubheadline: null,
    maxAttributionsPerReferrerPerHour: null,
    fraudPolicy: [],
    rewardHoldDays: 0,
    creditExpiryDays: null,
    shareMessage: null,
    shareEmailSubject: null,
    leaderboardEnabled: false,
    requireUserJwtExp: false,
    dateCreated: 1732280000000,
    signupUrl: null,
    shareLinkUrl: null,
    shareParam: 'ref',
    customHost: null,
    brandColor: null,
    landingHeadline: null,
    landingText: null,
    landingButtonText: null,
    logoHash: null,
    logoUrl: null,
  };
  const answer = (status: number, headers: Record<string, string> = {}) => ({
    status,
    headers: new Headers({
      'content-type': 'application/json; charset=utf-8',
      'x-request-id': 'req-12345678',
      ratelimit: '"tenant";r=1;t=1',
      'ratelimit-policy': '"tenant";q=1;w=1',
      ...headers,
    }),
  });
  const notFound = { statusCode: 404, message: 'gone', apiErrorCode: 'NOT_FOUND', requestId: 'req-12345678' };

  test('passes documented answers', () => {
    expect(() => expectDocumentedAnswer(doc, 'getProgram', answer(200), program)).not.toThrow();
    expect(() => expectDocumentedAnswer(doc, 'getProgram', answer(404), notFound)).not.toThrow();
  });

  test.each([
    ['an undocumented status', 418, {}, program, /does not document/],
    ['a member of the wrong type', 200, {}, { ...program, alias: 1 }, /breaks the application\/json schema/],
    ['an unknown member', 200, {}, { ...program, secret: 'x' }, /breaks the application\/json schema/],
    [
      'a missing member',
      200,
      {},
      { ...program, dateCreated: undefined },
      /breaks the application\/json schema/,
    ],
    ['a missing required header', 200, { ratelimit: '' }, program, /required header RateLimit/],
    ['another media type', 200, { 'content-type': 'text/html' }, '<p>', /Content-Type text\/html/],
    [
      'a code the status does not list',
      404,
      {},
      { ...notFound, apiErrorCode: 'USER_NOT_FOUND' },
      /not one of/,
    ],
    ['a statusCode that differs', 404, {}, { ...notFound, statusCode: 400 }, /statusCode 400/],
  ])('fails on %s', (_what, status, headers, body, message) => {
    const res = answer(status, headers);
    if ((headers as Record<string, string>).ratelimit === '') res.headers.delete('ratelimit');
    expect(() => expectDocumentedAnswer(doc, 'getProgram', res, body)).toThrow(message);
  });
});
