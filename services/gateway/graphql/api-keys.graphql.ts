import { z } from 'zod';
import { createApiKey, listApiKeys, revokeApiKey } from '../../../shared/domain/api-keys';
import { AppError } from '../../../shared/errors';
import { parseInput } from '../../../shared/validation';
import type { GraphQLContext } from './context';
import type { GraphQLModule } from './module';

/**
 * Keys change for the tenant's API key itself or an OWNER or ADMIN signed in to the portal. A VIEWER's
 * mutation never gets here (operator-guard.ts refuses it first); this is the second lock.
 */
function requireKeyManager(ctx: GraphQLContext): void {
  const { principal } = ctx;
  if (principal.kind === 'apiKey') return;
  if (principal.kind === 'operator' && (principal.role === 'OWNER' || principal.role === 'ADMIN')) return;
  throw new AppError('FORBIDDEN', 'Only OWNERs and ADMINs can change API keys');
}

const idArgs = z.object({ id: z.string() });

/**
 * The API keys page: list by prefix, create (the key is in the answer once and never again; the audit
 * log records only that a key was created, since operator-guard.ts logs arguments, not results), revoke
 * (every gateway refuses the key as soon as the revocation commits).
 */
export const apiKeysModule: GraphQLModule = {
  typeDefs: /* GraphQL */ `
    "One of the tenant's API keys, by its prefix (the key itself is never shown again)."
    type ApiKey {
      id: ID!
      "The key's first 16 characters, e.g. rsk_live_AbCdEfG."
      prefix: String!
      dateCreated: EpochMillis!
      "Set once revoked; a revoked key is refused everywhere."
      dateRevoked: EpochMillis
    }
    "A new key, shown this once: store it now."
    type CreatedApiKey {
      id: ID!
      prefix: String!
      dateCreated: EpochMillis!
      key: String!
    }
    extend type Query {
      "The tenant's active keys, newest first."
      apiKeys: [ApiKey!]!
    }
    extend type Mutation {
      "OWNER, ADMIN or the API key; the other keys keep working."
      createApiKey: CreatedApiKey!
      "OWNER, ADMIN or the API key. Another tenant's key is NOT_FOUND."
      revokeApiKey(id: ID!): ApiKey!
    }
  `,
  resolvers: {
    Query: {
      apiKeys: (_: unknown, __: unknown, ctx: GraphQLContext) => listApiKeys(ctx.deps.db, ctx.tenant.id),
    },
    Mutation: {
      createApiKey: async (_: unknown, __: unknown, ctx: GraphQLContext) => {
        requireKeyManager(ctx);
        const created = await createApiKey(ctx.deps.db, ctx.tenant);
        // The key works here at once, not only once this gateway's own NOTIFY arrives.
        ctx.deps.cache.invalidate(ctx.tenant.id);
        return created;
      },
      revokeApiKey: async (_: unknown, args: unknown, ctx: GraphQLContext) => {
        requireKeyManager(ctx);
        const { id } = parseInput(idArgs, args);
        const revoked = await revokeApiKey(ctx.deps.db, ctx.tenant.id, id);
        // Other gateways drop the key when the NOTIFY arrives; this one need not wait for its own.
        ctx.deps.cache.invalidate(ctx.tenant.id);
        return revoked;
      },
    },
  },
};
