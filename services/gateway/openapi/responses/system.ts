import 'zod-openapi';
import { z } from 'zod';
import type { NotificationReceipt } from '../../../../shared/use-cases/receive-notification';
import { apiErrorFields } from '../errors';
import { sameShape } from './shape-check';

const checkState = z.enum(['ok', 'unavailable']);
const checks = z
  .object({ postgres: checkState, temporal: checkState })
  .meta({ description: 'Each dependency, probed within 2 s (results reused for a second).' });

export const healthSchema = z.object({ status: z.literal('ok') }).meta({ id: 'Health' });

export const readinessSchema = z.object({ status: z.literal('ready'), checks }).meta({ id: 'Readiness' });

export const notReadyErrorSchema = z
  .object({
    ...apiErrorFields,
    statusCode: z.literal(503),
    apiErrorCode: z.literal('SERVICE_UNAVAILABLE'),
    checks,
  })
  .meta({ id: 'NotReadyError', description: 'Which dependency is unreachable.' });

/** POST /export/upload. */
export const uploadedFileSchema = z
  .object({
    fileRef: z.string().meta({
      description:
        'The stored file, `imports/{tenantAlias}/{date}/{uuid}/{name}`: give it to createJob or GET /export/download.',
    }),
  })
  .meta({ id: 'UploadedFile' });

/** POST /processor/braintree/webhook and /processor/stripe/webhook (shared/use-cases/receive-notification.ts). */
export const notificationReceiptSchema = z
  .object({
    notificationId: z.string(),
    status: z.enum(['RECEIVED', 'WAITING', 'PROCESSED', 'RECORDED', 'IGNORED', 'FAILED', 'REJECTED']),
    duplicate: z.boolean().meta({ description: 'This notification had been delivered before.' }),
  })
  .meta({
    id: 'NotificationReceipt',
    description: 'The stored notification; its workflow runs after the answer.',
  });

sameShape<z.output<typeof notificationReceiptSchema>, NotificationReceipt>(true);

/** A GraphQL-over-HTTP result (graphql-http), with extensions.code from the API's closed set on each error. */
export const graphqlResponseSchema = z
  .object({
    data: z.record(z.string(), z.unknown()).nullable().optional(),
    errors: z
      .array(
        z.looseObject({
          message: z.string(),
          locations: z.array(z.object({ line: z.int(), column: z.int() })).optional(),
          path: z.array(z.union([z.string(), z.int()])).optional(),
          extensions: z
            .looseObject({ code: z.string() })
            .optional()
            .meta({ description: 'code (an ApiError code), validationErrors and e.g. eventIds.' }),
        }),
      )
      .optional(),
    extensions: z.record(z.string(), z.unknown()).optional(),
  })
  .meta({ id: 'GraphQLResponse' });
