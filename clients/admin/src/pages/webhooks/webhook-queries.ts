/**
 * The Webhooks page's GraphQL documents and the shapes they answer (services/gateway/graphql/
 * webhooks.graphql.ts): endpoints, the event catalogue, the delivery log and the changes.
 */
import { graphql } from '../../gql';
import type {
  EndpointFieldsFragment,
  WebhookDeliveriesQuery,
  WebhookDeliveryOutcome,
  WebhooksQuery,
} from '../../gql/graphql';

export type WebhookEventType = WebhooksQuery['webhookEventTypes'][number];

export type WebhookEndpoint = EndpointFieldsFragment;

export type DeliveryOutcome = WebhookDeliveryOutcome;

export type WebhookDelivery = WebhookDeliveryPage['items'][number];

export type WebhookDeliveryPage = WebhookDeliveriesQuery['webhookDeliveries'];

/** A secret shown this once: after creating an endpoint or rotating its secret. */
export interface ShownSecret {
  kind: 'created' | 'rotated';
  endpoint: WebhookEndpoint;
  secret: string;
  /** Rotation: until when the previous secret keeps signing. */
  previousSecretExpiresAt?: number;
}

graphql(`
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
`);

export const WEBHOOKS = graphql(`
  query Webhooks {
    webhookEndpoints {
      ...EndpointFields
    }
    webhookEventTypes {
      name
      description
    }
  }
`);

export const CREATE_ENDPOINT = graphql(`
  mutation CreateWebhookEndpoint($input: CreateWebhookEndpointInput!) {
    createWebhookEndpoint(input: $input) {
      secret
      endpoint {
        ...EndpointFields
      }
    }
  }
`);

export const UPDATE_ENDPOINT = graphql(`
  mutation UpdateWebhookEndpoint($id: ID!, $input: UpdateWebhookEndpointInput!) {
    updateWebhookEndpoint(id: $id, input: $input) {
      ...EndpointFields
    }
  }
`);

export const DELETE_ENDPOINT = graphql(`
  mutation DeleteWebhookEndpoint($id: ID!) {
    deleteWebhookEndpoint(id: $id) {
      id
    }
  }
`);

export const ROTATE_SECRET = graphql(`
  mutation RotateWebhookSecret($id: ID!) {
    rotateWebhookSecret(id: $id) {
      secret
      previousSecretExpiresAt
      endpoint {
        ...EndpointFields
      }
    }
  }
`);

export const DELIVERIES = graphql(`
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
`);

export const SEND_TEST = graphql(`
  mutation SendTestWebhook($endpointId: ID!) {
    sendTestWebhook(endpointId: $endpointId) {
      eventId
    }
  }
`);

export const REPLAY_EVENT = graphql(`
  mutation ReplayWebhookEvent($eventId: ID!, $endpointId: ID) {
    replayWebhookEvent(eventId: $eventId, endpointId: $endpointId) {
      eventId
      endpointIds
    }
  }
`);

export const REPLAY_FAILED = graphql(`
  mutation ReplayFailedWebhookEvents($endpointId: ID!, $since: EpochMillis!) {
    replayFailedWebhookEvents(endpointId: $endpointId, since: $since) {
      eventIds
    }
  }
`);
