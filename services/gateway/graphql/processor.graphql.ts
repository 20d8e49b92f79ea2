import {
  connectProcessor,
  connectProcessorSchema,
  disconnectProcessor,
  getConnection,
  presentConnection,
} from '../../../shared/domain/processors/processor-connections';
import { listRecentNotifications } from '../../../shared/domain/processors/processor-notifications';
import { parseInput } from '../../../shared/validation';
import type { GraphQLContext } from './context';
import type { GraphQLModule } from './module';

/**
 * Install step 3 of the payment-processor flow: the merchant's keys, checked with the processor, then
 * stored with the private key sealed.
 */
export const processorModule: GraphQLModule = {
  typeDefs: /* GraphQL */ `
    enum PaymentProcessorKind {
      BRAINTREE
    }
    enum PaymentProcessorEnvironment {
      SANDBOX
      PRODUCTION
    }
    input ConnectPaymentProcessorInput {
      processor: PaymentProcessorKind!
      merchantId: String!
      publicKey: String!
      "Encrypted at rest and never returned."
      privateKey: String!
    }
    "The tenant's payment-processor connection. Test-mode tenants use the SANDBOX."
    type PaymentProcessorConnection {
      processor: PaymentProcessorKind!
      merchantId: String!
      publicKey: String!
      environment: PaymentProcessorEnvironment!
      "Register it at the processor for all subscription notifications."
      webhookUrl: String!
      connectedAt: EpochMillis!
    }
    "A webhook delivery from the processor and what it came to."
    type ProcessorNotification {
      id: ID!
      "The processor's kind, e.g. subscription_charged_successfully (unreadable: authentic but unparsable)."
      kind: String!
      "The subscription it concerns."
      subjectId: String
      "RECEIVED (waiting for its workflow), PROCESSED, RECORDED, IGNORED, FAILED or REJECTED."
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
      "Checks the keys with the processor before storing them: keys it refuses are VALIDATION_FAILED naming the fields, an unreachable processor SERVICE_UNAVAILABLE; nothing is stored then."
      connectPaymentProcessor(input: ConnectPaymentProcessorInput!): PaymentProcessorConnection!
      "True when a connection was removed."
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
        const { db, secretBox, processors, config } = ctx.deps;
        const processorOptions = {
          baseUrl: config.PROCESSOR_BASE_URL,
          timeoutMs: config.PROCESSOR_TIMEOUT_MS,
        };
        const row = await connectProcessor(
          { db, secretBox, processors, processorOptions },
          ctx.tenant,
          input,
        );
        return presentConnection(row, ctx.deps.config.publicUrl, ctx.tenant.alias);
      },
      disconnectPaymentProcessor: (_: unknown, __: unknown, ctx: GraphQLContext) =>
        disconnectProcessor(ctx.deps.db, ctx.tenant.id),
    },
  },
};
