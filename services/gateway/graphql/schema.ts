import { makeExecutableSchema } from '@graphql-tools/schema';
import type { GraphQLSchema } from 'graphql';
import { accountModule } from './account.graphql';
import { accountActionsModule } from './account-actions.graphql';
import { analyticsModule } from './analytics.graphql';
import { apiKeysModule } from './api-keys.graphql';
import { mcpActionsModule } from './mcp-actions.graphql';
import { browserIntegrationModule } from './browser-integration.graphql';
import { eventsModule } from './events.graphql';
import { jobsModule } from './jobs.graphql';
import type { GraphQLModule } from './module';
import { processorModule } from './processor.graphql';
import { peopleModule } from './people.graphql';
import { programModule } from './program.graphql';
import { programRulesModule } from './program-rules.graphql';
import { programsModule } from './programs.graphql';
import { programSimulationModule } from './program-simulation.graphql';
import { referralActionsModule } from './referral-actions.graphql';
import { referralsModule } from './referrals.graphql';
import { scalarsModule } from './scalars.graphql';
import { sftpModule } from './sftp.graphql';
import { payoutsModule } from './payouts.graphql';
import { tenantModule } from './tenant.graphql';
import { teamModule } from './team.graphql';
import { twoFactorModule } from './two-factor.graphql';
import { webhooksModule } from './webhooks.graphql';
import { notificationsModule } from './notifications.graphql';

/** Every resource's module; a new module is added here. */
const modules: GraphQLModule[] = [
  scalarsModule,
  tenantModule,
  programModule,
  programRulesModule,
  programsModule,
  programSimulationModule,
  accountModule,
  eventsModule,
  jobsModule,
  processorModule,
  teamModule,
  twoFactorModule,
  analyticsModule,
  referralsModule,
  apiKeysModule,
  mcpActionsModule,
  sftpModule,
  payoutsModule,
  webhooksModule,
  // Browser integration.
  browserIntegrationModule,
  // Find people.
  peopleModule,
  // Acting on referrals and rewards by hand.
  referralActionsModule,
  // Acting on accounts and users by hand.
  accountActionsModule,
  // E-mail notifications.
  notificationsModule,
];

export function buildSchema(): GraphQLSchema {
  return makeExecutableSchema({
    typeDefs: [
      /* GraphQL */ `
        type Query {
          _empty: Boolean
        }
        type Mutation {
          _empty: Boolean
        }
      `,
      ...modules.map((m) => m.typeDefs),
    ],
    resolvers: modules.map((m) => m.resolvers),
  });
}
