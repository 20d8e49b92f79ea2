import type Router from '@koa/router';
import { getReferrerPayouts } from '../../../shared/domain/payouts/referrer-payouts';
import { AppError } from '../../../shared/errors';
import { tenantAliasSchema } from '../../../shared/ids';
import { receivePayoutWebhook, setPayoutMethod } from '../../../shared/use-cases/payouts';
import { auditClientOf } from '../audit-client';
import { auditWho } from '../audit-actor';
import type { GatewayDeps, GatewayState } from '../context';
import { authenticate } from '../middleware/auth';
import { jsonBody, readBodyText } from '../middleware/body';
import { browserCors } from '../middleware/cors';
import { validate } from '../middleware/validate';
import {
  PAYOUT_WEBHOOK_BODY_LIMIT,
  onboardingPathSchema,
  payoutMethodBodySchema,
  payoutsPathSchema,
  payoutWebhookPathSchema,
} from './payouts.schema';

const PAYOUTS = '/open/account/:accountId/user/:userId/payouts';
const METHOD = '/open/account/:accountId/user/:userId/payout-method';

/**
 * A referrer's payouts (the widget's Payouts tab, docs/payouts.md): their cash balances, method and
 * recent payouts, and adding or changing the method. The user's own JWT or the tenant's API key (a JWT
 * for another account or user is 403, authenticate); CORS for the program's allowedOrigins. A method
 * change is audited with who made it. Provider webhooks arrive at /payouts/{paypal|gift-cards}/webhook,
 * verified with the tenant's connection before anything is read.
 */
export function payoutsRoutes(router: Router<GatewayState>, deps: GatewayDeps): void {
  const cors = browserCors(deps, ['GET', 'PUT']);
  router.options(PAYOUTS, cors.preflight);
  router.options(METHOD, cors.preflight);
  router.get(
    PAYOUTS,
    cors.actual,
    authenticate(deps, { allowUserJwt: true }),
    validate({ params: payoutsPathSchema }, 'authenticated'),
    async (ctx) => {
      ctx.body = await getReferrerPayouts(deps.db, ctx.state.tenant.id, ctx.state.input.params.accountId);
      ctx.set('Cache-Control', 'no-store');
    },
  );
  router.put(
    METHOD,
    cors.actual,
    authenticate(deps, { allowUserJwt: true }),
    jsonBody({ limit: deps.config.BODY_LIMIT_BYTES }),
    validate({ params: payoutsPathSchema, body: payoutMethodBodySchema }, 'authenticated'),
    async (ctx) => {
      const tenant = ctx.state.tenant;
      const base = `${deps.config.publicUrl}/api/v1/${encodeURIComponent(tenant.alias)}`;
      ctx.body = await setPayoutMethod(
        deps.payouts,
        tenant,
        ctx.state.input.params.accountId,
        ctx.state.input.body,
        { ...auditWho(ctx.state.principal), client: auditClientOf(ctx, deps.config) },
        { refreshUrl: `${base}/payouts/onboarding/refresh`, returnUrl: `${base}/payouts/onboarding/done` },
      );
    },
  );

  // Where Stripe sends a referrer after onboarding: a plain page that says what happened.
  router.get('/payouts/onboarding/:step', validate({ params: onboardingPathSchema }), async (ctx) => {
    const done = ctx.state.input.params.step === 'done';
    ctx.type = 'text/plain; charset=utf-8';
    ctx.set('Content-Security-Policy', "default-src 'none'");
    ctx.body = done
      ? 'Your payout account is set up. You can close this page and return to the site.'
      : 'That link has expired. Return to the site and choose Stripe again for a new one.';
  });

  router.post('/payouts/:provider/webhook', validate({ params: payoutWebhookPathSchema }), async (ctx) => {
    const alias = tenantAliasSchema.safeParse((ctx.params as { tenantAlias: string }).tenantAlias);
    const tenant = alias.success ? await deps.cache.findTenant(alias.data) : undefined;
    if (!tenant) throw new AppError('NOT_FOUND', 'No payout webhook is configured here');
    if (!ctx.is('application/json')) {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Content-Type must be application/json');
    }
    const body = await readBodyText(ctx, PAYOUT_WEBHOOK_BODY_LIMIT, 'VALIDATION_FAILED', {
      timeoutMs: deps.config.UNAUTHENTICATED_BODY_TIMEOUT_MS,
    });
    const headers = Object.fromEntries(
      Object.entries(ctx.headers).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]),
    );
    const method = ctx.state.input.params.provider === 'paypal' ? 'PAYPAL' : 'GIFT_CARD';
    const changed = await receivePayoutWebhook(
      deps.payouts,
      { id: tenant.id, alias: tenant.alias },
      method,
      headers,
      Buffer.from(body, 'utf8'),
    );
    ctx.body = { received: true, changed };
  });
}
