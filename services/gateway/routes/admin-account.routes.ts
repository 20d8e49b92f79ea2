import Router from '@koa/router';
import type { Middleware } from 'koa';
import { setPasswordWithLink } from '../../../shared/domain/operators/operator-access';
import { changeOwnPassword, signOutEverywhere } from '../../../shared/domain/operators/operator-password';
import { sessionTokenHash } from '../../../shared/domain/operators/operator-sessions';
import { auditClientOf } from '../audit-client';
import type { GatewayContext, GatewayDeps, GatewayState } from '../context';
import { jsonBody, unauthenticatedJsonBody } from '../middleware/body';
import { assertSameOrigin, operatorSession, SESSION_COOKIE } from '../middleware/operator-session';
import { validate } from '../middleware/validate';
import { changePasswordBodySchema, setPasswordBodySchema } from './admin-account.schema';

function noStore(ctx: GatewayContext): void {
  ctx.set('Cache-Control', 'no-store');
}

function clearSessionCookie(secure: boolean): string {
  return `${SESSION_COOKIE}=; Path=/admin; Max-Age=0; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
}

/**
 * Operators' own accounts, on the /admin/api router:
 * - POST /set-password (public): a one-time link's token and a new password; the operator becomes
 *   active and is sent to sign in (answer: their tenant and e-mail, to fill the sign-in form);
 * - POST /change-password: the current password is required; the operator's other sessions end;
 * - POST /logout-everywhere: ends every session of the operator, this one included.
 */
export function adminAccountRoutes(router: Router<GatewayState>, deps: GatewayDeps): void {
  const secure = new URL(deps.config.publicUrl).protocol === 'https:';
  const session = operatorSession(deps);
  const sameOriginOnly: Middleware<GatewayState> = async (ctx, next) => {
    assertSameOrigin(ctx.get('origin') || undefined, deps.config.publicUrl);
    await next();
  };

  router.post(
    '/set-password',
    sameOriginOnly,
    unauthenticatedJsonBody(deps.config),
    validate({ body: setPasswordBodySchema }),
    async (ctx) => {
      const { token, password } = ctx.state.input.body;
      const result = await setPasswordWithLink(
        deps.db,
        { token, password, client: auditClientOf(ctx, deps.config) },
        deps.now(),
      );
      noStore(ctx);
      ctx.body = { tenantAlias: result.tenantAlias, email: result.operator.email };
    },
  );

  router.post(
    '/change-password',
    session,
    jsonBody({ limit: deps.config.BODY_LIMIT_BYTES }),
    validate({ body: changePasswordBodySchema }, 'signed-in'),
    async (ctx) => {
      const { session: current, cookieValue } = ctx.state.adminSession;
      const result = await changeOwnPassword(
        deps.db,
        { tenantId: current.tenant.id, operatorId: current.operatorId, email: current.email },
        {
          ...ctx.state.input.body,
          keepTokenHash: sessionTokenHash(cookieValue),
          client: auditClientOf(ctx, deps.config),
        },
        deps.now(),
      );
      noStore(ctx);
      ctx.body = result;
    },
  );

  router.post('/logout-everywhere', session, async (ctx) => {
    const { session: current } = ctx.state.adminSession;
    await signOutEverywhere(
      deps.db,
      { tenantId: current.tenant.id, operatorId: current.operatorId, email: current.email },
      { client: auditClientOf(ctx, deps.config) },
      deps.now(),
    );
    noStore(ctx);
    ctx.set('Set-Cookie', clearSessionCookie(secure));
    ctx.status = 204;
  });
}
