import { z } from 'zod';
import { listUserEvents } from '../../../shared/domain/events/user-events';
import { userEventInputSchema, userEventsPageSchema } from '../../../shared/domain/events/user-events.schema';
import { idempotencyKeySchema } from '../../../shared/ids';
import { parseInput } from '../../../shared/validation';
import { recordUserEvents } from '../../../shared/use-cases/record-user-events';
import type { GraphQLContext } from './context';
import type { GraphQLModule } from './module';

const logOneArgs = z.object({ userEventInput: userEventInputSchema });

/** Several users' events, all or nothing, under the one key of the call. */
const logManyArgs = z.object({
  userEventInput: z
    .array(
      userEventInputSchema.extend({
        idempotencyKey: z.null({ message: 'use the idempotencyKey argument of logUserEvents' }).optional(),
      }),
    )
    .min(1)
    .max(100)
    .refine((inputs) => inputs.reduce((n, i) => n + i.events.length, 0) <= 1000, {
      message: 'at most 1000 events in all',
    }),
  idempotencyKey: idempotencyKeySchema.nullish(),
});

export const eventsModule: GraphQLModule = {
  typeDefs: /* GraphQL */ `
    input UserEventDataInput {
      "The event kind, e.g. purchase (1 to 255 characters)."
      key: String!
      "A JSON object of at most 16 KB whose strings are at most 1,500 UTF-8 bytes."
      fields: JSON
      "When it happened; default: when it was received."
      dateTriggered: EpochMillis
    }
    input UserEventInput {
      userId: String!
      accountId: String!
      "8 to 64 characters of A-Z a-z 0-9 - _ . (a UUID fits); a repeat within 24 hours is IDEMPOTENCY_KEY_USED."
      idempotencyKey: String
      events: [UserEventDataInput!]!
    }
    type UserEvent {
      id: ID!
      key: String!
      fields: JSON!
      dateTriggered: EpochMillis!
      dateReceived: EpochMillis!
    }
    type UserEventResult {
      accountId: String!
      userId: String!
      events: [UserEvent!]!
    }
    type UserEventList {
      totalCount: Int!
      events: [UserEvent!]!
    }
    extend type Query {
      "A user's events, newest first (limit 1 to 100, default 20)."
      userEvents(accountId: String!, userId: String!, limit: Int, offset: Int): UserEventList!
    }
    extend type Mutation {
      logUserEvent(userEventInput: UserEventInput!): UserEventResult!
      "Events of several users, stored all or nothing under one optional idempotency key."
      logUserEvents(userEventInput: [UserEventInput!]!, idempotencyKey: String): [UserEventResult!]!
    }
  `,
  resolvers: {
    Query: {
      userEvents: (_: unknown, args: unknown, ctx: GraphQLContext) =>
        listUserEvents(ctx.deps.db, ctx.tenant.id, parseInput(userEventsPageSchema, args)),
    },
    Mutation: {
      logUserEvent: async (_: unknown, args: unknown, ctx: GraphQLContext) => {
        const input = parseInput(logOneArgs, args).userEventInput;
        const [result] = await recordUserEvents(
          ctx.deps,
          ctx.tenant,
          { idempotencyKey: input.idempotencyKey ?? null, batches: [input] },
          ctx.log,
        );
        return result;
      },
      logUserEvents: (_: unknown, args: unknown, ctx: GraphQLContext) => {
        const parsed = parseInput(logManyArgs, args);
        return recordUserEvents(
          ctx.deps,
          ctx.tenant,
          { idempotencyKey: parsed.idempotencyKey ?? null, batches: parsed.userEventInput },
          ctx.log,
        );
      },
    },
  },
};
