import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhookEndpoints,
  rotateWebhookSecret,
  updateWebhookEndpoint,
} from '../../../shared/domain/webhooks/webhook-endpoints';
import { listWebhookDeliveries } from '../../../shared/domain/webhooks/webhook-delivery-log';
import { listWebhookEventTypes } from '../../../shared/domain/webhooks/webhook-event-types';
import { AppError } from '../../../shared/errors';
import {
  replayFailedWebhookEvents,
  replayWebhookEvent,
  sendTestWebhook,
} from '../../../shared/use-cases/webhook-replay';
import type { GraphQLContext } from './context';
import type { GraphQLModule } from './module';

/**
 * Endpoints change for the tenant's API key or an OWNER or ADMIN signed in to the portal. A VIEWER's
 * mutation never gets here (operator-guard.ts refuses it first); this is the second lock.
 */
function requireWebhookManager(ctx: GraphQLContext): void {
  const { principal } = ctx;
  if (principal.kind === 'apiKey') return;
  if (principal.kind === 'operator' && (principal.role === 'OWNER' || principal.role === 'ADMIN')) return;
  throw new AppError('FORBIDDEN', 'Only OWNERs and ADMINs can change webhook endpoints');
}

type Args = Record<string, unknown>;

/**
 * Outbound webhooks, first part: the event catalogue and the endpoints. A signing secret is in
 * the answer of createWebhookEndpoint and rotateWebhookSecret once; the audit log records the
 * mutation's arguments and the endpoint id (operator-guard.ts auditTarget), never a result's secret.
 * Arguments are validated by the domain (shared/domain/webhooks/webhook-endpoints.ts), naming `input.<field>`.
 */
export const webhooksModule: GraphQLModule = {
  typeDefs: /* GraphQL */ `
    "An outbound webhook event type of the catalogue."
    type WebhookEventType {
      "e.g. referral.converted"
      name: String!
      description: String!
    }
    "Where the tenant receives webhooks. The signing secret is never shown again after creation or rotation."
    type WebhookEndpoint {
      id: ID!
      url: String!
      description: String!
      "Event type names it receives; empty means every type."
      eventTypes: [String!]!
      "False once disabled (by an operator, a 410 Gone answer, or three days of failed deliveries)."
      enabled: Boolean!
      dateDisabled: EpochMillis
      disabledReason: String
      "Until when the secret replaced by the last rotation still signs deliveries (beside the new one)."
      previousSecretExpiresAt: EpochMillis
      dateCreated: EpochMillis!
      dateUpdated: EpochMillis!
    }
    "A new endpoint and its signing secret, shown this once: store it now."
    type CreatedWebhookEndpoint {
      id: ID!
      "whsec_ followed by base64: verify deliveries with it (Standard Webhooks)."
      secret: String!
      endpoint: WebhookEndpoint!
    }
    "A rotated signing secret, shown this once; the former one keeps signing until previousSecretExpiresAt."
    type RotatedWebhookSecret {
      secret: String!
      previousSecretExpiresAt: EpochMillis!
      endpoint: WebhookEndpoint!
    }
    input CreateWebhookEndpointInput {
      "https URL (http only where WEBHOOK_ALLOW_HTTP is set); private and loopback hosts are refused."
      url: String!
      "Event type names (see webhookEventTypes); empty or omitted: every type."
      eventTypes: [String!]
      "At most 500 characters."
      description: String
    }
    "Only the fields given change."
    input UpdateWebhookEndpointInput {
      url: String
      eventTypes: [String!]
      description: String
      "true re-enables a disabled endpoint (clearing the reason); false disables it."
      enabled: Boolean
    }
    "What one delivery attempt came to."
    enum WebhookDeliveryOutcome {
      "A 2xx answer: delivered."
      SUCCEEDED
      "No 2xx answer (or none at all); the delivery tries again on its schedule."
      FAILED
      "410 Gone: the endpoint was disabled and the delivery stopped."
      GONE
      "The last attempt of the schedule failed: the delivery gave up (replay it)."
      ABANDONED
      "Sent, with no outcome recorded: in flight now, or its worker stopped before the answer was logged (the receiver may have it); the delivery goes on with the same webhook-id."
      UNKNOWN
    }
    "One HTTP attempt of a webhook delivery."
    type WebhookDelivery {
      id: ID!
      endpointId: ID!
      "The event's id: the webhook-id header, the same for every attempt and replay."
      eventId: ID!
      eventType: String!
      "1 for the first attempt of a delivery (a replay starts at 1 again)."
      attempt: Int!
      dateStarted: EpochMillis!
      "Null when no answer came (refused, timed out, or the URL guard refused the host)."
      statusCode: Int
      latencyMs: Int!
      "The answer's first 512 bytes, as text."
      responseExcerpt: String
      error: String
      outcome: WebhookDeliveryOutcome!
    }
    type WebhookDeliveryPage {
      items: [WebhookDelivery!]!
      "Pass as after for the next page."
      endCursor: String
      hasNextPage: Boolean!
    }
    "Deliveries started again for one event."
    type WebhookReplay {
      eventId: ID!
      "The endpoints it is delivered to again."
      endpointIds: [ID!]!
    }
    "Events replayed to one endpoint."
    type WebhookReplayBatch {
      endpointId: ID!
      eventIds: [ID!]!
    }
    "A webhook.test event on its way to one endpoint."
    type WebhookTestSent {
      eventId: ID!
      endpointId: ID!
    }
    extend type Query {
      "The catalogue of event types, with what each means."
      webhookEventTypes: [WebhookEventType!]!
      "The tenant's webhook endpoints, newest first."
      webhookEndpoints: [WebhookEndpoint!]!
      "An endpoint's delivery attempts, newest first (1 to 100 a page, 25 by default). Another tenant's endpoint is NOT_FOUND."
      webhookDeliveries(endpointId: ID!, first: Int, after: String): WebhookDeliveryPage!
    }
    extend type Mutation {
      "OWNER, ADMIN or the API key. At most 20 endpoints per tenant (CONFLICT above)."
      createWebhookEndpoint(input: CreateWebhookEndpointInput!): CreatedWebhookEndpoint!
      "OWNER, ADMIN or the API key. Another tenant's endpoint is NOT_FOUND."
      updateWebhookEndpoint(id: ID!, input: UpdateWebhookEndpointInput!): WebhookEndpoint!
      "OWNER, ADMIN or the API key. Answers the deleted endpoint; another tenant's is NOT_FOUND."
      deleteWebhookEndpoint(id: ID!): WebhookEndpoint!
      "OWNER, ADMIN or the API key. A new secret; the former one keeps signing for 24 hours."
      rotateWebhookSecret(id: ID!): RotatedWebhookSecret!
      "OWNER, ADMIN or the API key. Delivers an event again (same payload and webhook-id: receivers dedupe on it) to one enabled endpoint, or to every enabled endpoint that wants its type."
      replayWebhookEvent(eventId: ID!, endpointId: ID): WebhookReplay!
      "OWNER, ADMIN or the API key. Replays to an enabled endpoint every event since a time (at most 1000, oldest first) that it wants and did not receive: no 2xx answer and no retry pending."
      replayFailedWebhookEvents(endpointId: ID!, since: EpochMillis!): WebhookReplayBatch!
      "OWNER, ADMIN or the API key. Sends an event of type webhook.test (not in the catalogue; data: endpointId, message) to this one enabled endpoint."
      sendTestWebhook(endpointId: ID!): WebhookTestSent!
    }
  `,
  resolvers: {
    Query: {
      webhookEventTypes: () => listWebhookEventTypes(),
      webhookEndpoints: (_: unknown, __: unknown, ctx: GraphQLContext) =>
        listWebhookEndpoints(ctx.deps, ctx.tenant.id),
      webhookDeliveries: (_: unknown, args: Args, ctx: GraphQLContext) =>
        listWebhookDeliveries(ctx.deps.db, ctx.tenant.id, args),
    },
    Mutation: {
      createWebhookEndpoint: (_: unknown, args: Args, ctx: GraphQLContext) => {
        requireWebhookManager(ctx);
        return createWebhookEndpoint(ctx.deps, ctx.tenant.id, args.input);
      },
      updateWebhookEndpoint: (_: unknown, args: Args, ctx: GraphQLContext) => {
        requireWebhookManager(ctx);
        return updateWebhookEndpoint(ctx.deps, ctx.tenant.id, args.id, args.input);
      },
      deleteWebhookEndpoint: (_: unknown, args: Args, ctx: GraphQLContext) => {
        requireWebhookManager(ctx);
        return deleteWebhookEndpoint(ctx.deps, ctx.tenant.id, args.id);
      },
      rotateWebhookSecret: (_: unknown, args: Args, ctx: GraphQLContext) => {
        requireWebhookManager(ctx);
        return rotateWebhookSecret(ctx.deps, ctx.tenant.id, args.id);
      },
      replayWebhookEvent: (_: unknown, args: Args, ctx: GraphQLContext) => {
        requireWebhookManager(ctx);
        return replayWebhookEvent(ctx.deps, ctx.tenant, args);
      },
      replayFailedWebhookEvents: (_: unknown, args: Args, ctx: GraphQLContext) => {
        requireWebhookManager(ctx);
        return replayFailedWebhookEvents(ctx.deps, ctx.tenant, args);
      },
      sendTestWebhook: (_: unknown, args: Args, ctx: GraphQLContext) => {
        requireWebhookManager(ctx);
        return sendTestWebhook(ctx.deps, ctx.tenant, args.endpointId);
      },
    },
  },
};
