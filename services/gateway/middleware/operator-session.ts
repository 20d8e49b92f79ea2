import crypto from 'node:crypto';
import type { Middleware } from 'koa';
import { resolveSession } from '../../../shared/domain/operators/operator-sessions';
import { assertTwoFactorSatisfied } from '../../../shared/domain/operators/two-factor';
import { AppError } from '../../../shared/errors';
import type { GatewayDeps, GatewayState, SignedIn } from '../context';
import { withinTenantShare } from './tenant-share';

/** The admin portal's session cookie (HttpOnly, SameSite=Strict, Path=/admin). */
export const SESSION_COOKIE = 'rs_admin_session';
const CSRF_HEADER = 'x-csrf-token';

function csrfRejected(message: string): AppError {
  return new AppError('CSRF_REJECTED', message);
}

/**
 * A browser names the page's origin on every cross-site and every POST request; when it does, it must
 * be the gateway's own (PUBLIC_URL). Requests without Origin (curl, tests) rely on the CSRF token.
 */
export function assertSameOrigin(origin: string | undefined, publicUrl: string): void {
  if (origin === undefined || origin === '') return;
  if (origin !== new URL(publicUrl).origin) throw csrfRejected('Cross-site request refused');
}

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

/**
 * Authenticates an admin-portal request by its session cookie: the tenant and the operator come from
 * the session, never from the request, so a session acts on its own tenant whatever the request names.
 * No session, or an expired or revoked one: 401. A state-changing request (anything but GET and HEAD)
 * also needs the session's CSRF token in X-CSRF-Token and, when Origin is sent, the gateway's origin:
 * 403 CSRF_REJECTED otherwise, before anything runs. Where the tenant requires two-factor sign-in, an
 * operator who has not enrolled gets 403 TWO_FACTOR_REQUIRED except on routes marked `beforeTwoFactor`.
 */
export function operatorSession(
  deps: Pick<GatewayDeps, 'db' | 'config' | 'now'>,
  options: { beforeTwoFactor?: boolean } = {},
): Middleware<GatewayState & SignedIn> {
  return async (ctx, next) => {
    const safe = ctx.method === 'GET' || ctx.method === 'HEAD';
    if (!safe) assertSameOrigin(ctx.get('origin') || undefined, deps.config.publicUrl);
    const cookieValue = ctx.cookies.get(SESSION_COOKIE);
    const session = cookieValue
      ? await resolveSession(deps.db, cookieValue, deps.now(), { idleS: deps.config.ADMIN_SESSION_IDLE_S })
      : null;
    if (!cookieValue || !session)
      throw new AppError('UNAUTHORIZED', 'Not signed in, or the session has ended');
    if (!safe && !sameToken(ctx.get(CSRF_HEADER), session.csrfToken)) {
      throw csrfRejected('Missing or wrong X-CSRF-Token header');
    }
    // A tenant that requires two-factor sign-in: an operator without it may only enrol (and see the
    // session, sign out) until they have: 403 TWO_FACTOR_REQUIRED elsewhere.
    if (!options.beforeTwoFactor) {
      await assertTwoFactorSatisfied(deps.db, { id: session.operatorId, tenantId: session.tenant.id });
    }
    ctx.state.tenant = session.tenant;
    ctx.state.principal = {
      kind: 'operator',
      operatorId: session.operatorId,
      email: session.email,
      role: session.role,
    };
    ctx.state.adminSession = { session, cookieValue };
    ctx.state.log.setBindings({ tenantAlias: session.tenant.alias, operatorId: session.operatorId });
    await withinTenantShare(deps.config, session.tenant.id, next);
  };
}
