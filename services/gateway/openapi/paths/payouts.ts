import 'zod-openapi';
import { z } from 'zod';
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import {
  PAYOUT_WEBHOOK_BODY_LIMIT,
  onboardingPathSchema,
  payoutMethodBodySchema,
  payoutsPathSchema,
  payoutWebhookPathSchema,
} from '../../routes/payouts.schema';
import { cause } from '../errors';
import { cacheControlHeader, rateLimitedRouteHeaders } from '../headers';
import { bytes } from '../limits';
import { jsonResponse, operation } from '../operation';
import {
  payoutMethodResultSchema,
  payoutWebhookReceiptSchema,
  referrerPayoutsSchema,
} from '../responses/payouts';
import { API, JSON_BODY, tenantPathSchema } from './common';

const USER = `${API}/open/account/{accountId}/user/{userId}`;
const badPath = cause('VALIDATION_FAILED', 'accountId or userId breaks its rule');
const otherUser = cause('FORBIDDEN', "a user JWT for another account or user than the path's");

/** A referrer's payouts and payout method (the widget), and the payout providers' webhooks. */
export const payoutPaths: ZodOpenApiPathsObject = {
  [`${USER}/payouts`]: {
    get: operation({
      operationId: 'getReferrerPayouts',
      tag: 'Payouts',
      auth: 'apiKeyOrUserJwt',
      summary: "Read a referrer's payouts",
      description:
        "The referrer's cash balances per currency from the ledger (available, below zero while a clawback is owed; pending; in flight; paid out), their payout method (masked) and tax status, and their 20 most recent payouts with the provider's words on any failure or return. `Cache-Control: no-store`. CORS for the program's allowedOrigins.",
      requestParams: { path: payoutsPathSchema },
      responses: {
        200: jsonResponse('The payouts.', referrerPayoutsSchema, {
          ...rateLimitedRouteHeaders,
          'Cache-Control': cacheControlHeader,
        }),
      },
      errors: { 400: [badPath], 403: [otherUser], 404: [cause('NOT_FOUND', 'no such account')] },
    }),
  },
  [`${USER}/payout-method`]: {
    put: operation({
      operationId: 'setPayoutMethod',
      tag: 'Payouts',
      auth: 'apiKeyOrUserJwt',
      body: JSON_BODY,
      summary: "Set a referrer's payout method",
      description:
        "A PayPal e-mail, a gift card by e-mail, or a Stripe Connect account: for Stripe an Express account is created once per payee through the tenant's Stripe connection, and the answer's `onboardingUrl` is where the referrer finishes it. Details are sealed at rest and answered masked; each change is audited with who made it.",
      requestParams: { path: payoutsPathSchema },
      requestBody: { required: true, content: { 'application/json': { schema: payoutMethodBodySchema } } },
      responses: {
        200: jsonResponse('The payee as it now is.', payoutMethodResultSchema, rateLimitedRouteHeaders),
      },
      errors: {
        400: [
          badPath,
          cause('VALIDATION_FAILED', 'the method breaks its rule, or the provider is not connected'),
        ],
        403: [otherUser],
        404: [cause('NOT_FOUND', 'no such account')],
        503: [cause('SERVICE_UNAVAILABLE', 'Stripe did not answer; nothing changed')],
      },
    }),
  },
  [`${API}/payouts/{provider}/webhook`]: {
    post: operation({
      operationId: 'payoutWebhook',
      tag: 'Payouts',
      auth: 'none',
      body: { limit: bytes(PAYOUT_WEBHOOK_BODY_LIMIT), types: 'application/json' },
      summary: 'Receive a payout provider event',
      description:
        "PayPal's `PAYMENT.PAYOUTS-ITEM.*` events (verified with PayPal's verify-webhook-signature and the webhook id given at connectPayoutProvider) and the gift-card provider's signed events. Each payout it names is settled exactly once: a repeat or an out-of-order event changes nothing.",
      requestParams: { path: tenantPathSchema.extend(payoutWebhookPathSchema.shape) },
      requestBody: {
        required: true,
        content: {
          'application/json': { schema: z.object({}).passthrough().meta({ description: 'Read raw.' }) },
        },
      },
      responses: { 200: jsonResponse('The event was applied.', payoutWebhookReceiptSchema) },
      errors: {
        400: [cause('SIGNATURE_REJECTED', 'the delivery is not genuine; nothing applied')],
        404: [cause('NOT_FOUND', 'no such tenant, or no webhook configured for this provider (alike)')],
      },
    }),
  },
  [`${API}/payouts/onboarding/{step}`]: {
    get: operation({
      operationId: 'payoutOnboardingPage',
      tag: 'Payouts',
      auth: 'none',
      summary: 'Where Stripe sends a referrer after onboarding',
      description:
        "A line of plain text for the referrer's browser: `done` after Stripe's onboarding, `refresh` when its link expired (they choose Stripe again in the widget for a new one).",
      requestParams: { path: tenantPathSchema.extend(onboardingPathSchema.shape) },
      responses: {
        200: {
          description: 'A line of plain text.',
          content: { 'text/plain': { schema: z.string() } },
        },
      },
      errors: { 400: [cause('VALIDATION_FAILED', 'step is not done or refresh')] },
    }),
  },
};
