import { z } from 'zod';
import { setRequireTwoFactor } from '../../../shared/domain/operators/two-factor';
import { AppError } from '../../../shared/errors';
import { parseInput } from '../../../shared/validation';
import type { GraphQLContext } from './context';
import type { GraphQLModule } from './module';

const requireArgs = z.object({ required: z.boolean() });

/**
 * The tenant's two-factor requirement: OWNER operators only, never an API key. While on,
 * operators without two-factor sign-in must enrol (/admin/api/two-factor) before anything else.
 * Enrolment itself is per operator, under /admin/api/two-factor (docs/security/signin.md).
 */
export const twoFactorModule: GraphQLModule = {
  typeDefs: /* GraphQL */ `
    extend type Mutation {
      "OWNER (signed-in operator) only: every operator of the tenant must sign in with two factors. Answers the new setting."
      setRequireTwoFactor(required: Boolean!): Boolean!
    }
  `,
  resolvers: {
    Mutation: {
      setRequireTwoFactor: async (_: unknown, args: unknown, ctx: GraphQLContext) => {
        const { principal } = ctx;
        if (principal.kind !== 'operator' || principal.role !== 'OWNER') {
          throw new AppError('FORBIDDEN', 'Only an OWNER signed in to the portal changes this setting');
        }
        const { required } = parseInput(requireArgs, args);
        await setRequireTwoFactor(
          ctx.deps.db,
          { id: principal.operatorId, email: principal.email, tenantId: ctx.tenant.id },
          // The mutation wrapper (operator-guard.ts) records the change as `setRequireTwoFactor`.
          { required, audit: false },
        );
        return required;
      },
    },
  },
};
