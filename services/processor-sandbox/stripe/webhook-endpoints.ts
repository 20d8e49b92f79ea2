import crypto from 'node:crypto';
import { missingParam, invalidParam, noSuch } from './errors';
import { list, metadataOf, str } from './form';
import { pageQuery, type Route } from './routes';
import { listOf, newId, now, objectsOf, type WebhookEndpoint } from './state';

/* /v1/webhook_endpoints: localstripe has none. The secret is answered on create only, as Stripe does. */

const hideSecret = (endpoint: WebhookEndpoint) => {
  const { secret: _secret, ...rest } = endpoint;
  return rest;
};

function endpointOf(account: { objects: Map<string, unknown> }, id: string): WebhookEndpoint {
  const endpoint = account.objects.get(id) as WebhookEndpoint | undefined;
  if (endpoint?.object !== 'webhook_endpoint') throw noSuch('webhook endpoint', id);
  return endpoint;
}

function eventsParam(value: unknown): string[] {
  if (!Array.isArray(value) || value.length === 0 || !value.every((v) => typeof v === 'string'))
    throw missingParam('enabled_events');
  return value as string[];
}

export const webhookEndpointRoutes: Route[] = [
  {
    method: 'POST',
    path: /^\/v1\/webhook_endpoints$/,
    handle({ account, params }) {
      const url = str(params, 'url');
      if (!url) throw missingParam('url');
      if (!/^https?:\/\/[^\s]+$/.test(url))
        throw invalidParam('url', 'Invalid URL: URL must be a valid URL.');
      const endpoint: WebhookEndpoint = {
        id: newId('we_'),
        object: 'webhook_endpoint',
        api_version: str(params, 'api_version') ?? null,
        application: null,
        created: now(),
        description: str(params, 'description') ?? null,
        enabled_events: eventsParam(params.enabled_events),
        livemode: account.livemode,
        metadata: metadataOf(params),
        secret: `whsec_${crypto.randomBytes(24).toString('hex')}`,
        status: 'enabled',
        url,
      };
      account.objects.set(endpoint.id, endpoint);
      return endpoint;
    },
  },
  {
    method: 'GET',
    path: /^\/v1\/webhook_endpoints\/([^/]+)$/,
    handle: ({ account, match }) => hideSecret(endpointOf(account, match[1]!)),
  },
  {
    method: 'POST',
    path: /^\/v1\/webhook_endpoints\/([^/]+)$/,
    handle({ account, match, params }) {
      const endpoint = endpointOf(account, match[1]!);
      if (params.url !== undefined) endpoint.url = str(params, 'url') ?? endpoint.url;
      if (params.enabled_events !== undefined)
        endpoint.enabled_events = eventsParam(list(params, 'enabled_events'));
      if (params.description !== undefined) endpoint.description = str(params, 'description') || null;
      if (params.disabled !== undefined)
        endpoint.status = params.disabled === 'true' ? 'disabled' : 'enabled';
      endpoint.metadata = metadataOf(params, endpoint.metadata as Record<string, string>);
      return hideSecret(endpoint);
    },
  },
  {
    method: 'DELETE',
    path: /^\/v1\/webhook_endpoints\/([^/]+)$/,
    handle({ account, match }) {
      const endpoint = endpointOf(account, match[1]!);
      account.objects.delete(endpoint.id);
      return { id: endpoint.id, object: 'webhook_endpoint', deleted: true };
    },
  },
  {
    method: 'GET',
    path: /^\/v1\/webhook_endpoints$/,
    handle: ({ account, params }) =>
      listOf(
        '/v1/webhook_endpoints',
        objectsOf<WebhookEndpoint>(account, 'webhook_endpoint').map(hideSecret) as never,
        pageQuery(params),
      ),
  },
];
