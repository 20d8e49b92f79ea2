import { z } from 'zod';
import { getProgramView, programIdSchema } from '../../../shared/domain/programs/programs';
import { simulateProgram, simulationRangeSchema } from '../../../shared/domain/programs/program-simulation';
import { ruleSetSchema } from '../../../shared/domain/programs/rules.schema';
import { parseInput } from '../../../shared/validation';
import type { GraphQLContext } from './context';
import type { GraphQLModule } from './module';
import { withoutNullsDeep } from './program-rules.graphql';

/**
 * simulateProgram: draft rules replayed over a period's recorded conversions, payments and events
 * (nothing is written).
 */

const simulateArgs = z.strictObject({
  id: programIdSchema.nullish(),
  rules: z.unknown(),
  from: z.string(),
  to: z.string(),
});

export const programSimulationModule: GraphQLModule = {
  typeDefs: /* GraphQL */ `
    "Rewards in a UTC month and a unit: a currency or credit unit (amount in cents), or PERCENT (percent discounts, summed)."
    type SimulationTotal {
      "YYYY-MM (UTC)."
      month: String!
      unit: String!
      rewards: Int!
      amount: Float!
    }
    type SimulatedRule {
      ruleId: String!
      ruleName: String!
      "What the rule would have given."
      totals: [SimulationTotal!]!
      "What the program's published rule of this id (any version) gave in the period, not cancelled."
      given: [SimulationTotal!]!
    }
    "What draft rules would have given over a period, next to what was given (docs/programs.md, Simulate)."
    type ProgramSimulation {
      from: String!
      to: String!
      "Conversions of the program in the period, replayed in the order they happened."
      conversions: Int!
      "Recorded payments due in the period, replayed for the draft's PAYMENT rules (0 when it has none); refunded or charged-back payments are left out."
      payments: Int!
      "Recorded user events of the period with a key of the draft's EVENT rules (0 when it has none)."
      events: Int!
      "Per rule, what it would have given."
      rules: [SimulatedRule!]!
      "What the draft rules would have given in all."
      wouldGive: [SimulationTotal!]!
      "What the program gave in the period: its rules' rewards and its fixed referrer rewards, not cancelled (the friend's sign-up discount is left out: rules do not replace it)."
      given: [SimulationTotal!]!
    }
    extend type Query {
      "Replays the program's recorded conversions, payments and user events from from to to (UTC days, both included, at most 366 days) against draft rules, without writing anything. Without an id, the default program."
      simulateProgram(id: ID, rules: [ProgramRuleInput!]!, from: String!, to: String!): ProgramSimulation!
    }
  `,
  resolvers: {
    Query: {
      simulateProgram: async (_: unknown, args: unknown, ctx: GraphQLContext) => {
        const input = parseInput(simulateArgs, args);
        const range = parseInput(simulationRangeSchema, { from: input.from, to: input.to });
        const rules = parseInput(ruleSetSchema, withoutNullsDeep(input.rules), 'rules');
        const program = await getProgramView(ctx.deps.db, ctx.tenant.id, input.id ?? undefined);
        return simulateProgram(ctx.deps.db, ctx.tenant.id, program.id, rules, range);
      },
    },
  },
};
