import { createDocument, type oas31, type ZodOpenApiOverride } from 'zod-openapi';
import { version } from '../../../package.json';
import { eventFieldsSchema } from '../../../shared/domain/events/user-events.schema';
import { API_DESCRIPTION, SECURITY_SCHEMES, TAGS } from './info';
import { accountAndEventPaths } from './paths/accounts-events';
import { browserIntegrationPaths } from './paths/browser-integration';
import { fileAndProcessorPaths } from './paths/files-processor';
import { graphqlPaths } from './paths/graphql';
import { programAndUserPaths } from './paths/program-users';
import { publicPaths } from './paths/public';
import { hostedPagePaths } from './paths/hosted-pages';
import { payoutPaths } from './paths/payouts';
import { webhookOperations } from './webhooks';

export type OpenAPIObject = oas31.OpenAPIObject;

/**
 * Schemas zod cannot render on its own: an event's `fields` is a z.custom (a JSON object checked by
 * fieldsProblem), described here as what it accepts.
 */
const override: ZodOpenApiOverride = ({ zodSchema, jsonSchema }) => {
  if (zodSchema === eventFieldsSchema) {
    Object.assign(jsonSchema, {
      type: 'object',
      description:
        'A JSON object: at most 16 KB serialized, strings at most 1,500 UTF-8 bytes, at most 16 levels deep, no NUL characters.',
    });
  }
};

/**
 * The OpenAPI 3.1 document of every REST route, built from the zod schemas the routes validate with
 * (services/gateway/routes/*.schema.ts, shared/) and the response schemas in ./responses. Pure: the
 * same document every time (served at /openapi.json, kept in docs/openapi.json by `npm run docs:api`).
 * A new route needs its operation here: test/unit/openapi-document.test.ts fails otherwise.
 */
export function buildOpenApiDocument(): OpenAPIObject {
  return createDocument(
    {
      openapi: '3.1.0',
      info: {
        title: 'Referral service API',
        version,
        description: API_DESCRIPTION,
        license: { name: 'Apache-2.0', identifier: 'Apache-2.0' },
      },
      servers: [{ url: '/', description: 'The gateway serving this document' }],
      tags: TAGS,
      paths: {
        ...programAndUserPaths,
        ...accountAndEventPaths,
        ...fileAndProcessorPaths,
        ...graphqlPaths,
        ...publicPaths,
        // Browser integration.
        ...browserIntegrationPaths,
        ...hostedPagePaths,
        ...payoutPaths,
      },
      webhooks: webhookOperations(),
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    { override, allowEmptySchema: { custom: true } },
  ) as OpenAPIObject;
}
