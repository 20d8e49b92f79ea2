import Router from '@koa/router';
import type { Middleware } from 'koa';
import { loginThrottleLimits } from '../../../shared/domain/operators/login-throttle';
import type { OperatorSession } from '../../../shared/domain/operators/operator-sessions';
import {
  operatorLogin,
  operatorLogout,
  sessionTwin,
  type SignedIn,
  type TwinView,
} from '../../../shared/use-cases/operator-login';
import { completeTwoFactorLogin } from '../../../shared/use-cases/operator-two-factor';
import { switchTenant } from '../../../shared/use-cases/operator-switch';
import { linkTwinAccount } from '../../../shared/use-cases/operator-twin-link';
import { auditClientOf } from '../audit-client';
import type { GatewayContext, GatewayDeps, GatewayState } from '../context';
import { graphqlHandler } from '../graphql/handler';
import { jsonBody, unauthenticatedJsonBody } from '../middleware/body';
import { assertSameOrigin, operatorSession, SESSION_COOKIE } from '../middleware/operator-session';
import { validate } from '../middleware/validate';
import { linkTwinBodySchema, loginBodySchema, twoFactorLoginBodySchema } from './admin-session.schema';

/**
 * The session cookie, written by hand rather than with ctx.cookies, whose `secure` refuses to send on a
 * connection Koa does not see as TLS (a proxy that terminates TLS without X-Forwarded-Proto).
 */
function sessionCookie(value: string, maxAgeS: number, secure: boolean): string {
  return cookie(SESSION_COOKIE, '/admin', value, maxAgeS, secure);
}

/**
 * The trusted-device cookie a successful sign-in sets: sent only to the sign-in
 * route, long-lived, HttpOnly, SameSite=Strict, Secure when the public URL is https.
 */
export const DEVICE_COOKIE = 'rs_admin_device';

function cookie(name: string, path: string, value: string, maxAgeS: number, secure: boolean): string {
  const parts = [`${name}=${value}`, `Path=${path}`, `Max-Age=${maxAgeS}`, 'HttpOnly', 'SameSite=Strict'];
  if (secure) parts.push('Secure');
  return parts.join('; ');
}

/** What sign-in, GET /session and switch-tenant answer; `twin` is the tenant a switch would go to. */
function sessionView(
  operator: { email: string; role: string },
  tenant: { alias: string; mode: string },
  csrfToken: string,
  twin: TwinView,
) {
  return {
    operator: { email: operator.email, role: operator.role },
    tenant: { alias: tenant.alias, mode: tenant.mode },
    csrfToken,
    twin,
  };
}

function noStore(ctx: GatewayContext): void {
  ctx.set('Cache-Control', 'no-store');
}

/**
 * The admin portal's API under /admin/api (outside /api/v1): sign-in, sign-out, the current session,
 * and GraphQL with the signed-in operator as principal (middleware/operator-session.ts).
 */
export function adminSessionRoutes(deps: GatewayDeps): Router<GatewayState> {
  const router = new Router<GatewayState>({ prefix: '/admin/api' });
  const secure = new URL(deps.config.publicUrl).protocol === 'https:';
  const signedIn = (ctx: GatewayContext, result: SignedIn) => {
    ctx.set('Set-Cookie', [
      sessionCookie(result.cookieValue, deps.config.ADMIN_SESSION_MAX_S, secure),
      cookie(
        DEVICE_COOKIE,
        '/admin/api/login',
        result.deviceCookieValue,
        deps.config.LOGIN_DEVICE_MAX_AGE_S,
        secure,
      ),
    ]);
    ctx.body = sessionView(result.operator, result.tenant, result.csrfToken, result.twin);
  };
  const session = operatorSession(deps);
  // Signing out and reading the session need no second factor, even where the tenant requires one.
  const anySession = operatorSession(deps, { beforeTwoFactor: true });
  // No session yet, so no token: a login from another site is refused by its Origin alone.
  const sameOriginOnly: Middleware<GatewayState> = async (ctx, next) => {
    assertSameOrigin(ctx.get('origin') || undefined, deps.config.publicUrl);
    await next();
  };

  // Read before the caller is known: a few KB under a short deadline.
  const unauthenticatedBody = unauthenticatedJsonBody(deps.config);

  router.post(
    '/login',
    sameOriginOnly,
    unauthenticatedBody,
    validate({ body: loginBodySchema }),
    async (ctx) => {
      const client = auditClientOf(ctx, deps.config);
      const result = await operatorLogin(deps, {
        ...ctx.state.input.body,
        address: client.address ?? '',
        client,
        deviceCookie: ctx.cookies.get(DEVICE_COOKIE) ?? undefined,
      });
      noStore(ctx);
      if ('challenge' in result) {
        // Two-factor sign-in is on: no session yet, the code goes to /login/two-factor with the challenge.
        ctx.body = {
          twoFactorRequired: true,
          challenge: result.challenge.token,
          expiresAt: result.challenge.expiresAt.toISOString(),
        };
        return;
      }
      signedIn(ctx, result);
    },
  );

  // The second step of a two-factor sign-in: the challenge and a TOTP code or a recovery code.
  router.post(
    '/login/two-factor',
    sameOriginOnly,
    unauthenticatedBody,
    validate({ body: twoFactorLoginBodySchema }),
    async (ctx) => {
      const result = await completeTwoFactorLogin(deps, {
        ...ctx.state.input.body,
        client: auditClientOf(ctx, deps.config),
        deviceCookie: ctx.cookies.get(DEVICE_COOKIE) ?? undefined,
      });
      noStore(ctx);
      signedIn(ctx, result);
    },
  );

  // Live <-> test twin without signing in again: a new cookie, the old session revoked.
  router.post('/switch-tenant', session, async (ctx) => {
    const result = await switchTenant(deps, ctx.state.adminSession, auditClientOf(ctx, deps.config));
    noStore(ctx);
    ctx.set('Set-Cookie', sessionCookie(result.cookieValue, deps.config.ADMIN_SESSION_MAX_S, secure));
    ctx.body = sessionView(result.operator, result.tenant, result.csrfToken, result.twin);
  });

  // Links the operator's account in the twin tenant after they prove its password (an e-mail match
  // alone never lets a session cross). The answer is the twin a switch now reaches.
  router.post(
    '/link-twin',
    session,
    jsonBody({ limit: deps.config.BODY_LIMIT_BYTES }),
    validate({ body: linkTwinBodySchema }, 'signed-in'),
    async (ctx) => {
      const twin = await linkTwinAccount(
        {
          db: deps.db,
          now: deps.now,
          limits: loginThrottleLimits(deps.config),
        },
        ctx.state.adminSession.session,
        { password: ctx.state.input.body.password, client: auditClientOf(ctx, deps.config) },
      );
      noStore(ctx);
      ctx.body = { twin };
    },
  );

  router.post('/logout', anySession, async (ctx) => {
    const { session: current, cookieValue } = ctx.state.adminSession;
    await operatorLogout(deps, cookieValue, current, auditClientOf(ctx, deps.config));
    noStore(ctx);
    ctx.set('Set-Cookie', sessionCookie('', 0, secure));
    ctx.status = 204;
  });

  router.get('/session', anySession, async (ctx) => {
    const current: OperatorSession = ctx.state.adminSession.session;
    const twin = await sessionTwin(deps.db, current);
    noStore(ctx);
    ctx.body = sessionView(current, current.tenant, current.csrfToken, twin);
  });

  router.all('/graphql', session, graphqlHandler(deps));
  return router;
}
