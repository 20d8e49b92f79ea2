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

export function renderReferenceFiles(): Record<keyof typeof REFERENCE_FILES, string> {
  return {
    ...renderApiDocFiles(),
    configuration: renderConfigurationPage(),
    webhookEvents: renderWebhookEventsPage(),
  };
}
