import {
  connectProcessor,
  connectProcessorSchema,
  disconnectProcessor,
  getConnection,
  presentConnection,
} from '../../../shared/domain/processor-connections';
import { parseInput } from '../../../shared/validation';
import type { GraphQLContext } from './context';
import type { GraphQLModule } from './module';

/** Install step 3 of the payment-processor flow: the merchant's keys, stored with the private key sealed. */
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
    extend type Query {
      paymentProcessor: PaymentProcessorConnection
    }
    extend type Mutation {
      connectPaymentProcessor(input: ConnectPaymentProcessorInput!): PaymentProcessorConnection!
      "True when a connection was removed."
      disconnectPaymentProcessor: Boolean!
    }
  `,
  resolvers: {
    Query: {
      paymentProcessor: (_: unknown, __: unknown, ctx: GraphQLContext) =>
        getConnection(ctx.deps.db, ctx.tenant, ctx.deps.config.publicUrl),
    },
    Mutation: {
      connectPaymentProcessor: async (_: unknown, args: { input: unknown }, ctx: GraphQLContext) => {
        const input = parseInput(connectProcessorSchema, args.input, 'input');
        const row = await connectProcessor(ctx.deps.db, ctx.deps.secretBox, ctx.tenant, input);
        return presentConnection(row, ctx.deps.config.publicUrl, ctx.tenant.alias);
      },
      disconnectPaymentProcessor: (_: unknown, __: unknown, ctx: GraphQLContext) =>
        disconnectProcessor(ctx.deps.db, ctx.tenant.id),
    },
  },
};
