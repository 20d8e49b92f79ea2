import { API_DOC_FILES, renderApiDocFiles } from '../../services/gateway/openapi/doc-files';
import { renderConfigurationPage } from './configuration-page';
import { renderWebhookEventsPage } from './webhook-events-page';

/**
 * The generated reference files: the OpenAPI document, the GraphQL SDL, the configuration page and the
 * webhook event catalogue. `npm run docs:api` writes them; test/integration/platform/api-docs.test.ts fails while a
 * committed copy differs from what the code generates.
 */
export const REFERENCE_FILES = {
  ...API_DOC_FILES,
  configuration: 'docs/configuration.md',
  webhookEvents: 'docs/webhook-events.md',
} as const;

/**
 * The SDK's types generated from the OpenAPI document (scripts/reference/sdk-openapi-types.ts, written
 * after the files above by `npm run docs:api`; test/unit/sdk-openapi-types.test.ts fails while stale).
 */
export const SDK_OPENAPI_TYPES_FILE = 'clients/sdk/contract/openapi.ts';

export function renderReferenceFiles(): Record<keyof typeof REFERENCE_FILES, string> {
  return {
    ...renderApiDocFiles(),
    configuration: renderConfigurationPage(),
    webhookEvents: renderWebhookEventsPage(),
  };
}
