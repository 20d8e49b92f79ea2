import {
  allowBrowserOrigin,
  getBrowserIntegration,
} from '../../../shared/domain/tenants/browser-integration';
import type { GraphQLContext } from './context';
import type { GraphQLModule } from './module';
import { getProgramView } from '../../../shared/domain/programs/programs';

/** the portal Install page's browser section (snippets, first browser call, refused origins). */
export const browserIntegrationModule: GraphQLModule = {
  typeDefs: /* GraphQL */ `
    "An origin whose browser calls were refused because the program's allowedOrigins does not list it."
    type RefusedOrigin {
      origin: String!
      firstSeenAt: EpochMillis!
      lastSeenAt: EpochMillis!
      "Requests and preflights refused (counted per gateway, written in batches)."
      requests: Float!
    }
    "How the browser library is put on the merchant's pages, and what the service saw of it."
    type BrowserIntegration {
      "The browser library's content-hashed URL under PUBLIC_URL."
      scriptUrl: String!
      "The exact script tag for this tenant, with data-tenant."
      scriptTag: String!
      "The referrer widget on a page (after the script tag)."
      widgetSnippet: String!
      "Minting a user JWT on the merchant's server (Node); the API key comes from REFERRAL_API_KEY, never printed."
      jwtSnippet: String!
      "When the first browser call arrived (a user-JWT call from a page, or the library's settings fetch); null: none yet."
      firstBrowserCallAt: EpochMillis
      "Origins refused in the last 30 days that are still not allowed, most recent first (at most 50)."
      refusedOrigins: [RefusedOrigin!]!
    }
    extend type Query {
      browserIntegration: BrowserIntegration!
    }
    extend type Mutation {
      "Adds one origin to the program's allowedOrigins (at most 50); an origin already listed changes nothing."
      allowBrowserOrigin(origin: String!): Program!
    }
  `,
  resolvers: {
    Query: {
      browserIntegration: (_: unknown, __: unknown, ctx: GraphQLContext) =>
        getBrowserIntegration(ctx.deps.db, ctx.tenant, {
          publicUrl: ctx.deps.config.publicUrl,
          libraryHash: ctx.deps.browserLibrary.hash,
        }),
    },
    Mutation: {
      allowBrowserOrigin: async (_: unknown, args: { origin: string }, ctx: GraphQLContext) => {
        await allowBrowserOrigin(ctx.deps.db, ctx.tenant.id, args.origin);
        return getProgramView(ctx.deps.db, ctx.tenant.id);
      },
    },
  },
};
