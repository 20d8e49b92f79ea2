import Router from '@koa/router';
import Koa from 'koa';
import type { GatewayDeps, GatewayState } from './context';
import { graphqlHandler } from './graphql/handler';
import { authenticate } from './middleware/auth';
import { installBodyTimeouts } from './middleware/body-timeouts';
import { errorHandler } from './middleware/errors';
import { requestContext } from './middleware/request-context';
import { adminAuditRoutes } from './routes/admin-audit.routes';
import { adminFileRoutes } from './routes/admin-files.routes';
import { adminTwoFactorRoutes } from './routes/admin-two-factor.routes';
import { adminPortalRoutes } from './routes/admin-portal.routes';
import { adminAccountRoutes } from './routes/admin-account.routes';
import { adminSessionRoutes } from './routes/admin-session.routes';
import { apiDocsRoutes } from './routes/api-docs.routes';
import { healthRoutes } from './routes/health.routes';
import { accountRoutes, codeLookupRoutes } from './routes/accounts.routes';
import { browserLibraryRoutes } from './routes/browser-library.routes';
import { browserSettingsRoutes } from './routes/browser-settings.routes';
import { eventRoutes } from './routes/events.routes';
import { fileRoutes } from './routes/files.routes';
import { integrationRoutes } from './routes/integrations.routes';
import { processorRoutes } from './routes/processor.routes';
import { programRoutes } from './routes/program.routes';
import { publicCodeRoutes } from './routes/public-codes.routes';
import { clickBeaconRoutes } from './routes/click-beacons.routes';
import { hostedImageRoutes, programLogoRoutes } from './routes/hosted-assets.routes';
import { customHostShareLinks, shareLinkRoutes } from './routes/share-links.routes';
import { unsubscribeRoutes } from './routes/unsubscribe.routes';
import { userRoutes } from './routes/users.routes';
import { widgetRoutes } from './routes/widget.routes';
import { payoutsRoutes } from './routes/payouts.routes';

const API_PREFIX = '/api/v1/:tenantAlias';

/** The API gateway as a Koa app, testable without listening. */
export function createApp(deps: GatewayDeps): Koa<GatewayState> {
  // Not `proxy: true`: that would believe X-Forwarded-* from anyone. A client's address comes from
  // client-address.ts, which believes only TRUSTED_PROXIES.
  const app = new Koa<GatewayState>();
  app.silent = true; // errors are logged by errorHandler with the request id
  // JSON, form and GraphQL bodies: 408 when they stall or take too long (middleware/body-timeouts.ts).
  installBodyTimeouts(app, deps.config);

  app.use(requestContext(deps));
  app.use(errorHandler());

  const health = healthRoutes(deps);
  app.use(health.routes());
  // A program's custom host: /{code} and /r/{code} are its share links.
  app.use(customHostShareLinks(deps));
  // The busiest API routes (user events and the cached code lookup) in a router of their own, matched
  // before the rest: running a request past the docs and the API router's ~45 routes took about 10 µs of
  // the gateway's CPU, a sixth of a cached lookup (bench:hot-paths, BENCHMARKS.md 2026-11-24 "evening").
  const hot = new Router<GatewayState>({ prefix: API_PREFIX });
  eventRoutes(hot, deps);
  codeLookupRoutes(hot, deps);
  // Browser integration: the public code endpoint (checkCode, friend-offer).
  publicCodeRoutes(hot, deps);
  app.use(hot.routes());
  // The API described: /openapi.json, /docs and /schema.graphql (no credentials).
  const docs = apiDocsRoutes();
  app.use(docs.routes());

  const api = new Router<GatewayState>({ prefix: API_PREFIX });
  api.all('/graphql', authenticate(deps), graphqlHandler(deps));
  programRoutes(api, deps);
  userRoutes(api, deps);
  widgetRoutes(api, deps);
  payoutsRoutes(api, deps);
  browserSettingsRoutes(api, deps);
  accountRoutes(api, deps);
  integrationRoutes(api, deps);
  fileRoutes(api, deps);
  processorRoutes(api, deps);
  // Hosted pages: the program's logo, and the merchant-domain share links' click beacon.
  programLogoRoutes(api, deps);
  clickBeaconRoutes(api, deps);

  const links = shareLinkRoutes(deps);
  const unsubscribe = unsubscribeRoutes(deps);
  const hostedImages = hostedImageRoutes(deps);
  const library = browserLibraryRoutes(deps);
  const admin = adminSessionRoutes(deps);
  const portal = adminPortalRoutes(deps);
  adminFileRoutes(admin, deps);
  adminTwoFactorRoutes(admin, deps);
  adminAccountRoutes(admin, deps);
  adminAuditRoutes(admin, deps);
  app.use(api.routes());
  app.use(admin.routes());
  // After the admin API: the portal's page answers every other GET under /admin/.
  app.use(portal.routes());
  app.use(links.routes());
  app.use(unsubscribe.routes());
  app.use(hostedImages.routes());
  app.use(library.routes());
  app.use(hot.allowedMethods());
  app.use(api.allowedMethods());
  app.use(links.allowedMethods());
  app.use(unsubscribe.allowedMethods());
  app.use(hostedImages.allowedMethods());
  app.use(library.allowedMethods());
  app.use(admin.allowedMethods());
  app.use(portal.allowedMethods());
  app.use(health.allowedMethods());
  app.use(docs.allowedMethods());
  return app;
}
