import type Router from '@koa/router';
import {
  messageFailure,
  segmentCommand,
  segmentMessages,
  type SegmentOutcome,
} from '../../../shared/domain/analytics/segment';
import { AppError } from '../../../shared/errors';
import type { GatewayDeps, GatewayState } from '../context';
import { authenticate } from '../middleware/auth';
import { jsonBody } from '../middleware/body';
import { toAppError } from '../middleware/errors';
import { validate } from '../middleware/validate';
import { segmentRequestBodySchema } from './integrations.schema';
import { ingestSegmentMessage } from '../../../shared/use-cases/ingest-segment-message';

type MessageResult = { index: number; type: string } & SegmentOutcome;

/**
 * The request's answer when the infrastructure fails at message `index`: the failure's own status (503
 * for an outage, with Retry-After), the results of the messages before it, which are applied, and which
 * were not, so that nothing after the failure point is lost without the client knowing. Retrying the
 * whole batch is safe: tracks are deduplicated by messageId, identifies are idempotent.
 */
function batchFailed(err: unknown, index: number, results: MessageResult[], total: number): AppError {
  const cause = toAppError(err);
  const message = `Message ${index} could not be applied (${cause.message}); messages ${index} to ${total - 1} were not applied: retry the batch`;
  return new AppError(cause.apiErrorCode, message, {
    headers: cause.details.headers,
    cause: err,
    fields: { results, failedIndex: index, notApplied: total - index },
  });
}

/**
 * Analytics connector (Segment): one message or `{ batch: [...] }`, applied in order, each on its own;
 * the answer is 200 with a result per message. A used messageId is `duplicate` (with the ids stored the
 * first time); a message that fails because of its own content is `rejected` with the 4xx error it would
 * get on its own route, and the batch goes on. Only an infrastructure failure fails the request (see
 * batchFailed).
 */
export function integrationRoutes(router: Router<GatewayState>, deps: GatewayDeps): void {
  router.post(
    '/integrations/segment',
    authenticate(deps),
    jsonBody({ limit: deps.config.BODY_LIMIT_BYTES }),
    validate({ body: segmentRequestBodySchema }, 'authenticated'),
    async (ctx) => {
      const tenant = ctx.state.tenant;
      const messages = segmentMessages(ctx.state.input.body);
      const results: MessageResult[] = [];
      for (const [index, message] of messages.entries()) {
        const command = segmentCommand(message);
        const type = command.kind === 'track' || command.kind === 'identify' ? command.kind : command.type;
        let outcome: SegmentOutcome;
        try {
          outcome = await ingestSegmentMessage(
            { ...deps, publicUrl: deps.config.publicUrl },
            tenant,
            command,
            ctx.state.log,
          );
        } catch (err) {
          const failure = messageFailure(err);
          if (!failure) throw batchFailed(err, index, results, messages.length);
          if (!(err instanceof AppError))
            ctx.state.log.warn({ err, index }, 'segment message refused by the database');
          outcome = failure;
        }
        results.push({ index, type, ...outcome } as MessageResult);
      }
      ctx.body = { results };
    },
  );
}
