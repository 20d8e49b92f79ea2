import type { Middleware } from 'koa';
import { hashApiKey, matchesAnyKey } from '../../../shared/domain/tenants/api-keys';
import { keyPurpose } from '../../../shared/domain/tenants/api-key-scopes';
import { verifyUserJwt } from '../../../shared/domain/accounts/user-jwt';
import { AppError } from '../../../shared/errors';
import { tenantAliasSchema } from '../../../shared/ids';
import type { ActiveApiKey, TenantWithKeys } from '../../../shared/repos/tenants.repo';
import type { Authenticated, GatewayDeps, GatewayState, Principal } from '../context';
import { auditClientOf } from '../audit-client';
import { noteKeyAddress } from './key-addresses';
import { withinTenantShare } from './tenant-share';

const USER_TOKEN_HEADER = 'x-saasquatch-user-token';

/**
 * API keys already matched against a cached tenant row, so a warm request skips the SHA-256 (a good
 * part of a cached lookup's cost). Only keys that matched are kept, so a set holds at most the tenant's
 * active keys; it belongs to the row object, and a revocation reloads the row, so it starts empty again.
 */
const verifiedKeys = new WeakMap<TenantWithKeys, Map<string, ActiveApiKey>>();

/** Per cached tenant row: the hashes of its ordinary keys, the only ones that sign user JWTs. */
const jwtKeyHashes = new WeakMap<TenantWithKeys, Buffer[]>();

/**
 * The keys whose holders may sign user JWTs: not MCP keys, or an agent's key could mint a token for any
 * user and act on the user-JWT routes the key itself is refused on.
 */
function signingKeyHashes(tenant: TenantWithKeys | undefined): readonly Buffer[] {
  if (!tenant) return [];
  let hashes = jwtKeyHashes.get(tenant);
  if (!hashes) {
    hashes = tenant.keys.filter((key) => keyPurpose(key.scopes) === 'API').map((key) => key.hash);
    jwtKeyHashes.set(tenant, hashes);
  }
  return hashes;
}

/** The tenant's active key this is, or null (compared in constant time against every active key). */
function matchTenantKey(apiKey: string, tenant: TenantWithKeys | undefined): ActiveApiKey | null {
  const known = tenant && verifiedKeys.get(tenant)?.get(apiKey);
  if (known) return known;
  // Unknown tenants still compare against a dummy hash, so they cost the same as a wrong key.
  if (!matchesAnyKey(apiKey, tenant?.keyHashes ?? [])) return null;
  if (!tenant) return null;
  const hash = hashApiKey(apiKey);
  const key = tenant.keys.find((candidate) => candidate.hash.equals(hash));
  if (!key) return null;
  verifiedKeys.set(tenant, (verifiedKeys.get(tenant) ?? new Map()).set(apiKey, key));
  return key;
}

function unauthorized(allowUserJwt: boolean): AppError {
  const challenges = ['Basic realm="referral-service", charset="UTF-8"'];
  if (allowUserJwt) challenges.push('Bearer realm="referral-service"');
  return new AppError('UNAUTHORIZED', 'Missing or invalid credentials', {
    headers: { 'WWW-Authenticate': challenges.join(', ') },
  });
}

function unauthorizedMcp(): AppError {
  return new AppError('UNAUTHORIZED', 'Missing or invalid credentials', {
    headers: { 'WWW-Authenticate': 'Bearer realm="referral-service-mcp"' },
  });
}

/** The API key from HTTP Basic: as user name with an empty password, or as password with an empty user name. */
export function apiKeyFromBasic(header: string): string | null {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header);
  if (!match) return null;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  const user = decoded.slice(0, colon);
  const password = decoded.slice(colon + 1);
  if (user !== '' && password === '') return user;
  if (user === '' && password !== '') return password;
  return null;
}

function bearerToken(authorization: string): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
  return match ? match[1]! : null;
}

/**
 * Authenticates a request under /api/v1/:tenantAlias. Unknown tenants, wrong keys and another tenant's
 * key are indistinguishable 401s. With allowUserJwt, a user JWT is accepted too, and it may only act on
 * its own account and user: a path naming another (`:accountId`, `:userId`) is 403. The tenant and its
 * key hashes come from the gateway cache, which a key rotation or revocation invalidates at commit.
 */
export function authenticate(
  deps: Pick<GatewayDeps, 'cache' | 'config' | 'now' | 'rateLimiter' | 'db' | 'logger'>,
  options: { allowUserJwt?: boolean; mcp?: boolean } = {},
): Middleware<GatewayState & Authenticated> {
  const allowUserJwt = options.allowUserJwt ?? false;
  const mcp = options.mcp ?? false;
  return async (ctx, next) => {
    const params = (ctx as unknown as { params: Record<string, string> }).params;
    const alias = tenantAliasSchema.safeParse(params.tenantAlias);
    const authorization = ctx.get('authorization');
    // The MCP endpoint takes its key as a bearer token (what agents' configurations send), nothing else.
    const apiKey = mcp ? bearerToken(authorization) : apiKeyFromBasic(authorization);
    const userToken = mcp ? null : (bearerToken(authorization) ?? (ctx.get(USER_TOKEN_HEADER) || null));
    if (mcp && apiKey === null) throw unauthorizedMcp();
    if (!alias.success || (apiKey === null && (userToken === null || !allowUserJwt))) {
      throw mcp ? unauthorizedMcp() : unauthorized(allowUserJwt);
    }
    const tenant = await deps.cache.findTenant(alias.data);
    const keyHashes = signingKeyHashes(tenant);
    let principal: Principal | null = null;
    if (apiKey !== null) {
      const key = matchTenantKey(apiKey, tenant);
      if (key) principal = { kind: 'apiKey', keyId: key.id, prefix: key.prefix, scopes: key.scopes };
    } else if (userToken !== null) {
      const identity = verifyUserJwt(userToken, keyHashes, deps.now(), {
        maxLifetimeS: deps.config.USER_JWT_MAX_LIFETIME_S,
        requireExp: tenant?.require_user_jwt_exp ?? false,
      });
      if (identity) principal = { kind: 'user', ...identity };
    }
    if (!tenant || !principal) throw mcp ? unauthorizedMcp() : unauthorized(allowUserJwt);
    // An MCP key works only on the MCP endpoint, and only an MCP key works there (api-key-scopes.ts).
    if (principal.kind === 'apiKey' && (keyPurpose(principal.scopes) === 'MCP') !== mcp) {
      throw new AppError(
        'FORBIDDEN',
        mcp
          ? 'This endpoint takes an MCP key; create one under API keys, "For MCP (AI agents)"'
          : 'An MCP key works only on the MCP endpoint, /mcp',
      );
    }

    if (principal.kind === 'user') {
      const otherAccount = params.accountId !== undefined && params.accountId !== principal.accountId;
      const otherUser = params.userId !== undefined && params.userId !== principal.userId;
      if (otherAccount || otherUser) {
        throw new AppError('FORBIDDEN', 'The user token does not grant access to this account or user');
      }
    }
    ctx.state.tenant = { id: tenant.id, alias: tenant.alias, mode: tenant.mode };
    ctx.state.principal = principal;
    // The request's own child logger (requestContext): adding a binding in place is much cheaper than a
    // child of a child, whose parent V8 must first turn into a prototype (this route runs ~10k/s).
    ctx.state.log.setBindings({ tenantAlias: tenant.alias });
    // The tenant's token bucket, now that the request is the tenant's and before its body is read.
    deps.rateLimiter.enforce(ctx, tenant);
    if (principal.kind === 'apiKey') {
      const { keyId, prefix } = principal;
      noteKeyAddress(deps, {
        tenantId: tenant.id,
        keyId,
        prefix,
        seenAs: `${ctx.req.socket.remoteAddress ?? ''}|${ctx.get('x-forwarded-for')}`,
        client: () => auditClientOf(ctx, deps.config),
      });
    }
    await withinTenantShare(deps.config, tenant.id, next);
  };
}
