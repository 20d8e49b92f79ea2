import { describeTenant } from '../../../shared/domain/tenants/tenants';
import type { GraphQLContext } from './context';
import type { GraphQLModule } from './module';

export const tenantModule: GraphQLModule = {
  typeDefs: /* GraphQL */ `
    enum TenantMode {
      LIVE
      TEST
    }
    "The program owner the credentials belong to."
    type Tenant {
      alias: String!
      name: String!
      mode: TenantMode!
      "Creation time, epoch milliseconds."
      dateCreated: EpochMillis!
    }
    extend type Query {
      "The tenant named in the path (and authenticated by its API key)."
      tenant: Tenant!
    }
  `,
  resolvers: {
    Query: {
      tenant: (_: unknown, __: unknown, ctx: GraphQLContext) => describeTenant(ctx.deps.db, ctx.tenant.alias),
    },
  },
};
