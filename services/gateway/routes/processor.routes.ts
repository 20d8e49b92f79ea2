import type Router from '@koa/router';
import { discountAssociationSchema } from '../../../shared/domain/rewards/discount-association';
import {
  answerWebhookChallenge,
  invalidSignature,
} from '../../../shared/domain/processors/processor-notifications';
import { signatureRejected } from '../../../shared/domain/processors/billing-event-receipt';
import { tenantAliasSchema } from '../../../shared/ids';
import type { GatewayDeps, GatewayState } from '../context';
import { associateDiscountAndSync } from '../../../shared/use-cases/associate-discount';
import {
  receiveBillingDelivery,
  receiveProcessorNotification,
} from '../../../shared/use-cases/receive-notification';
import { AppError } from '../../../shared/errors';
import { COUPON_BILLING_PROCESSORS } from '../../../shared/processors/coupon-billing-registry';
import type { ProcessorName } from '../../../shared/repos/processor-connections.repo';
import { authenticate } from '../middleware/auth';
import { formBody, jsonBody, readBodyText } from '../middleware/body';
import { validate } from '../middleware/validate';
import {
  challengeSchema,
  deliverySchema,
  BILLING_WEBHOOK_BODY_LIMIT,
  signatureHeaderSchema,
  WEBHOOK_BODY_LIMIT,
} from './processor.schema';

const WEBHOOK = '/processor/braintree/webhook';

/**
 * Processor webhooks (no Basic auth: the signature authenticates, with the tenant's keys) and the
 * discount association. A verified notification is stored, then acknowledged; its workflow is started
 * after the answer (shared/use-cases/notification-dispatch.ts), so the processor never waits for Temporal.
 */
export function processorRoutes(router: Router<GatewayState>, deps: GatewayDeps): void {
  const tenantOf = async (alias: string) => {
    const parsed = tenantAliasSchema.safeParse(alias);
    return parsed.success ? await deps.cache.findTenant(parsed.data) : undefined;
  };

  router.get(WEBHOOK, validate({ query: challengeSchema }), async (ctx) => {
    const tenant = await tenantOf((ctx.params as { tenantAlias: string }).tenantAlias);
    ctx.body = await answerWebhookChallenge(deps, tenant?.id, ctx.state.input.query.bt_challenge);
    ctx.type = 'text/plain';
  });

  router.post(
    WEBHOOK,
    // Unauthenticated until its signature is checked: the provider's payload size, under the short
    // deadline of bodies read before the caller is known.
    formBody({
      limit: WEBHOOK_BODY_LIMIT + 16 * 1024,
      timeoutMs: deps.config.UNAUTHENTICATED_BODY_TIMEOUT_MS,
    }),
    validate({ body: deliverySchema }),
    async (ctx) => {
      const tenant = await tenantOf((ctx.params as { tenantAlias: string }).tenantAlias);
      const { bt_signature: signature, bt_payload: payload } = ctx.state.input.body;
      if (!signature || !payload) throw invalidSignature();
      ctx.body = await receiveProcessorNotification(deps, tenant, { signature, payload }, ctx.state.log);
    },
  );

  // Coupon-billing processors (Stripe) sign the exact bytes they send, so the body is read raw (bounded,
  // under the short deadline of bodies read before the caller is known) and verified before anything
  // parses it. One route per registered processor, `/processor/<slug>/webhook`.
  for (const billing of COUPON_BILLING_PROCESSORS) {
    router.post(`/processor/${billing.slug}/webhook`, async (ctx) => {
      const tenant = await tenantOf((ctx.params as { tenantAlias: string }).tenantAlias);
      if (!ctx.is('application/json')) {
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Content-Type must be application/json');
      }
      const payload = await readBodyText(ctx, BILLING_WEBHOOK_BODY_LIMIT, 'VALIDATION_FAILED', {
        timeoutMs: deps.config.UNAUTHENTICATED_BODY_TIMEOUT_MS,
      });
      const signature = signatureHeaderSchema.safeParse(ctx.get(billing.signatureHeader));
      if (!signature.success) throw signatureRejected();
      const delivery = { signature: signature.data, payload };
      const name = billing.name as ProcessorName;
      ctx.body = await receiveBillingDelivery(deps, tenant, delivery, name, ctx.state.log);
    });
  }

  router.post(
    '/discount',
    authenticate(deps),
    jsonBody({ limit: deps.config.BODY_LIMIT_BYTES }),
    validate({ body: discountAssociationSchema }, 'authenticated'),
    async (ctx) => {
      ctx.body = await associateDiscountAndSync(deps, ctx.state.tenant, ctx.state.input.body, {
        requestId: ctx.state.requestId,
      });
    },
  );
}
