import type { ZodOpenApiOperationObject, ZodOpenApiPathsObject } from 'zod-openapi';
import { WEBHOOK_EVENT_DOCS } from '../../../shared/domain/webhooks/webhook-event-docs';
import { WEBHOOK_EVENT_EXAMPLES } from '../../../shared/domain/webhooks/webhook-event-examples';
import { listWebhookEventTypes } from '../../../shared/domain/webhooks/webhook-event-types';

/**
 * The OpenAPI `webhooks` section: one POST per event type of the catalogue, as a receiver gets it,
 * from the same sources as docs/webhook-events.md (the catalogue, WEBHOOK_EVENT_DOCS, the examples).
 */
export function webhookOperations(): ZodOpenApiPathsObject {
  return Object.fromEntries(
    listWebhookEventTypes().map(({ name, description }) => {
      const doc = WEBHOOK_EVENT_DOCS[name];
      const operation: ZodOpenApiOperationObject = {
        operationId: `webhook_${name.replace(/\./g, '_')}`,
        tags: ['Webhooks'],
        summary: description,
        description: `Sent on ${doc.sentOn}. \`data\`: ${doc.data}. Signed with the Standard Webhooks headers (\`webhook-id\`, \`webhook-timestamp\`, \`webhook-signature\`); \`webhook-id\` is the payload's \`id\`.`,
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['id', 'type', 'timestamp', 'data'],
                properties: {
                  id: {
                    type: 'string',
                    format: 'uuid',
                    description: 'The event id (UUIDv7), stable across retries.',
                  },
                  type: { type: 'string', const: name },
                  timestamp: { type: 'string', format: 'date-time' },
                  data: { type: 'object', description: doc.data },
                },
              },
              example: WEBHOOK_EVENT_EXAMPLES[name],
            },
          },
        },
        responses: {
          '2XX': { description: 'Any 2xx answer acknowledges the delivery; anything else is retried.' },
        },
      };
      return [name, { post: operation }];
    }),
  );
}
