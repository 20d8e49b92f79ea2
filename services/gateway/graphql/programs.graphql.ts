import { z } from 'zod';
import {
  archiveProgram,
  createProgram,
  getProgramView,
  listPrograms,
  programIdSchema,
  updateProgramById,
} from '../../../shared/domain/programs/programs';
import { parseRuleSet, publishRuleVersion } from '../../../shared/domain/programs/rule-versions';
import type { RuleSet } from '../../../shared/domain/programs/rules.schema';
import { programPatchSchema } from '../../../shared/domain/tenants/program';
import { parseInput } from '../../../shared/validation';
import type { Principal } from '../context';
import type { GraphQLContext } from './context';
import type { GraphQLModule } from './module';
import { withoutNullsDeep } from './program-rules.graphql';

/**
 * Several programs per tenant (shared/domain/programs/programs.ts): `programs`, `program(id)`,
 * `createProgram`, `updateProgram(id, input)` and `archiveProgram`. Without an id, `program` and
 * `updateProgram` mean the default program, as before programs.
 */

const idArgs = z.strictObject({ id: programIdSchema.nullish() });
const archiveArgs = z.strictObject({ id: programIdSchema });

/** Who published a rule version, as the version's history shows them (never a secret). */
function publisherName(principal: Principal): string {
  if (principal.kind === 'operator') return principal.email;
  if (principal.kind === 'apiKey') return `API key ${principal.prefix}`;
  return `user ${principal.userId}`;
}

/**
 * A ProgramInput validated whole before anything is written (settings, then rules), errors naming
 * `input.<field>` and `input.rules.<i>.<field>`.
 */
function parseProgramInput(input: Record<string, unknown>) {
  const { rules, ...settings } = withoutNullsInUnions(input);
  const patch = parseInput(programPatchSchema, settings, 'input');
  const ruleSet = rules == null ? null : parseRuleSet(withoutNullsDeep(rules), 'input.rules');
  return { patch, ruleSet };
}

/** GraphQL input objects carry explicit nulls for fields a client left out of a union-like input. */
function withoutNullsInUnions(input: Record<string, unknown>): Record<string, unknown> {
  const reward = input.referrerReward as Record<string, unknown> | null | undefined;
  if (!reward) return input;
  return {
    ...input,
    referrerReward: Object.fromEntries(Object.entries(reward).filter(([, v]) => v !== null)),
  };
}

/** Changes a program and publishes its rules in the mutation's transaction; answers the program. */
export async function saveProgram(
  ctx: GraphQLContext,
  id: string | undefined,
  input: Record<string, unknown>,
) {
  const { patch, ruleSet } = parseProgramInput(input);
  const program = await updateProgramById(ctx.deps.db, ctx.tenant.id, id, patch);
  await publishRules(ctx, program.id, ruleSet);
  return program;
}

/** Publishes the input's rules, if any, as the program's next version (in the mutation's transaction). */
async function publishRules(ctx: GraphQLContext, programId: string, ruleSet: RuleSet | null) {
  if (!ruleSet) return;
  await publishRuleVersion(ctx.deps.db, ctx.tenant.id, ruleSet, {
    publishedBy: publisherName(ctx.principal),
    programId,
  });
}

export const programsModule: GraphQLModule = {
  typeDefs: /* GraphQL */ `
    extend type Program {
      "The program's id: default for the tenant's first program, prg_… for the others."
      id: ID!
      "The tenant's first program: its settings shared by every program (origins, hosts, the processor's discount, the brand) are set here."
      isDefault: Boolean!
      "When it was archived (null: open). An archived program takes no new referrals or codes; its referrals run to their end."
      archivedAt: EpochMillis
    }
    extend type Query {
      "The tenant's programs: the default one first, then the others by creation (archived ones too)."
      programs: [Program!]!
    }
    extend type Mutation {
      "A new program, starting from the default program's offer, texts, cookie, fraud policy, hold and expiry, with the input's in place (name required; settings every program shares are refused). With rules, publishes them as its version 1."
      createProgram(input: ProgramInput!): Program!
      "Archives a program: its codes stop referring new friends and its share links answer 404; its referrals run to their end. The default program cannot be archived."
      archiveProgram(id: ID!): Program!
    }
  `,
  resolvers: {
    Query: {
      programs: (_: unknown, __: unknown, ctx: GraphQLContext) => listPrograms(ctx.deps.db, ctx.tenant.id),
    },
    Mutation: {
      createProgram: async (_: unknown, args: { input: Record<string, unknown> }, ctx: GraphQLContext) => {
        const { patch, ruleSet } = parseProgramInput(args.input);
        const program = await createProgram(ctx.deps.db, ctx.tenant.id, patch);
        await publishRules(ctx, program.id, ruleSet);
        return program;
      },
      archiveProgram: (_: unknown, args: unknown, ctx: GraphQLContext) =>
        archiveProgram(ctx.deps.db, ctx.tenant.id, parseInput(archiveArgs, args).id),
    },
  },
};

/** `program(id)`: the default program without an id. */
export function programById(args: unknown, ctx: GraphQLContext) {
  const { id } = parseInput(idArgs, args);
  return getProgramView(ctx.deps.db, ctx.tenant.id, id ?? undefined);
}

/** `updateProgram(id, input)`'s id: the default program without one. */
export function programIdArg(args: { id?: unknown }): string | undefined {
  return parseInput(idArgs, { id: args.id }).id ?? undefined;
}
