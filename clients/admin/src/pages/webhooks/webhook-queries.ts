/**
 * The Webhooks page's GraphQL documents and the shapes they answer (services/gateway/graphql/
 * webhooks.graphql.ts): endpoints, the event catalogue, the delivery log and the changes.
 */

export interface WebhookEventType {
  name: string;
  description: string;
}

export interface WebhookEndpoint {
  id: string;
  url: string;
  description: string;
  /** Empty: every event type. */
  eventTypes: string[];
  enabled: boolean;
  dateDisabled: number | null;
  disabledReason: string | null;
  previousSecretExpiresAt: number | null;
  dateCreated: number;
}

export type DeliveryOutcome = 'SUCCEEDED' | 'FAILED' | 'GONE' | 'ABANDONED' | 'UNKNOWN';

export interface WebhookDelivery {
  id: string;
  eventId: string;
  eventType: string;
  attempt: number;
  dateStarted: number;
  statusCode: number | null;
  latencyMs: number;
  responseExcerpt: string | null;
  error: string | null;
  outcome: DeliveryOutcome;
}

export interface WebhookDeliveryPage {
  items: WebhookDelivery[];
  endCursor: string | null;
  hasNextPage: boolean;
}

/** A secret shown this once: after creating an endpoint or rotating its secret. */
export interface ShownSecret {
  kind: 'created' | 'rotated';
  endpoint: WebhookEndpoint;
  secret: string;
  /** Rotation: until when the previous secret keeps signing. */
  previousSecretExpiresAt?: number;
}

const ENDPOINT_FIELDS = /* GraphQL */ `
  fragment EndpointFields on WebhookEndpoint {
    id
    url
    description
    eventTypes
    enabled
    dateDisabled
    disabledReason
    previousSecretExpiresAt
    dateCreated
  }
`;

export const WEBHOOKS = /* GraphQL */ `
  query Webhooks {
    webhookEndpoints {
      ...EndpointFields
    }
    webhookEventTypes {
      name
      description
    }
  }
  ${ENDPOINT_FIELDS}
`;

export const CREATE_ENDPOINT = /* GraphQL */ `
  mutation CreateWebhookEndpoint($input: CreateWebhookEndpointInput!) {
    createWebhookEndpoint(input: $input) {
      secret
      endpoint {
        ...EndpointFields
      }
    }
  }
  ${ENDPOINT_FIELDS}
`;

export const UPDATE_ENDPOINT = /* GraphQL */ `
  mutation UpdateWebhookEndpoint($id: ID!, $input: UpdateWebhookEndpointInput!) {
    updateWebhookEndpoint(id: $id, input: $input) {
      ...EndpointFields
    }
  }
  ${ENDPOINT_FIELDS}
`;

export const DELETE_ENDPOINT = /* GraphQL */ `
  mutation DeleteWebhookEndpoint($id: ID!) {
    deleteWebhookEndpoint(id: $id) {
      id
    }
  }
`;

export const ROTATE_SECRET = /* GraphQL */ `
  mutation RotateWebhookSecret($id: ID!) {
    rotateWebhookSecret(id: $id) {
      secret
      previousSecretExpiresAt
      endpoint {
        ...EndpointFields
      }
    }
  }
  ${ENDPOINT_FIELDS}
`;

export const DELIVERIES = /* GraphQL */ `
  query WebhookDeliveries($endpointId: ID!, $first: Int, $after: String) {
    webhookDeliveries(endpointId: $endpointId, first: $first, after: $after) {
      items {
        id
        eventId
        eventType
        attempt
        dateStarted
        statusCode
        latencyMs
        responseExcerpt
        error
        outcome
      }
      endCursor
      hasNextPage
    }
  }
`;

export const SEND_TEST = /* GraphQL */ `
  mutation SendTestWebhook($endpointId: ID!) {
    sendTestWebhook(endpointId: $endpointId) {
      eventId
    }
  }
`;

export const REPLAY_EVENT = /* GraphQL */ `
  mutation ReplayWebhookEvent($eventId: ID!, $endpointId: ID) {
    replayWebhookEvent(eventId: $eventId, endpointId: $endpointId) {
      eventId
      endpointIds
    }
  }
`;

export const REPLAY_FAILED = /* GraphQL */ `
  mutation ReplayFailedWebhookEvents($endpointId: ID!, $since: EpochMillis!) {
    replayFailedWebhookEvents(endpointId: $endpointId, since: $since) {
      eventIds
    }
  }
`;
