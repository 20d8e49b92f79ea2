import { z } from 'zod';
import {
  addSftpKey,
  disableSftp,
  enableSftp,
  generateSftpKey,
  listSftpKeys,
  revokeSftpKey,
  sftpEndpoint,
  sftpSettings,
} from '../../../shared/domain/sftp/sftp-keys';
import { AppError } from '../../../shared/errors';
import { parseInput } from '../../../shared/validation';
import type { GraphQLContext } from './context';
import type { GraphQLModule } from './module';

/**
 * Changes are for the tenant's API key or an OWNER or ADMIN signed in to the portal. A VIEWER's mutation
 * never gets here (operator-guard.ts refuses it first); this is the second lock.
 */
function requireSftpManager(ctx: GraphQLContext): void {
  const { principal } = ctx;
  if (principal.kind === 'apiKey') return;
  if (principal.kind === 'operator' && (principal.role === 'OWNER' || principal.role === 'ADMIN')) return;
  throw new AppError('FORBIDDEN', 'Only OWNERs and ADMINs can change the SFTP integration');
}

/** Where and as whom the tenant connects: the user name is the tenant's alias. */
function connection(ctx: GraphQLContext) {
  return { ...sftpEndpoint(ctx.deps.config), username: ctx.tenant.alias };
}

async function settings(ctx: GraphQLContext, enabled: Promise<{ enabled: boolean }>) {
  return { ...(await enabled), ...connection(ctx) };
}

const generateArgs = z.object({ comment: z.string().nullish() });
const addArgs = z.object({ publicKey: z.string() });
const revokeArgs = z.object({ fingerprint: z.string() });

/**
 * The SFTP integration (docs/imports.md, "SFTP imports"): the switch, and the SSH keys uploads authenticate with.
 * A generated private key is in generateSftpKey's answer once and stored nowhere; the audit log records
 * the mutation's arguments (the comment) and the fingerprint, never the result's private key.
 */
export const sftpModule: GraphQLModule = {
  typeDefs: /* GraphQL */ `
    "The SFTP integration: whether it is on, and how to connect (sftp -P <port> <username>@<host>)."
    type SftpSettings {
      enabled: Boolean!
      host: String!
      port: Int!
      "The tenant's alias."
      username: String!
    }
    "An SSH public key that may upload for the tenant, by its OpenSSH fingerprint."
    type SftpKey {
      "SHA256:<base64>, as ssh-keygen -l prints it."
      fingerprint: String!
      "e.g. ssh-ed25519, ssh-rsa, ecdsa-sha2-nistp256."
      keyType: String!
      comment: String
      dateCreated: EpochMillis!
      "The last successful SFTP sign-in with this key."
      dateLastUsed: EpochMillis
      "Set once revoked; a revoked key is refused at the next connection."
      dateRevoked: EpochMillis
    }
    "A generated Ed25519 key pair, shown this once: save the private key now (it is not stored)."
    type GeneratedSftpKey {
      "OpenSSH format; save it as a file of mode 0600."
      privateKey: String!
      publicKey: String!
      fingerprint: String!
      username: String!
      host: String!
      port: Int!
    }
    extend type Query {
      sftp: SftpSettings!
      "The tenant's active SFTP keys, newest first."
      sftpKeys: [SftpKey!]!
    }
    extend type Mutation {
      "OWNER, ADMIN or the API key."
      enableSftp: SftpSettings!
      "OWNER, ADMIN or the API key; every key is refused at the next connection until enabled again."
      disableSftp: SftpSettings!
      "OWNER, ADMIN or the API key. Creates an Ed25519 key pair and keeps only its public key."
      generateSftpKey(comment: String): GeneratedSftpKey!
      "OWNER, ADMIN or the API key. One public key in OpenSSH form (Ed25519, ECDSA, or RSA of 2048 bits or more)."
      addSftpKey(publicKey: String!): SftpKey!
      "OWNER, ADMIN or the API key. Another tenant's key is NOT_FOUND."
      revokeSftpKey(fingerprint: String!): SftpKey!
    }
  `,
  resolvers: {
    Query: {
      sftp: (_: unknown, __: unknown, ctx: GraphQLContext) =>
        settings(ctx, sftpSettings(ctx.deps.db, ctx.tenant.id)),
      sftpKeys: (_: unknown, __: unknown, ctx: GraphQLContext) => listSftpKeys(ctx.deps.db, ctx.tenant.id),
    },
    Mutation: {
      enableSftp: (_: unknown, __: unknown, ctx: GraphQLContext) => {
        requireSftpManager(ctx);
        return settings(ctx, enableSftp(ctx.deps.db, ctx.tenant.id));
      },
      disableSftp: (_: unknown, __: unknown, ctx: GraphQLContext) => {
        requireSftpManager(ctx);
        return settings(ctx, disableSftp(ctx.deps.db, ctx.tenant.id));
      },
      generateSftpKey: async (_: unknown, args: unknown, ctx: GraphQLContext) => {
        requireSftpManager(ctx);
        const { comment } = parseInput(generateArgs, args);
        const generated = await generateSftpKey(ctx.deps.db, ctx.tenant.id, comment);
        return { ...generated, ...connection(ctx) };
      },
      addSftpKey: (_: unknown, args: unknown, ctx: GraphQLContext) => {
        requireSftpManager(ctx);
        const { publicKey } = parseInput(addArgs, args);
        return addSftpKey(ctx.deps.db, ctx.tenant.id, publicKey);
      },
      revokeSftpKey: (_: unknown, args: unknown, ctx: GraphQLContext) => {
        requireSftpManager(ctx);
        const { fingerprint } = parseInput(revokeArgs, args);
        return revokeSftpKey(ctx.deps.db, ctx.tenant.id, fingerprint);
      },
    },
  },
};
