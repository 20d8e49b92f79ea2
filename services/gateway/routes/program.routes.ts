import type Router from '@koa/router';
import { getProgram, updateProgram } from '../../../shared/domain/tenants/program';
import { recordAudit } from '../../../shared/domain/common/audit-log';
import { auditClientOf } from '../audit-client';
import { auditWho } from '../audit-actor';
import type { GatewayDeps, GatewayState } from '../context';
import { authenticate } from '../middleware/auth';
import { jsonBody } from '../middleware/body';
import { validate } from '../middleware/validate';
import { programPatchBodySchema } from './program.schema';

/** The tenant's program settings (tenant API key only). */
export function programRoutes(router: Router<GatewayState>, deps: GatewayDeps): void {
  router.get('/program', authenticate(deps), async (ctx) => {
    ctx.body = await getProgram(deps.db, ctx.state.tenant.id);
  });
  router.patch(
    '/program',
    authenticate(deps),
    jsonBody({ limit: deps.config.BODY_LIMIT_BYTES }),
    validate({ body: programPatchBodySchema }, 'authenticated'),
    async (ctx) => {
      const tenantId = ctx.state.tenant.id;
      // The change and its audit entry commit together.
      ctx.body = await deps.db.transaction(async (trx) => {
        const program = await updateProgram(trx, tenantId, ctx.state.input.body);
        await recordAudit(trx, {
          tenantId,
          ...auditWho(ctx.state.principal),
          action: 'program.update',
          details: ctx.state.input.body,
          client: auditClientOf(ctx, deps.config),
        });
        return program;
      });
      // This gateway's next share link shows the change at once, before its own NOTIFY arrives.
      deps.cache.invalidate(tenantId);
    },
  );
}
