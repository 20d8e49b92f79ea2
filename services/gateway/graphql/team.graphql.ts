import { z } from 'zod';
import { describeAuditEntry } from '../../../shared/domain/common/audit-sentence';
import { listAuditLog } from '../../../shared/domain/common/audit-log';
import {
  accessLinkUrl,
  inviteOperator,
  isPendingOperator,
  reissueInvitation,
  resetOperatorAccess,
  type AccessLink,
} from '../../../shared/domain/operators/operator-access';
import {
  changeOperatorRole,
  listOperators,
  presentOperator,
  removeOperator,
} from '../../../shared/domain/operators/operators';
import { assertCanManageTeam } from '../../../shared/domain/tenants/api-key-scopes';
import { AppError } from '../../../shared/errors';
import { parseInput } from '../../../shared/validation';
import { mailOperatorLink } from '../../../shared/use-cases/notification-digest';
import type { OperatorRole, OperatorRow } from '../../../shared/domain/operators/operators';
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

const auditArgs = z.object({
  first: z.int().nullish(),
  after: z.string().nullish(),
  // Filters, checked by listAuditLog.
  actor: z.string().nullish(),
  action: z.string().nullish(),
  from: z.string().nullish(),
  to: z.string().nullish(),
});
const inviteArgs = z.object({ email: z.string(), role: z.string() });
const emailArgs = z.object({ email: z.string() });

/** A one-time link as the inviter sees it, this once (only the token's hash is kept). */
function presentLink(ctx: GraphQLContext, link: AccessLink) {
  return {
    email: link.operator.email,
    role: link.operator.role,
    link: accessLinkUrl(ctx.deps.config.publicUrl, link.token),
    expiresAt: link.expiresAt.getTime(),
  };
}

/** The link, answered to the inviter and also mailed to the operator (from MAIL_FROM). */
async function mailedLink(ctx: GraphQLContext, link: AccessLink, purpose: 'invite' | 'reset') {
  const view = presentLink(ctx, link);
  await mailOperatorLink(
    { ...ctx.deps.mail, db: ctx.deps.db },
    {
      tenantId: ctx.tenant.id,
      tenantAlias: ctx.tenant.alias,
      email: link.operator.email,
      purpose,
      link: view.link,
      expiresAt: link.expiresAt,
    },
  );
  return view;
}

/** An operator as the Team page lists them: pending until they set a password with their link. */
function presentMember(row: OperatorRow) {
  return { ...presentOperator(row), pending: isPendingOperator(row) };
}

function linkOptions(ctx: GraphQLContext) {
  return { nowMs: ctx.deps.now(), ttlS: ctx.deps.config.OPERATOR_LINK_TTL_S };
}

/**
 * The Team page and the audit log. Reading the audit log is for OWNERs and ADMINs; changing the team
 * is for OWNERs (and the tenant's API key, e.g. to create operators from a script). An invited
 * operator is pending until they open the one-time link answered here (shown once) and choose a
 * password; nobody else ever sees it. The audit log records the e-mail and role.
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
      "True until the operator sets a password with their one-time link (invited, or access reset)."
      pending: Boolean!
    }
    "An operator and their one-time link to set a password (shown this once; only its hash is kept)."
    type OperatorAccessLink {
      email: String!
      role: OperatorRole!
      link: String!
      expiresAt: EpochMillis!
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
      "The entry as a sentence, e.g. 'ana@acme.example approved 2 referrals: duplicate check done'."
      sentence: String!
    }
    type AuditLogPage {
      entries: [AuditEntry!]!
      "Pass as after for the next page."
      endCursor: ID
      hasNextPage: Boolean!
    }
    extend type Query {
      "Newest first (OWNER and ADMIN)."
      auditLog(
        first: Int
        after: ID
        "Only this actor: an operator's e-mail, or an API key's prefix, a user id, an SFTP fingerprint (any case)."
        actor: String
        "Only this action, e.g. reviewReferrals or operator.login."
        action: String
        "From this UTC day (YYYY-MM-DD), included."
        from: String
        "To this UTC day (YYYY-MM-DD), included."
        to: String
      ): AuditLogPage!
      operators: [Operator!]!
    }
    extend type Mutation {
      "OWNER only; the operator is pending until they use the one-time link answered here."
      inviteOperator(email: String!, role: OperatorRole!): OperatorAccessLink!
      "OWNER only; a new link for a pending invitee (the old one stops working)."
      reissueInvitation(email: String!): OperatorAccessLink!
      "OWNER only; the operator's password stops working, their sessions end, and a new link is answered."
      resetOperatorAccess(email: String!): OperatorAccessLink!
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
        return {
          ...page,
          entries: page.entries.map((e) => ({
            ...e,
            actorKind: ACTOR_KIND[e.actorKind],
            sentence: describeAuditEntry(e),
          })),
        };
      },
      operators: async (_: unknown, __: unknown, ctx: GraphQLContext) =>
        (await listOperators(ctx.deps.db, ctx.tenant.id)).map(presentMember),
    },
    Mutation: {
      inviteOperator: async (_: unknown, args: unknown, ctx: GraphQLContext) => {
        assertCanManageTeam(keyActorOf(ctx), ctx.tenant.mode);
        const { email, role } = parseInput(inviteArgs, args);
        const link = await inviteOperator(
          ctx.deps.db,
          {
            tenantId: ctx.tenant.id,
            email,
            role: role as OperatorRole,
            maxOperators: ctx.deps.config.MAX_OPERATORS_PER_TENANT,
          },
          linkOptions(ctx),
        );
        return mailedLink(ctx, link, 'invite');
      },
      reissueInvitation: async (_: unknown, args: unknown, ctx: GraphQLContext) => {
        assertCanManageTeam(keyActorOf(ctx), ctx.tenant.mode);
        const { email } = parseInput(emailArgs, args);
        return mailedLink(
          ctx,
          await reissueInvitation(ctx.deps.db, { tenantId: ctx.tenant.id, email }, linkOptions(ctx)),
          'invite',
        );
      },
      resetOperatorAccess: async (_: unknown, args: unknown, ctx: GraphQLContext) => {
        assertCanManageTeam(keyActorOf(ctx), ctx.tenant.mode);
        const { email } = parseInput(emailArgs, args);
        return mailedLink(
          ctx,
          await resetOperatorAccess(ctx.deps.db, { tenantId: ctx.tenant.id, email }, linkOptions(ctx)),
          'reset',
        );
      },
      changeOperatorRole: async (_: unknown, args: unknown, ctx: GraphQLContext) => {
        assertCanManageTeam(keyActorOf(ctx), ctx.tenant.mode);
        const { email, role } = parseInput(inviteArgs, args);
        return presentMember(
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
        return presentMember(await removeOperator(ctx.deps.db, { tenantId: ctx.tenant.id, email }));
      },
    },
  },
};
