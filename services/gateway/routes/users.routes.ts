import type Router from '@koa/router';
import { identifyBodySchema, type IdentifyBody } from '../../../shared/domain/accounts/identification';
import {
  getUserView,
  presentUser,
  shareLink,
  type ShareLinkFormat,
} from '../../../shared/domain/accounts/user-view';
import { AppError } from '../../../shared/errors';
import type { GatewayDeps, GatewayState, Principal } from '../context';
import { identifyAndSettle } from '../../../shared/use-cases/identify-user';
import { clientAddressResolver } from '../client-address';
import { authenticate } from '../middleware/auth';
import { browserCors } from '../middleware/cors';
import { jsonBody } from '../middleware/body';
import { validate } from '../middleware/validate';
import { identifyRequestBodySchema, userPathSchema, userQuerySchema } from './users.schema';

/**
 * A user JWT is the browser's credential, so it may not decide money on its own: accountStatus and
 * paymentProviderId are taken from the token's signed claims, and a body value that disagrees is 403.
 */
function withSignedClaims(body: IdentifyBody, principal: Principal): IdentifyBody {
  if (principal.kind !== 'user') return body;
  const result = { ...body };
  for (const field of ['accountStatus', 'paymentProviderId'] as const) {
    const signed = principal.signed[field];
    if (body[field] !== undefined && body[field] !== signed) {
      throw new AppError(
        'FORBIDDEN',
        `${field} can only be set with the API key or inside the signed user token`,
      );
    }
    if (signed !== undefined) {
      const parsed = identifyBodySchema.shape[field].safeParse(signed);
      if (!parsed.success) throw new AppError('FORBIDDEN', `The user token's ${field} claim is invalid`);
      Object.assign(result, { [field]: parsed.data });
    }
  }
  return result;
}

/**
 * Identification (browser library `init`) and user reads; the tenant API key or that user's own JWT.
 * CORS for the program's allowedOrigins (middleware/cors.ts).
 */
export function userRoutes(router: Router<GatewayState>, deps: GatewayDeps): void {
  const link = (alias: string, code: string | null, format: ShareLinkFormat | undefined) =>
    shareLink(deps.config.publicUrl, alias, code, format);
  const clientAddress = clientAddressResolver(deps.config.TRUSTED_PROXIES);
  const cors = browserCors(deps, ['GET', 'PUT']);
  router.options('/open/account/:accountId/user/:userId', cors.preflight);

  router.get(
    '/open/account/:accountId/user/:userId',
    cors.actual,
    authenticate(deps, { allowUserJwt: true }),
    validate({ params: userPathSchema, query: userQuerySchema }, 'authenticated'),
    async (ctx) => {
      const { accountId, userId } = ctx.state.input.params;
      const tenant = ctx.state.tenant;
      const format = await deps.cache.programSettings(tenant);
      ctx.body = await getUserView(
        deps.db,
        tenant,
        { accountId, userId },
        deps.config.publicUrl,
        format,
        ctx.state.input.query.programId,
      );
    },
  );

  router.put(
    '/open/account/:accountId/user/:userId',
    cors.actual,
    authenticate(deps, { allowUserJwt: true }),
    jsonBody({ limit: deps.config.BODY_LIMIT_BYTES }),
    validate({ params: userPathSchema, body: identifyRequestBodySchema }, 'authenticated'),
    async (ctx) => {
      const { accountId, userId } = ctx.state.input.params;
      const tenant = ctx.state.tenant;
      const body = withSignedClaims(ctx.state.input.body, ctx.state.principal);
      // A browser's own address counts for SAME_CLIENT; an API-key call comes from the merchant's server.
      const format = await deps.cache.programSettings(tenant);
      const seen = ctx.state.principal.kind === 'user' ? { address: clientAddress(ctx.req) } : {};
      const { user, account, referral, refused, shareCode } = await identifyAndSettle(
        deps,
        tenant,
        { accountId, userId },
        body,
        (code) => link(tenant.alias, code, format),
        seen,
      );
      // With programId, the user's code in that program.
      const shown = { ...user, share_code: shareCode };
      ctx.body = presentUser(shown, account, referral, link(tenant.alias, shareCode, format), refused);
    },
  );
}
