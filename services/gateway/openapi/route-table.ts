import type Koa from 'koa';

/** One route the app really serves: an upper-case method and an OpenAPI-style path (`{param}`). */
export interface AppRoute {
  method: string;
  path: string;
}

interface RouterLayer {
  methods: string[];
  path: string | RegExp;
}

/** `:name` → `{name}` (path-to-regexp's parameters as OpenAPI writes them). */
export function toOpenApiPath(koaPath: string): string {
  return koaPath.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

/**
 * Every method and path of the @koa/router routers mounted on `app`: each `router.routes()` dispatcher
 * carries its router, whose stack holds the layers (prefix applied). HEAD is left out: @koa/router adds
 * it to every GET, and it answers as GET does. Layers without methods (router.use) are middleware.
 */
export function listAppRoutes(app: Koa<never>): AppRoute[] {
  const routes = new Map<string, AppRoute>();
  for (const middleware of app.middleware as unknown as { router?: { stack: RouterLayer[] } }[]) {
    for (const layer of middleware.router?.stack ?? []) {
      const path = typeof layer.path === 'string' ? toOpenApiPath(layer.path) : String(layer.path);
      for (const method of layer.methods.map((m) => m.toUpperCase())) {
        if (method === 'HEAD') continue;
        routes.set(`${method} ${path}`, { method, path });
      }
    }
  }
  return [...routes.values()];
}

/** What the document must not describe, and why. */
export const UNDOCUMENTED_ROUTES: { matches: (route: AppRoute) => boolean; reason: string }[] = [
  {
    matches: (r) => r.path === '/admin' || r.path.startsWith('/admin/'),
    reason:
      "The admin portal's own pages and API (operator session cookie and CSRF token): internal to the portal, not an integration API.",
  },
  {
    matches: (r) => r.path.startsWith('/js/'),
    reason: 'The browser library files (merchants load them with <script>).',
  },
  {
    matches: (r) => r.path.startsWith('/static/'),
    reason: "The hosted landing page's stylesheet and script.",
  },
  {
    matches: (r) => r.path.startsWith('/brand/'),
    reason: "A brand colour's stylesheet for the hosted pages (/brand/{rrggbb}.css).",
  },
  {
    matches: (r) => r.path.startsWith('/u/'),
    reason:
      'One-click unsubscribe from notification e-mails (RFC 8058): the link in List-Unsubscribe and its confirmation page, not an integration API.',
  },
  {
    matches: (r) => r.path.startsWith('/docs/assets/'),
    reason: "The API reference page's own files (Swagger UI).",
  },
  {
    matches: (r) => r.method === 'OPTIONS',
    reason: 'CORS preflights (answered for browsers, before authentication).',
  },
  {
    matches: (r) => r.path === '/api/v1/{tenantAlias}/graphql' && r.method !== 'GET' && r.method !== 'POST',
    reason:
      'GraphQL is mounted with router.all; graphql-http answers every method but GET and POST 405 with Allow.',
  },
];
