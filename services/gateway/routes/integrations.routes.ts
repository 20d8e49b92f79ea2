import type Router from '@koa/router';
import { identifyUser } from '../../../shared/domain/identification';
import {
  segmentBodySchema,
  segmentCommand,
  segmentMessages,
  type SegmentCommand,
} from '../../../shared/domain/segment';
import { AppError, type ValidationIssue } from '../../../shared/errors';
import type { AuthenticatedTenant, GatewayDeps, GatewayState } from '../context';
import { settleLifecycle } from '../lifecycle';
import { authenticate } from '../middleware/auth';
import { jsonBody } from '../middleware/body';
import { validate } from '../middleware/validate';
import { recordUserEvents } from '../user-events';

/** What became of one message. */
type Outcome =
  | { status: 'accepted'; eventIds?: string[] }
  | { status: 'duplicate'; eventIds: string[] }
  | { status: 'ignored' }
  | { status: 'rejected'; apiErrorCode: string; message: string; validationErrors?: ValidationIssue[] };

type MessageResult = { index: number; type: string } & Outcome;

async function execute(
  deps: GatewayDeps,
  tenant: AuthenticatedTenant,
  command: SegmentCommand,
  log: GatewayDeps['logger'],
): Promise<Outcome> {
  switch (command.kind) {
    case 'ignored':
      return { status: 'ignored' };
    case 'invalid':
      return {
        status: 'rejected',
        apiErrorCode: 'VALIDATION_FAILED',
        message: `Invalid input: ${command.validationErrors.map((v) => v.path).join(', ')}`,
        validationErrors: command.validationErrors,
      };
    case 'track': {
      const [logged] = await recordUserEvents(
        deps,
        tenant,
        { idempotencyKey: command.idempotencyKey, batches: [command.batch] },
        log,
      );
      return { status: 'accepted', eventIds: logged!.events.map((e) => e.id) };
    }
    case 'identify': {
      const outcome = await identifyUser(deps.db, tenant.id, command.ids, command.body);
      // Committed: a lifecycle that cannot be reached now is delivered by the reconciler.
      await settleLifecycle(deps, tenant, outcome).catch((err: unknown) =>
        log.warn({ err }, 'identify saved; the reconciler will deliver its lifecycle change'),
      );
      return { status: 'accepted' };
    }
  }
}

/**
 * Analytics connector (Segment): one message or `{ batch: [...] }`, applied in order, each on its own;
 * the answer is 200 with a result per message. A used messageId is `duplicate` (with the ids stored the
 * first time), a message we cannot apply is `rejected` with the error it would get on its own route.
 * Anything unexpected fails the whole request (500), and a retried batch is deduplicated by messageId.
 */
export function integrationRoutes(router: Router<GatewayState>, deps: GatewayDeps): void {
  router.post(
    '/integrations/segment',
    authenticate(deps),
    jsonBody({ limit: deps.config.BODY_LIMIT_BYTES }),
    validate({ body: segmentBodySchema }),
    async (ctx) => {
      const tenant = ctx.state.tenant!;
      const results: MessageResult[] = [];
      for (const [index, message] of segmentMessages(ctx.state.input.body).entries()) {
        const command = segmentCommand(message);
        const type = command.kind === 'track' || command.kind === 'identify' ? command.kind : command.type;
        try {
          results.push({
            index,
            type,
            ...(await execute(deps, tenant, command, ctx.state.log)),
          } as MessageResult);
        } catch (err) {
          if (!(err instanceof AppError) || err.statusCode >= 500) throw err;
          if (err.apiErrorCode === 'IDEMPOTENCY_KEY_USED') {
            results.push({
              index,
              type,
              status: 'duplicate',
              eventIds: err.details.fields?.eventIds as string[],
            });
          } else {
            results.push({
              index,
              type,
              status: 'rejected',
              apiErrorCode: err.apiErrorCode,
              message: err.message,
              ...(err.details.validationErrors && { validationErrors: err.details.validationErrors }),
            });
          }
        }
      }
      ctx.body = { results };
    },
  );
}
