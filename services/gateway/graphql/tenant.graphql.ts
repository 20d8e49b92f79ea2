import { createTenantsRepo } from '../../../shared/repos/tenants.repo';
import type { GraphQLContext } from './context';
import type { GraphQLModule } from './schema';

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
      dateCreated: Float!
    }
    extend type Query {
      "The tenant named in the path (and authenticated by its API key)."
      tenant: Tenant!
    }
  `,
  resolvers: {
    Query: {
      tenant: async (_: unknown, __: unknown, ctx: GraphQLContext) => {
        const row = await createTenantsRepo(ctx.deps.db).findByAlias(ctx.tenant.alias);
        if (!row) throw new Error('authenticated tenant vanished');
        return {
          alias: row.alias,
          name: row.name,
          mode: row.mode.toUpperCase(),
          dateCreated: row.created_at.getTime(),
        };
      },
    },
  },
};
