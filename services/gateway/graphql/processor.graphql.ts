import {
  connectProcessor,
  connectProcessorSchema,
  disconnectProcessor,
  type ConnectDeps,
  getConnection,
  presentConnection,
} from '../../../shared/domain/processors/processor-connections';
import { listRecentNotifications } from '../../../shared/domain/processors/processor-notifications';
import { parseInput } from '../../../shared/validation';
import type { GraphQLContext } from './context';

function connectDeps(ctx: GraphQLContext): ConnectDeps {
  const { db, secretBox, processors, billing, billingOptions, config } = ctx.deps;
  const processorOptions = { baseUrl: config.PROCESSOR_BASE_URL, timeoutMs: config.PROCESSOR_TIMEOUT_MS };
  return { db, secretBox, processors, processorOptions, billing, billingOptions };
}
import type { GraphQLModule } from './module';

/**
 * Install step 3 of the payment-processor flow: the merchant's keys, checked with the processor, then
 * stored with the private key sealed.
 */
export const processorModule: GraphQLModule = {
  typeDefs: /* GraphQL */ `
    enum PaymentProcessorKind {
      BRAINTREE
      STRIPE
    }
    "How the processor's webhook reaches us."
    enum ProcessorWebhookRegistration {
      "We created the endpoint at the processor (Stripe, with a key that may)."
      AUTOMATIC
      "The merchant registers webhookUrl for webhookEvents (Braintree always; Stripe when the key may not create endpoints, with its signing secret given)."
      MANUAL
      "Stripe, registered by hand: connect again with the endpoint's signing secret (webhookSecret); until then no event can be verified."
      SECRET_NEEDED
    }
    enum PaymentProcessorEnvironment {
      SANDBOX
      PRODUCTION
    }
    "Each processor's own fields: Braintree merchantId, publicKey and privateKey; Stripe secretKey (and webhookSecret for an endpoint registered by hand)."
    input ConnectPaymentProcessorInput {
      processor: PaymentProcessorKind!
      "Braintree."
      merchantId: String
      "Braintree."
      publicKey: String
      "Braintree. Encrypted at rest and never returned."
      privateKey: String
      "Stripe: a secret (sk_…) or restricted (rk_…) key of the tenant's mode (test keys for a test_ tenant). Encrypted at rest and never returned."
      secretKey: String
      "Stripe: the signing secret (whsec_…) of an endpoint the merchant registered by hand; without it we create the endpoint. Encrypted at rest and never returned."
      webhookSecret: String
    }
    "The tenant's payment-processor connection. Test-mode tenants use the SANDBOX."
    type PaymentProcessorConnection {
      processor: PaymentProcessorKind!
      "Braintree's merchant id; Stripe's account id when the key may read it."
      merchantId: String
      "Braintree's public key."
      publicKey: String
      "Stripe: the key's kind, mode and last four characters, e.g. sk_test_…4242."
      keyHint: String
      environment: PaymentProcessorEnvironment!
      "Where the processor delivers its webhooks for this tenant."
      webhookUrl: String!
      webhookRegistration: ProcessorWebhookRegistration!
      "The notification kinds (Braintree) or event types (Stripe) the webhook must deliver."
      webhookEvents: [String!]!
      connectedAt: EpochMillis!
    }
    "A webhook delivery from the processor and what it came to."
    type ProcessorNotification {
      id: ID!
      "The processor's kind, e.g. subscription_charged_successfully or invoice.paid (unreadable: authentic but unparsable)."
      kind: String!
      "The processor: BRAINTREE or STRIPE."
      processor: String!
      "The object it concerns: a subscription or transaction (Braintree); a customer, session, invoice, subscription, charge or dispute (Stripe)."
      subjectId: String
      "The processor customer the event names (Stripe)."
      customerId: String
      "RECEIVED (waiting for its workflow), WAITING (no account tied to its customer yet; applied when one is), PROCESSED, RECORDED, IGNORED, FAILED or REJECTED."
      status: String!
      receivedAt: EpochMillis!
      processedAt: EpochMillis
      "What applying it came to (account, result), or why it was rejected; null while it waits."
      outcome: JSON
    }
    extend type Query {
      paymentProcessor: PaymentProcessorConnection
      "Newest first; first is 1 to 100 (default 20)."
      processorNotifications(first: Int): [ProcessorNotification!]!
    }
    extend type Mutation {
      "Checks the keys with the processor before storing them: keys it refuses (or a key of the other mode) are VALIDATION_FAILED naming the fields, an unreachable processor SERVICE_UNAVAILABLE; nothing is stored then. Stripe: creates our webhook endpoint unless webhookSecret is given; connecting again replaces the connection and removes the endpoint it replaced."
      connectPaymentProcessor(input: ConnectPaymentProcessorInput!): PaymentProcessorConnection!
      "True when a connection was removed. Stripe: our webhook endpoint is removed first (SERVICE_UNAVAILABLE, and nothing changes, when Stripe cannot be reached)."
      disconnectPaymentProcessor: Boolean!
    }
  `,
  resolvers: {
    Query: {
      paymentProcessor: (_: unknown, __: unknown, ctx: GraphQLContext) =>
        getConnection(ctx.deps.db, ctx.tenant, ctx.deps.config.publicUrl),
      processorNotifications: (_: unknown, args: { first?: number | null }, ctx: GraphQLContext) =>
        listRecentNotifications(ctx.deps.db, ctx.tenant.id, { first: args.first }),
    },
    Mutation: {
      connectPaymentProcessor: async (_: unknown, args: { input: unknown }, ctx: GraphQLContext) => {
        const input = parseInput(connectProcessorSchema, args.input, 'input');
        const row = await connectProcessor(connectDeps(ctx), ctx.tenant, input, ctx.deps.config.publicUrl);
        return presentConnection(row, ctx.deps.config.publicUrl, ctx.tenant.alias);
      },
      disconnectPaymentProcessor: (_: unknown, __: unknown, ctx: GraphQLContext) =>
        disconnectProcessor(connectDeps(ctx), ctx.tenant.id),
    },
  },
};
