import type Router from '@koa/router';
import { AppError, type ValidationIssue } from '../../../shared/errors';
import type { GatewayDeps, GatewayState } from '../context';
import { authenticate } from '../middleware/auth';
import { browserCors } from '../middleware/cors';
import { jsonBody } from '../middleware/body';
import { validate } from '../middleware/validate';
import { recordUserEvents } from '../../../shared/use-cases/record-user-events';
import { eventsBodySchema, eventsPathSchema } from './events.schema';

/**
 * User events (REST): the tenant API key or that user's own JWT (another user's path is 403); CORS for
 * the program's allowedOrigins (browser library `events.track`).
 */
export function eventRoutes(router: Router<GatewayState>, deps: GatewayDeps): void {
  const cors = browserCors(deps, ['POST']);
  router.options('/open/account/:accountId/user/:userId/events', cors.preflight);
  router.post(
    '/open/account/:accountId/user/:userId/events',
    cors.actual,
    authenticate(deps, { allowUserJwt: true }),
    jsonBody({ limit: deps.config.BODY_LIMIT_BYTES }),
    validate({ params: eventsPathSchema, body: eventsBodySchema }, 'authenticated'),
    async (ctx) => {
      const { params, body } = ctx.state.input;
      const mismatched: ValidationIssue[] = (['accountId', 'userId'] as const)
        .filter((field) => body[field] !== params[field])
        .map((field) => ({ path: field, message: `must equal the ${field} in the path` }));
      if (mismatched.length > 0) {
        throw new AppError(
          'VALIDATION_FAILED',
          `Invalid input: ${mismatched.map((m) => m.path).join(', ')}`,
          { validationErrors: mismatched },
        );
      }
      const [result] = await recordUserEvents(
        deps,
        ctx.state.tenant,
        {
          idempotencyKey: body.idempotencyKey ?? null,
          batches: [{ accountId: body.accountId, userId: body.userId, events: body.events }],
        },
        ctx.state.log,
      );
      ctx.body = result;
    },
  );
}
