import 'zod-openapi';
import { z } from 'zod';
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import {
  challengeSchema,
  deliverySchema,
  BILLING_WEBHOOK_BODY_LIMIT,
  WEBHOOK_BODY_LIMIT,
} from '../../routes/processor.schema';
import { downloadQuerySchema, uploadQuerySchema } from '../../routes/files.schema';
import { cause, storageQuotaExceededErrorSchema } from '../errors';
import { commonHeaders, contentDispositionHeader, rateLimitedRouteHeaders } from '../headers';
import { bytes, CONFIG_DEFAULTS } from '../limits';
import { jsonResponse, operation } from '../operation';
import { notificationReceiptSchema, uploadedFileSchema } from '../responses/system';
import { API, tenantPathSchema } from './common';

const binaryFile = z.string().meta({ format: 'binary', description: 'The file, streamed.' });
const WEBHOOK = `${API}/processor/braintree/webhook`;
const webhookPathSchema = tenantPathSchema;
const invalidSignature = cause(
  'INVALID_SIGNATURE',
  'the signature (or challenge) does not verify with the connected keys, the tenant has no processor connection, or no such tenant (all alike)',
);
const noSecretKey = cause(
  'SECRET_KEY_NOT_CONFIGURED',
  'the gateway has no SECRET_KEY to open the stored processor keys',
);

export const fileAndProcessorPaths: ZodOpenApiPathsObject = {
  [`${API}/export/upload`]: {
    post: operation({
      operationId: 'uploadFile',
      tag: 'Files',
      auth: 'apiKey',
      summary: 'Upload an import file',
      description: [
        'Streams an import file to file storage and answers its `fileRef`, for the GraphQL `validateJobCreation` and `createJob` (bulk imports). Send it as `multipart/form-data` with a part named `file` (its filename names the file), or as a raw `text/csv`, `application/x-ndjson` or `application/octet-stream` body named by `?filename=` or `Content-Disposition: attachment; filename=…`.',
        '',
        `Limits: UPLOAD_MAX_BYTES per file (default ${bytes(CONFIG_DEFAULTS.UPLOAD_MAX_BYTES)}), the tenant's storage quota UPLOAD_QUOTA_BYTES (default ${bytes(CONFIG_DEFAULTS.UPLOAD_QUOTA_BYTES)}), and a pause of at most UPLOAD_IDLE_TIMEOUT_MS (default ${CONFIG_DEFAULTS.UPLOAD_IDLE_TIMEOUT_MS} ms) between two chunks. Whatever fails, nothing is kept; an answer sent before the whole body arrived closes the connection.`,
        '',
        'Not idempotent: each upload stores a new file (an import job created with an idempotencyKey is, see GraphQL `createJob`).',
      ].join('\n'),
      requestParams: { path: tenantPathSchema, query: uploadQuerySchema },
      requestBody: {
        required: true,
        content: {
          'multipart/form-data': {
            schema: z.object({ file: binaryFile }),
          },
          'text/csv': { schema: binaryFile },
          'application/x-ndjson': { schema: binaryFile },
          'application/octet-stream': { schema: binaryFile },
        },
      },
      responses: { 200: jsonResponse('The stored file.', uploadedFileSchema, rateLimitedRouteHeaders) },
      errors: {
        400: [
          cause(
            'VALIDATION_FAILED',
            'the file is empty, the multipart body is malformed or truncated or has no part "file", or filename is longer than 255 characters',
          ),
        ],
        408: [
          cause(
            'REQUEST_TIMEOUT',
            'no part of the upload arrived for UPLOAD_IDLE_TIMEOUT_MS; nothing was kept',
          ),
        ],
        413: [
          cause(
            'PAYLOAD_TOO_LARGE',
            `the file is larger than UPLOAD_MAX_BYTES (default ${bytes(CONFIG_DEFAULTS.UPLOAD_MAX_BYTES)}) or than the whole storage quota`,
          ),
        ],
        415: [cause('UNSUPPORTED_MEDIA_TYPE', 'the body is none of the accepted types')],
        507: [
          cause(
            'STORAGE_QUOTA_EXCEEDED',
            "the file does not fit in the tenant's storage quota",
            storageQuotaExceededErrorSchema,
          ),
        ],
      },
    }),
  },

  [`${API}/export/download`]: {
    get: operation({
      operationId: 'downloadFile',
      tag: 'Files',
      auth: 'apiKey',
      summary: 'Download a file',
      description:
        "Streams one of the tenant's own files back: an upload, or an import job's result file (`resultFileRef`). Anything but a well-formed ref of this tenant (another tenant's, `..`, absolute, encoded, NUL) is 404.",
      requestParams: { path: tenantPathSchema, query: downloadQuerySchema },
      responses: {
        200: {
          description: 'The file, as an attachment (text/csv for .csv files).',
          headers: z.object({ ...rateLimitedRouteHeaders, 'Content-Disposition': contentDispositionHeader }),
          content: { 'text/csv': { schema: binaryFile }, 'application/octet-stream': { schema: binaryFile } },
        },
      },
      errors: {
        400: [cause('VALIDATION_FAILED', 'fileRef is missing, or longer than 512 characters')],
        404: [cause('NOT_FOUND', 'no such file of this tenant')],
      },
    }),
  },

  [WEBHOOK]: {
    get: operation({
      operationId: 'braintreeWebhookChallenge',
      tag: 'Payment processor',
      auth: 'none',
      summary: 'Answer the webhook verification challenge',
      description:
        "Braintree checks the webhook URL with `bt_challenge`; the answer is computed with the tenant's connected keys.",
      requestParams: { path: webhookPathSchema, query: challengeSchema },
      responses: {
        200: {
          description: 'The challenge answer.',
          headers: z.object(commonHeaders),
          content: { 'text/plain': { schema: z.string() } },
        },
      },
      errors: {
        400: [cause('VALIDATION_FAILED', 'bt_challenge is missing or breaks its rule (1 to 64 characters)')],
        401: [invalidSignature],
        503: [noSecretKey],
      },
    }),
    post: operation({
      operationId: 'braintreeWebhook',
      tag: 'Payment processor',
      auth: 'none',
      body: {
        limit: `${bytes(WEBHOOK_BODY_LIMIT + 16 * 1024)}`,
        types: 'application/x-www-form-urlencoded',
      },
      summary: 'Receive a Braintree notification',
      description:
        "Braintree's subscription notifications (`bt_signature`, `bt_payload`), authenticated by their signature with the tenant's connected keys (no API key). A verified notification is stored and acknowledged at once; its workflow applies it after the answer. A redelivery is acknowledged again (`duplicate: true`) and applied once.",
      requestParams: { path: webhookPathSchema },
      requestBody: {
        required: true,
        content: { 'application/x-www-form-urlencoded': { schema: deliverySchema } },
      },
      responses: {
        200: jsonResponse('The stored notification.', notificationReceiptSchema),
      },
      errors: {
        400: [cause('VALIDATION_FAILED', 'a field breaks its rule, or the body is not UTF-8')],
        401: [cause('INVALID_SIGNATURE', 'bt_signature or bt_payload is missing'), invalidSignature],
        503: [noSecretKey],
      },
    }),
  },
  [`${API}/processor/stripe/webhook`]: {
    post: operation({
      operationId: 'stripeWebhook',
      tag: 'Payment processor',
      auth: 'none',
      body: { limit: bytes(BILLING_WEBHOOK_BODY_LIMIT), types: 'application/json' },
      summary: 'Receive a Stripe event',
      description:
        "Stripe's events, authenticated by the `Stripe-Signature` header with the signing secret of the tenant's endpoint (created when Stripe was connected, or given then for one registered by hand), its timestamp within STRIPE_WEBHOOK_TOLERANCE_SECONDS (default 300). A verified event is stored by its id and acknowledged at once; its workflow applies it after the answer. A redelivery is acknowledged again (`duplicate: true`) and applied once; an event about a customer no account is tied to yet waits (WAITING) until one is. Types we do not act on are stored IGNORED.",
      requestParams: { path: webhookPathSchema },
      requestBody: {
        required: true,
        content: {
          'application/json': {
            schema: z
              .object({ id: z.string(), type: z.string() })
              .meta({ description: 'A Stripe event, read raw.' }),
          },
        },
      },
      responses: {
        200: jsonResponse('The stored event.', notificationReceiptSchema),
      },
      errors: {
        400: [
          cause(
            'SIGNATURE_REJECTED',
            "Stripe-Signature is missing, malformed, does not verify with the tenant's signing secret, or is older than the tolerance; the tenant has no Stripe connection, no signing secret yet, or does not exist (all alike)",
          ),
          cause('VALIDATION_FAILED', 'the body is not UTF-8 or was incomplete'),
        ],
        503: [noSecretKey],
      },
    }),
  },
};
