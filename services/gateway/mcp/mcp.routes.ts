import { finished } from 'node:stream/promises';
import Router from '@koa/router';
import type { Middleware } from 'koa';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { MCP_WRITE } from '../../../shared/domain/tenants/api-key-scopes';
import { auditClientOf } from '../audit-client';
import type { Authenticated, GatewayDeps, GatewayState } from '../context';
import { authenticate } from '../middleware/auth';
import { jsonBody } from '../middleware/body';
import { registerReadTools } from './read-tools';
import type { McpToolContext } from './tool-result';
import { registerWriteTools } from './write-tools';
import { tenantFromMcpKey } from './mcp-tenant';

export const MCP_SERVER_INFO = { name: 'referral-service', version: '1.0.0' };

/** The MCP server one request talks to: the read tools, and the write tools for a key with MCP_WRITE. */
export function buildMcpServer(ctx: McpToolContext): McpServer {
  const server = new McpServer(MCP_SERVER_INFO, {
    instructions:
      'Tools of one referral program (its tenant). Reads answer at once. Changes that move money or decide a review become pending actions that an owner or admin approves in the portal; check them with agent_action_status.',
  });
  registerReadTools(server, ctx);
  if (ctx.key.scopes.includes(MCP_WRITE)) registerWriteTools(server, ctx);
  return server;
}

/**
 * `POST /mcp` and `POST /api/v1/:tenantAlias/mcp`: the Model Context Protocol over Streamable HTTP
 * (docs/mcp.md), for an MCP key only (`Authorization: Bearer <key>`). At `/mcp` the key names its
 * tenant (mcp-tenant.ts); under the tenant's API path the alias does. Stateless: each request gets its
 * own server and transport, built after authentication and dropped when answered, so no client holds a
 * session or memory here, and an unauthenticated one is refused (401) before any MCP code runs. The
 * tenant's rate limit and share of the gateway apply as on the API (authenticate). GET (a server-sent
 * stream) and DELETE (a session's end) have nothing to serve without sessions: 405.
 */
export function mcpRoutes(router: Router<GatewayState>, deps: GatewayDeps): void {
  router.post(
    '/mcp',
    authenticate(deps, { mcp: true }),
    jsonBody({ limit: deps.config.BODY_LIMIT_BYTES }),
    mcpHandler(deps),
  );
}

/** `/mcp` at the gateway's root, where the MCP key alone names the tenant. */
export function mcpRootRoutes(deps: GatewayDeps): Router<GatewayState> {
  const router = new Router<GatewayState>();
  router.post(
    '/mcp',
    tenantFromMcpKey(deps),
    authenticate(deps, { mcp: true }),
    jsonBody({ limit: deps.config.BODY_LIMIT_BYTES }),
    mcpHandler(deps),
  );
  return router;
}

function mcpHandler(deps: GatewayDeps): Middleware<GatewayState> {
  return async (ctx) => {
    const { tenant, principal } = ctx.state as GatewayState & Authenticated;
    if (principal.kind !== 'apiKey') return;
    const server = buildMcpServer({
      deps,
      tenant,
      key: { keyId: principal.keyId, prefix: principal.prefix, scopes: principal.scopes },
      client: auditClientOf(ctx, deps.config),
      log: ctx.state.log,
      requestId: ctx.state.requestId,
    });
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    try {
      await server.connect(transport);
      ctx.respond = false;
      try {
        await transport.handleRequest(ctx.req, ctx.res, ctx.request.body);
      } catch (err) {
        // Nothing written yet: the gateway's error answer; otherwise the half-written answer is cut.
        if (ctx.res.headersSent) ctx.res.destroy();
        else ctx.respond = true;
        throw err;
      }
      // Held (and counted in the tenant's share) until the answer is written.
      await finished(ctx.res).catch(() => undefined);
    } finally {
      await server.close();
    }
  };
}
