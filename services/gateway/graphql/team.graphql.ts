import { z } from 'zod';
import { listAuditLog } from '../../../shared/domain/audit-log';
import {
  changeOperatorRole,
  createOperator,
  listOperators,
  presentOperator,
  removeOperator,
} from '../../../shared/domain/operators';
import { assertCanManageTeam } from '../../../shared/domain/api-key-scopes';
import { AppError } from '../../../shared/errors';
import { parseInput } from '../../../shared/validation';
import type { OperatorRole } from '../../../shared/domain/operators';
import type { GraphQLContext } from './context';
import { keyActorOf } from './key-actor';
import type { GraphQLModule } from './module';

/** The tenant's API key, or a signed-in operator with one of these roles; anyone else is 403. */
function requireRole(ctx: GraphQLContext, roles: readonly OperatorRole[], message: string): void {
  const { principal } = ctx;
  if (principal.kind === 'apiKey') return;
  if (principal.kind === 'operator' && roles.includes(principal.role)) return;
  throw new AppError('FORBIDDEN', message);
}

/** The stored actor kinds as the GraphQL enum names them. */
const ACTOR_KIND = {
  operator: 'OPERATOR',
  apiKey: 'API_KEY',
  user: 'USER',
  sftp: 'SFTP',
  cli: 'CLI',
  system: 'SYSTEM',
  anonymous: 'ANONYMOUS',
} as const;

const auditArgs = z.object({ first: z.int().nullish(), after: z.string().nullish() });
const inviteArgs = z.object({ email: z.string(), role: z.string() });
const emailArgs = z.object({ email: z.string() });

/**
 * The Team page and the audit log. Reading the audit log is for OWNERs and ADMINs; changing the team
 * is for OWNERs (and the tenant's API key, e.g. to create operators from a script). An invited
 * operator's password is generated and shown once, here; the audit log records the e-mail and role.
 */
export const teamModule: GraphQLModule = {
  typeDefs: /* GraphQL */ `
    enum OperatorRole {
      OWNER
      ADMIN
      VIEWER
    }
    "A person who signs in to the admin portal."
    type Operator {
      email: String!
      role: OperatorRole!
      dateCreated: EpochMillis!
    }
    "A new operator and their generated password (shown this once)."
    type InvitedOperator {
      email: String!
      role: OperatorRole!
      password: String!
    }
    "Who made an audited change."
    enum AuditActorKind {
      OPERATOR
      API_KEY
      USER
      SFTP
      CLI
      SYSTEM
      ANONYMOUS
    }
    "One change or sign-in, whoever made it: who, when, from where, what (secrets redacted)."
    type AuditEntry {
      id: ID!
      at: EpochMillis!
      "The operator who made it; null when another principal did (see actorKind and actorLabel)."
      operatorEmail: String
      actorKind: AuditActorKind!
      "An API key's prefix, a user id, an SFTP key's fingerprint, the CLI command; null for an operator."
      actorLabel: String
      "The client's address (TRUSTED_PROXIES decide whether X-Forwarded-For is believed)."
      clientAddress: String
      userAgent: String
      action: String!
      target: String
      details: JSON!
    }
    type AuditLogPage {
      entries: [AuditEntry!]!
      "Pass as after for the next page."
      endCursor: ID
      hasNextPage: Boolean!
    }
    extend type Query {
      "Newest first (OWNER and ADMIN)."
      auditLog(first: Int, after: ID): AuditLogPage!
      operators: [Operator!]!
    }
    extend type Mutation {
      "OWNER only; the password is generated."
      inviteOperator(email: String!, role: OperatorRole!): InvitedOperator!
      "OWNER only; the last OWNER cannot be demoted (LAST_OWNER)."
      changeOperatorRole(email: String!, role: OperatorRole!): Operator!
      "OWNER only; the last OWNER cannot be removed (LAST_OWNER). Their sessions end."
      removeOperator(email: String!): Operator!
    }
  `,
  resolvers: {
    Query: {
      auditLog: async (_: unknown, args: unknown, ctx: GraphQLContext) => {
        requireRole(ctx, ['OWNER', 'ADMIN'], 'Only OWNERs and ADMINs can read the audit log');
        const page = await listAuditLog(ctx.deps.db, ctx.tenant.id, parseInput(auditArgs, args));
        return { ...page, entries: page.entries.map((e) => ({ ...e, actorKind: ACTOR_KIND[e.actorKind] })) };
      },
      operators: async (_: unknown, __: unknown, ctx: GraphQLContext) =>
        (await listOperators(ctx.deps.db, ctx.tenant.id)).map(presentOperator),
    },
    Mutation: {
      inviteOperator: async (_: unknown, args: unknown, ctx: GraphQLContext) => {
        assertCanManageTeam(keyActorOf(ctx), ctx.tenant.mode);
        const { email, role } = parseInput(inviteArgs, args);
        const created = await createOperator(ctx.deps.db, {
          tenantId: ctx.tenant.id,
          email,
          role: role as OperatorRole,
          maxOperators: ctx.deps.config.MAX_OPERATORS_PER_TENANT,
        });
        return { email: created.operator.email, role: created.operator.role, password: created.password };
      },
      changeOperatorRole: async (_: unknown, args: unknown, ctx: GraphQLContext) => {
        assertCanManageTeam(keyActorOf(ctx), ctx.tenant.mode);
        const { email, role } = parseInput(inviteArgs, args);
        return presentOperator(
          await changeOperatorRole(ctx.deps.db, {
            tenantId: ctx.tenant.id,
            email,
            role: role as OperatorRole,
          }),
        );
      },
      removeOperator: async (_: unknown, args: unknown, ctx: GraphQLContext) => {
        assertCanManageTeam(keyActorOf(ctx), ctx.tenant.mode);
        const { email } = parseInput(emailArgs, args);
        return presentOperator(await removeOperator(ctx.deps.db, { tenantId: ctx.tenant.id, email }));
      },
    },
  },
};
