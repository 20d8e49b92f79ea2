import type Router from '@koa/router';
import { AppError } from '../../../shared/errors';
import {
  confirmEnrolment,
  disableTwoFactor,
  setRequireTwoFactor,
  startEnrolment,
  twoFactorStatus,
} from '../../../shared/use-cases/operator-two-factor-settings';
import { auditClientOf } from '../audit-client';
import type { GatewayContext, GatewayDeps, GatewayState, SignedIn } from '../context';
import { jsonBody } from '../middleware/body';
import { operatorSession } from '../middleware/operator-session';
import { validate } from '../middleware/validate';
import { requireTwoFactorBodySchema, twoFactorCodeBodySchema } from './admin-session.schema';

function operatorOf(ctx: { state: SignedIn }) {
  const s = ctx.state.adminSession.session;
  return {
    id: s.operatorId,
    email: s.email,
    tenantId: s.tenant.id,
    tenantAlias: s.tenant.alias,
    role: s.role,
  };
}

/**
 * The signed-in operator's two-factor sign-in under /admin/api/two-factor: the status, enrolment (the
 * secret and otpauth:// URI shown once, confirmed with a code; the recovery codes shown once),
 * turning it off (needs a code), and the tenant's "require two-factor" setting (OWNER only). Reachable
 * before enrolment where the tenant requires it.
 */
export function adminTwoFactorRoutes(router: Router<GatewayState>, deps: GatewayDeps): void {
  const session = operatorSession(deps, { beforeTwoFactor: true });
  const body = jsonBody({ limit: deps.config.BODY_LIMIT_BYTES });
  const noStore = (ctx: GatewayContext) => ctx.set('Cache-Control', 'no-store');

  router.get('/two-factor', session, async (ctx) => {
    noStore(ctx);
    ctx.body = await twoFactorStatus(deps.db, operatorOf(ctx));
  });

  router.post('/two-factor/enroll', session, async (ctx) => {
    noStore(ctx);
    ctx.body = await startEnrolment(deps.db, deps.secretBox, operatorOf(ctx));
  });

  router.post(
    '/two-factor/confirm',
    session,
    body,
    validate({ body: twoFactorCodeBodySchema }, 'signed-in'),
    async (ctx) => {
      noStore(ctx);
      ctx.body = await confirmEnrolment(deps, operatorOf(ctx), {
        code: ctx.state.input.body.code,
        client: auditClientOf(ctx, deps.config),
      });
    },
  );

  router.post(
    '/two-factor/disable',
    session,
    body,
    validate({ body: twoFactorCodeBodySchema }, 'signed-in'),
    async (ctx) => {
      await disableTwoFactor(deps, operatorOf(ctx), {
        code: ctx.state.input.body.code,
        client: auditClientOf(ctx, deps.config),
      });
      ctx.status = 204;
    },
  );

  router.post(
    '/two-factor/require',
    session,
    body,
    validate({ body: requireTwoFactorBodySchema }, 'signed-in'),
    async (ctx) => {
      const operator = operatorOf(ctx);
      if (operator.role !== 'OWNER') throw new AppError('FORBIDDEN', 'Only an OWNER changes this setting');
      await setRequireTwoFactor(deps.db, operator, {
        required: ctx.state.input.body.required,
        client: auditClientOf(ctx, deps.config),
      });
      ctx.body = await twoFactorStatus(deps.db, operator);
    },
  );
}
