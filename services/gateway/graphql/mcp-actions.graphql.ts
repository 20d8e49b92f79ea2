import { z } from 'zod';
import {
  getMcpAction,
  listMcpActions,
  mcpActionIdSchema,
  MCP_ACTION_STATUSES,
} from '../../../shared/domain/mcp/pending-actions';
import { AppError } from '../../../shared/errors';
import { approveMcpAction, rejectMcpAction } from '../../../shared/use-cases/mcp-actions';
import { parseInput } from '../../../shared/validation';
import type { GraphQLContext } from './context';
import type { GraphQLModule } from './module';

const listArgs = z.object({ status: z.enum(MCP_ACTION_STATUSES).nullish(), first: z.int().nullish() });
const rejectArgs = mcpActionIdSchema.extend({ reason: z.string() });

/**
 * Who decides an agent's pending action: an OWNER or ADMIN signed in to the portal. An API key never
 * does (an MCP key cannot reach GraphQL at all, so no agent approves its own action), nor a VIEWER.
 */
function approver(ctx: GraphQLContext): string {
  const { principal } = ctx;
  if (principal.kind === 'operator' && (principal.role === 'OWNER' || principal.role === 'ADMIN')) {
    return principal.email;
  }
  throw new AppError('FORBIDDEN', "Only an OWNER or ADMIN decides an agent's actions, in the portal");
}

/** The portal's "Agent actions": MCP agents' pending changes, approved or rejected by a person. */
export const mcpActionsModule: GraphQLModule = {
  typeDefs: /* GraphQL */ `
    enum McpActionTool {
      "Create an import job from an uploaded file."
      CREATE_JOB
      "Approve or deny referrals awaiting review."
      REVIEW_REFERRALS
      "Change a program's settings."
      CHANGE_PROGRAM
    }
    enum McpActionStatus {
      "Awaiting an OWNER's or ADMIN's decision; nothing has changed."
      PENDING
      "Approved and running."
      APPROVED
      "Rejected: it never runs."
      REJECTED
      "Approved and applied once."
      APPLIED
      "Approved, but refused when it ran (result says why)."
      FAILED
    }
    "A change an AI agent asked for over MCP (docs/mcp.md), which runs only once approved."
    type McpAction {
      id: ID!
      tool: McpActionTool!
      "What it does, in words."
      summary: String!
      "The tool's input as the agent gave it."
      input: JSON!
      status: McpActionStatus!
      "The MCP key that asked, by its prefix."
      requestedBy: String!
      dateCreated: EpochMillis!
      "The OWNER's or ADMIN's e-mail who decided."
      decidedBy: String
      dateDecided: EpochMillis
      "A rejection's reason."
      reason: String
      "What running it answered, or why it failed."
      result: JSON
    }
    extend type Query {
      "Agents' actions, newest first: PENDING ones without a status (first: 1 to 200, default 50)."
      mcpPendingActions(status: McpActionStatus, first: Int): [McpAction!]!
    }
    extend type Mutation {
      "OWNER or ADMIN in the portal: runs the pending action once through the same use case as the API (409 when it is not PENDING)."
      approveMcpAction(id: ID!): McpAction!
      "OWNER or ADMIN in the portal: the pending action never runs."
      rejectMcpAction(id: ID!, reason: String!): McpAction!
    }
  `,
  resolvers: {
    Query: {
      mcpPendingActions: (_: unknown, args: unknown, ctx: GraphQLContext) => {
        const { status, first } = parseInput(listArgs, args);
        return listMcpActions(ctx.deps.db, ctx.tenant.id, { status: status ?? 'PENDING', first });
      },
    },
    Mutation: {
      approveMcpAction: async (_: unknown, args: unknown, ctx: GraphQLContext) => {
        const by = approver(ctx);
        const { id } = parseInput(mcpActionIdSchema, args);
        return approveMcpAction(ctx.deps, ctx.tenant, id, by);
      },
      rejectMcpAction: async (_: unknown, args: unknown, ctx: GraphQLContext) => {
        const by = approver(ctx);
        const { id, reason } = parseInput(rejectArgs, args);
        await getMcpAction(ctx.deps.db, ctx.tenant.id, id);
        return rejectMcpAction(ctx.deps.db, ctx.tenant, id, { by, reason });
      },
    },
  },
};
