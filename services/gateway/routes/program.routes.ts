import type Router from '@koa/router';
import { getProgram, updateProgram } from '../../../shared/domain/program';
import type { GatewayDeps, GatewayState } from '../context';
import { authenticate } from '../middleware/auth';
import { jsonBody } from '../middleware/body';
import { validate } from '../middleware/validate';
import { programPatchBodySchema } from './program.schema';

/** The tenant's program settings (tenant API key only). */
export function programRoutes(router: Router<GatewayState>, deps: GatewayDeps): void {
  router.get('/program', authenticate(deps), async (ctx) => {
    ctx.body = await getProgram(deps.db, ctx.state.tenant!.id);
  });
  router.patch(
    '/program',
    authenticate(deps),
    jsonBody({ limit: deps.config.BODY_LIMIT_BYTES }),
    validate({ body: programPatchBodySchema }),
    async (ctx) => {
      ctx.body = await updateProgram(deps.db, ctx.state.tenant!.id, ctx.state.input.body);
    },
  );
}
