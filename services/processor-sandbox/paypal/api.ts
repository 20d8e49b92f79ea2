import crypto from 'node:crypto';
import { z } from 'zod';
import { changeItem } from './batches';
import { AnswerError, type JsonAnswer, type JsonRequest, type JsonRoute } from '../payout-common/json-server';
import { genuine } from './webhooks';
import { payPalId, type PayPalState } from './state';
import { payBatch } from './batches';

/* PayPal's REST routes the Payouts SDK calls: the OAuth token, payouts, batch and item reads, and the
   webhook signature check. Errors are PayPal's shapes: `{ name, message, debug_id, details }`. */

const debugId = () => crypto.randomBytes(7).toString('hex');

export const payPalError = (status: number, name: string, message: string, details?: unknown[]) =>
  new AnswerError(status, { name, message, debug_id: debugId(), ...(details ? { details } : {}) });

const authFailure = () =>
  payPalError(
    401,
    'AUTHENTICATION_FAILURE',
    'Authentication failed due to invalid authentication credentials or a missing Authorization header.',
  );

/** The app (client id) whose access token the request carries. */
function clientOf(state: PayPalState, request: JsonRequest): string {
  const [scheme, token] = (request.headers.authorization ?? '').split(' ');
  const clientId = scheme === 'Bearer' && token ? state.tokens.get(token) : undefined;
  if (!clientId || state.apps.get(clientId) === null) throw authFailure();
  return clientId;
}

function token(state: PayPalState, request: JsonRequest): JsonAnswer {
  const [scheme, encoded] = (request.headers.authorization ?? '').split(' ');
  const [clientId, secret] = Buffer.from(scheme === 'Basic' ? (encoded ?? '') : '', 'base64')
    .toString('utf8')
    .split(':');
  const known = clientId ? state.apps.get(clientId) : undefined;
  if (!clientId || !secret || known === null || (known !== undefined && known !== secret)) {
    throw new AnswerError(401, {
      error: 'invalid_client',
      error_description: 'Client Authentication failed',
    });
  }
  state.apps.set(clientId, secret);
  const accessToken = `A21AA${crypto.randomBytes(24).toString('base64url')}`;
  state.tokens.set(accessToken, clientId);
  return {
    status: 200,
    body: {
      scope: 'https://uri.paypal.com/services/payments/payouts',
      access_token: accessToken,
      token_type: 'Bearer',
      app_id: `APP-${payPalId(17)}`,
      expires_in: 32400,
      nonce: `${new Date().toISOString()}${crypto.randomBytes(8).toString('hex')}`,
    },
  };
}

const amount = z.strictObject({
  value: z.string().regex(/^\d+(\.\d{1,2})?$/, 'must be a decimal amount'),
  currency: z.string().regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code'),
});
const payoutSchema = z.looseObject({
  sender_batch_header: z.looseObject({
    sender_batch_id: z.string().min(1).max(256),
    email_subject: z.string().max(255).optional(),
    email_message: z.string().max(1000).optional(),
  }),
  items: z
    .array(
      z.looseObject({
        recipient_type: z.enum(['EMAIL', 'PHONE', 'PAYPAL_ID']).optional(),
        receiver: z.string().min(1).max(127),
        amount,
        note: z.string().max(4000).optional(),
        sender_item_id: z.string().max(63).optional(),
      }),
    )
    .min(1)
    .max(15000),
});

function createPayout(state: PayPalState, request: JsonRequest): JsonAnswer {
  const clientId = clientOf(state, request);
  const requestId = request.headers['paypal-request-id'];
  const stored = requestId ? state.requestIds.get(`${clientId} ${requestId}`) : undefined;
  if (stored) return { ...structuredClone(stored), replayed: true };
  const parsed = payoutSchema.safeParse(request.json);
  if (!parsed.success) {
    const details = parsed.error.issues.map((i) => ({
      field: i.path.join('.'),
      location: 'body',
      issue: i.message,
    }));
    throw payPalError(400, 'VALIDATION_ERROR', 'Invalid request - see details', details);
  }
  const senderBatchId = parsed.data.sender_batch_header.sender_batch_id;
  const existing = state.senderBatchIds.get(`${clientId} ${senderBatchId}`);
  if (existing) {
    throw payPalError(400, 'USER_BUSINESS_ERROR', 'User business error.', [
      {
        field: 'SENDER_BATCH_ID',
        location: 'body',
        issue: 'Batch with given sender_batch_id already exists',
        link: [
          {
            href: `${state.url}/v1/payments/payouts/${existing}`,
            rel: 'self',
            method: 'GET',
            encType: 'application/json',
          },
        ],
      },
    ]);
  }
  const { batch, paid } = payBatch(state, clientId, parsed.data);
  const answer: JsonAnswer = {
    status: 201,
    body: {
      batch_header: { payout_batch_id: batch.id, batch_status: 'PENDING', sender_batch_header: batch.header },
      links: [
        {
          href: `${state.url}/v1/payments/payouts/${batch.id}`,
          rel: 'self',
          method: 'GET',
          encType: 'application/json',
        },
      ],
    },
  };
  if (requestId) state.requestIds.set(`${clientId} ${requestId}`, structuredClone(answer));
  return { ...answer, paid };
}

function readBatch(state: PayPalState, request: JsonRequest): JsonAnswer {
  const clientId = clientOf(state, request);
  const batch = state.batches.get(request.match[1]!);
  if (!batch || batch.clientId !== clientId) {
    throw payPalError(404, 'INVALID_RESOURCE_ID', 'The requested resource ID was not found');
  }
  const page = Math.max(Number(request.query.get('page') ?? 1) || 1, 1);
  const size = Math.min(Math.max(Number(request.query.get('page_size') ?? 1000) || 1000, 1), 1000);
  const items = batch.itemIds.slice((page - 1) * size, page * size).map((id) => state.items.get(id)!);
  return {
    status: 200,
    body: {
      batch_header: {
        payout_batch_id: batch.id,
        batch_status: 'SUCCESS',
        time_created: batch.created,
        sender_batch_header: batch.header,
      },
      items,
      links: [{ href: `${state.url}/v1/payments/payouts/${batch.id}`, rel: 'self', method: 'GET' }],
    },
  };
}

function readItem(state: PayPalState, request: JsonRequest): JsonAnswer {
  const clientId = clientOf(state, request);
  const item = state.items.get(request.match[1]!);
  if (!item || state.batches.get(item.payout_batch_id)?.clientId !== clientId) {
    throw payPalError(404, 'INVALID_RESOURCE_ID', 'The requested resource ID was not found');
  }
  return { status: 200, body: item };
}

/**
 * POST /v1/payments/payouts-item/{id}/cancel: an UNCLAIMED item cancelled by its sender, its money
 * returned (RETURNED); any other item cannot be (PayPal's ITEM_CANCELLATION_FAILED, 422).
 */
function cancelItem(state: PayPalState, request: JsonRequest): JsonAnswer {
  const found = readItem(state, request).body as { transaction_status: string; payout_item_id: string };
  if (found.transaction_status !== 'UNCLAIMED') {
    throw payPalError(422, 'ITEM_CANCELLATION_FAILED', 'Only an unclaimed item can be cancelled');
  }
  return {
    status: 200,
    body: changeItem(state, found.payout_item_id, {
      status: 'RETURNED',
      name: 'RECEIVER_UNCLAIMED',
      message: 'Unclaimed: cancelled by the sender and returned',
    }),
  };
}

const verifySchema = z.looseObject({
  auth_algo: z.string().min(1),
  cert_url: z.string().min(1),
  transmission_id: z.string().min(1),
  transmission_sig: z.string().min(1),
  transmission_time: z.string().min(1),
  webhook_id: z.string().min(1),
  webhook_event: z.record(z.string(), z.unknown()),
});

function verifyWebhook(state: PayPalState, request: JsonRequest): JsonAnswer {
  const clientId = clientOf(state, request);
  const parsed = verifySchema.safeParse(request.json);
  if (!parsed.success) {
    const details = parsed.error.issues.map((i) => ({
      field: i.path.join('.'),
      location: 'body',
      issue: i.message,
    }));
    throw payPalError(400, 'VALIDATION_ERROR', 'Invalid request - see details', details);
  }
  const ok = genuine(state, clientId, parsed.data, parsed.data.webhook_event);
  return { status: 200, body: { verification_status: ok ? 'SUCCESS' : 'FAILURE' } };
}

export function payPalApiRoutes(state: PayPalState): JsonRoute[] {
  return [
    { method: 'POST', path: /^\/v1\/oauth2\/token$/, handle: (r) => token(state, r) },
    { method: 'POST', path: /^\/v1\/payments\/payouts$/, handle: (r) => createPayout(state, r) },
    { method: 'GET', path: /^\/v1\/payments\/payouts\/([^/]+)$/, handle: (r) => readBatch(state, r) },
    { method: 'GET', path: /^\/v1\/payments\/payouts-item\/([^/]+)$/, handle: (r) => readItem(state, r) },
    {
      method: 'POST',
      path: /^\/v1\/payments\/payouts-item\/([^/]+)\/cancel$/,
      handle: (r) => cancelItem(state, r),
    },
    {
      method: 'POST',
      path: /^\/v1\/notifications\/verify-webhook-signature$/,
      handle: (r) => verifyWebhook(state, r),
    },
  ];
}
