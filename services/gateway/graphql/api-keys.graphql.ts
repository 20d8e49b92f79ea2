import { z } from 'zod';
import { apiKeyScopesSchema, assertCanManageKeys } from '../../../shared/domain/tenants/api-key-scopes';
import { createApiKey, listApiKeys, revokeApiKey } from '../../../shared/domain/tenants/api-keys';
import { parseInput } from '../../../shared/validation';
import type { GraphQLContext } from './context';
import { keyActorOf } from './key-actor';
import type { GraphQLModule } from './module';

const idArgs = z.object({ id: z.string() });
const createArgs = z.object({
  scopes: apiKeyScopesSchema.nullish(),
  purpose: z.enum(['API', 'MCP']).nullish(),
  allowChanges: z.boolean().nullish(),
});

/**
 * The API keys page: list by prefix, create (the key is in the answer once and never again; the audit
 * log records only that a key was created, since operator-guard.ts logs arguments, not results), revoke
 * (every gateway refuses the key as soon as the revocation commits).
 */
export const apiKeysModule: GraphQLModule = {
  typeDefs: /* GraphQL */ `
    "What a key may do beyond the integration API."
    enum ApiKeyScope {
      "Invite operators, change roles, remove operators (never with a test-mode key)."
      TEAM
      "Create and revoke API keys (with at most its own scopes)."
      KEYS
    }
    "API: the REST and GraphQL API. MCP: an AI agent's key, only for the MCP endpoint (docs/mcp.md)."
    enum ApiKeyPurpose {
      API
      MCP
    }
    "One of the tenant's API keys, by its prefix (the key itself is never shown again)."
    type ApiKey {
      id: ID!
      "The key's first 16 characters, e.g. rsk_live_AbCdEfG."
      prefix: String!
      scopes: [ApiKeyScope!]!
      purpose: ApiKeyPurpose!
      "An MCP key's agent may ask for changes, each a pending action an OWNER or ADMIN approves; false otherwise."
      allowChanges: Boolean!
      "Who minted it: cli:<command>, operator:<e-mail> or apiKey:<prefix>; null for keys older than scopes."
      createdBy: String
      dateCreated: EpochMillis!
      "Set once revoked; a revoked key is refused everywhere."
      dateRevoked: EpochMillis
    }
    "A new key, shown this once: store it now."
    type CreatedApiKey {
      id: ID!
      prefix: String!
      scopes: [ApiKeyScope!]!
      purpose: ApiKeyPurpose!
      allowChanges: Boolean!
      createdBy: String
      dateCreated: EpochMillis!
      key: String!
    }
    extend type Query {
      "The tenant's active keys, newest first."
      apiKeys: [ApiKey!]!
    }
    extend type Mutation {
      "OWNER, ADMIN or a key with KEYS; scopes only an OWNER (or a key holding them) may grant. At most MAX_API_KEYS_PER_TENANT active keys. purpose MCP (OWNER or ADMIN only): a key for AI agents on the MCP endpoint, read-only unless allowChanges."
      createApiKey(scopes: [ApiKeyScope!], purpose: ApiKeyPurpose, allowChanges: Boolean): CreatedApiKey!
      "OWNER, ADMIN or a key with KEYS. Another tenant's key is NOT_FOUND."
      revokeApiKey(id: ID!): ApiKey!
    }
  `,
  resolvers: {
    Query: {
      apiKeys: (_: unknown, __: unknown, ctx: GraphQLContext) => listApiKeys(ctx.deps.db, ctx.tenant.id),
    },
    Mutation: {
      createApiKey: async (_: unknown, args: unknown, ctx: GraphQLContext) => {
        const { scopes, purpose, allowChanges } = parseInput(createArgs, args);
        const created = await createApiKey(ctx.deps.db, ctx.tenant, {
          actor: keyActorOf(ctx),
          scopes: scopes ?? [],
          purpose: purpose ?? 'API',
          allowChanges: allowChanges ?? false,
          maxKeys: ctx.deps.config.MAX_API_KEYS_PER_TENANT,
        });
        return created;
      },
      revokeApiKey: async (_: unknown, args: unknown, ctx: GraphQLContext) => {
        assertCanManageKeys(keyActorOf(ctx));
        const { id } = parseInput(idArgs, args);
        const revoked = await revokeApiKey(ctx.deps.db, ctx.tenant.id, id);
        return revoked;
      },
    },
  },
};
