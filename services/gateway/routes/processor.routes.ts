import type Router from '@koa/router';
import { z } from 'zod';
import {
  associateDiscount,
  discountAssociationSchema,
  presentAssociation,
} from '../../../shared/domain/discount-association';
import {
  invalidSignature,
  openProcessor,
  receiveNotification,
} from '../../../shared/domain/processor-notifications';
import { tenantAliasSchema } from '../../../shared/domain/tenants';
import { AppError } from '../../../shared/errors';
import { idSchema, textSchema } from '../../../shared/validation';
import { InvalidSignatureError } from '../../../shared/processors/payment-processor';
import { requestDiscountSync } from '../../../shared/temporal/processor-workflows';
import type { GatewayDeps, GatewayState } from '../context';
import { settleLifecycle } from '../lifecycle';
import { authenticate } from '../middleware/auth';
import { formBody, jsonBody } from '../middleware/body';
import { validate } from '../middleware/validate';

const WEBHOOK = '/processor/braintree/webhook';
/** Braintree payloads are a few KB of base64 XML; anything near this is not one. */
const WEBHOOK_BODY_LIMIT = 512 * 1024;

const deliverySchema = z.object({
  bt_signature: idSchema(8192).optional(),
  bt_payload: textSchema(WEBHOOK_BODY_LIMIT, { min: 1 }).optional(),
});
const challengeSchema = z.object({ bt_challenge: idSchema(64) });

/**
 * Processor webhooks (no Basic auth: the signature authenticates, with the tenant's keys) and the
 * discount association. A verified notification is stored, then acknowledged; its workflow is started
 * after the answer (see notification-dispatcher.ts), so the processor never waits for Temporal.
 */
export function processorRoutes(router: Router<GatewayState>, deps: GatewayDeps): void {
  const tenantOf = async (alias: string) => {
    const parsed = tenantAliasSchema.safeParse(alias);
    return parsed.success ? await deps.cache.findTenant(parsed.data) : undefined;
  };

  router.get(WEBHOOK, validate({ query: challengeSchema }), async (ctx) => {
    const tenant = await tenantOf((ctx.params as { tenantAlias: string }).tenantAlias);
    const processor = tenant && (await openProcessor(deps, tenant.id, { timeoutMs: 10_000 }));
    if (!processor) throw invalidSignature();
    try {
      ctx.body = processor.answerChallenge(ctx.state.input.query.bt_challenge);
    } catch (err) {
      if (err instanceof InvalidSignatureError) throw invalidSignature();
      throw err;
    }
    ctx.type = 'text/plain';
  });

  router.post(
    WEBHOOK,
    formBody({ limit: WEBHOOK_BODY_LIMIT + 16 * 1024 }),
    validate({ body: deliverySchema }),
    async (ctx) => {
      const alias = (ctx.params as { tenantAlias: string }).tenantAlias;
      const tenant = await tenantOf(alias);
      const { bt_signature: signature, bt_payload: payload } = ctx.state.input.body;
      if (!signature || !payload) throw invalidSignature();
      const received = await receiveNotification(deps, tenant?.id, { signature, payload });
      if (received.status === 'REJECTED' && received.inserted) {
        ctx.state.log.warn(
          { notificationId: received.id },
          'webhook verified but unreadable: stored as REJECTED',
        );
      }
      deps.metrics.processorNotifications.inc({
        kind: received.kind,
        duplicate: String(!received.inserted),
      });
      if (received.dispatch) {
        deps.notifications.dispatch({
          id: received.id,
          tenant_id: tenant!.id,
          tenant_alias: tenant!.alias,
          processor: 'BRAINTREE',
          notification_key: received.notificationKey,
          kind: received.kind,
          subject_id: received.subjectId,
        });
      }
      ctx.body = { notificationId: received.id, status: received.status, duplicate: !received.inserted };
    },
  );

  router.post(
    '/discount',
    authenticate(deps),
    jsonBody({ limit: deps.config.BODY_LIMIT_BYTES }),
    validate({ body: discountAssociationSchema }),
    async (ctx) => {
      const tenant = ctx.state.tenant!;
      const input = ctx.state.input.body;
      const outcome = await associateDiscount(deps.db, tenant.id, input);
      await settleLifecycle(deps, tenant, outcome);
      if (outcome.connected) {
        await requestDiscountSync(
          deps.temporal,
          deps.metrics,
          { tenantId: tenant.id, tenantAlias: tenant.alias, accountId: input.accountId },
          { reason: `POST /discount (${ctx.state.requestId})` },
        ).catch((err: unknown) => {
          throw new AppError(
            'SERVICE_UNAVAILABLE',
            'The association is saved, but the discount sync could not be started; retry the request to finish it',
            { cause: err },
          );
        });
      }
      ctx.body = await presentAssociation(deps.db, tenant.id, input);
    },
  );
}
