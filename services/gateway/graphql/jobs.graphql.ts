import { z } from 'zod';
import {
  abortJob,
  createJob,
  getJob,
  jobInputSchema,
  jobsPageSchema,
  listJobs,
  validateJob,
} from '../../../shared/use-cases/import-jobs';
import { jobIdSchema } from '../../../shared/ids';
import { parseInput } from '../../../shared/validation';
import type { GraphQLContext } from './context';
import type { GraphQLModule } from './module';

const jobInputArgs = z.object({ jobInput: jobInputSchema });
const idArgs = z.object({ id: jobIdSchema });

export const jobsModule: GraphQLModule = {
  typeDefs: /* GraphQL */ `
    input JobInput {
      "What POST /export/upload returned; required by every MUTATION/… type, absent for an export (QUERY/…)."
      fileRef: String
      "An import: MUTATION/USER, MUTATION/DELETE_USER, MUTATION/USER_EVENT or MUTATION/REDEEMABLE_REWARD_BALANCE. An export (docs/exports.md): QUERY/REFERRALS, QUERY/REWARDS, QUERY/LEDGER_ENTRIES, QUERY/PAYOUTS, QUERY/USERS, QUERY/USER_EVENTS or QUERY/WEBHOOK_DELIVERIES."
      type: String!
      "CSV (the default, and the only one for now)."
      outputFormat: String
      name: String
      "8 to 64 characters of A-Z a-z 0-9 - _ .; createJob with a key it saw before returns that job."
      idempotencyKey: String
      "An export's filters (QUERY/… types only)."
      filters: JobFiltersInput
    }
    "Which rows an export holds; each filter is optional."
    input JobFiltersInput {
      "Rows created at or after: an ISO 8601 date (2026-05-01, midnight UTC) or date and time with offset."
      from: String
      "Rows created before (same forms as from)."
      to: String
      "One of the export type's statuses (docs/exports.md); refused for a type without statuses."
      status: String
      "A program's id; refused for a type without programs (users, user events, webhook deliveries)."
      programId: String
    }
    "An export's filters as given (from and to normalised to ISO 8601 UTC)."
    type JobFilters {
      from: String
      to: String
      status: String
      programId: String
    }
    type JobValidation {
      "'line N: ...' problems (the header is line 1), at most 100; empty means a job can be created."
      errors: [String!]!
    }
    enum JobStatus {
      PENDING
      IN_PROGRESS
      COMPLETED
      FAILED
      ABORTED
    }
    type JobStats {
      "Data rows handled so far, applied or rejected (an export: rows written)."
      recordsProcessed: Int!
      "Rejected rows (see the result file)."
      recordsFailed: Int!
      "Data rows in the file (an export: rows to write), once the job has started."
      recordsTotal: Int
    }
    type Job {
      id: ID!
      type: String!
      "API (or PORTAL, SFTP)."
      requester: String!
      name: String
      status: JobStatus!
      "The uploaded file of an import; null for an export."
      fileRef: String
      "The result file, once the job has ended; GET /export/download. An import's: line,status,message per data row. An export's: the exported CSV (COMPLETED only)."
      resultFileRef: String
      "An export's filters; null for an import."
      filters: JobFilters
      outputFormat: String!
      dateCreated: EpochMillis!
      dateStarted: EpochMillis
      dateCompleted: EpochMillis
      "Why a FAILED job could not go on (with line numbers)."
      error: String
      stats: JobStats!
    }
    type JobList {
      totalCount: Int!
      jobs: [Job!]!
    }
    extend type Query {
      validateJobCreation(jobInput: JobInput!): JobValidation!
      job(id: ID!): Job
      "Jobs, newest first (limit 1 to 100, default 20)."
      jobs(status: JobStatus, limit: Int, offset: Int): JobList!
    }
    extend type Mutation {
      createJob(jobInput: JobInput!): Job!
      "Stops a job that is not final: a PENDING one at once, a running one after its current chunk (rows already applied stay applied)."
      abortJob(id: ID!): Job
    }
  `,
  resolvers: {
    Query: {
      validateJobCreation: async (_: unknown, args: unknown, ctx: GraphQLContext) => ({
        errors: await validateJob(
          ctx.deps.storage,
          ctx.tenant.alias,
          parseInput(jobInputArgs, args).jobInput,
        ),
      }),
      job: (_: unknown, args: unknown, ctx: GraphQLContext) =>
        getJob(ctx.deps.db, ctx.tenant.id, parseInput(idArgs, args).id),
      jobs: (_: unknown, args: unknown, ctx: GraphQLContext) =>
        listJobs(ctx.deps.db, ctx.tenant.id, parseInput(jobsPageSchema, args)),
    },
    Mutation: {
      createJob: (_: unknown, args: unknown, ctx: GraphQLContext) =>
        createJob(
          ctx.deps,
          ctx.tenant,
          parseInput(jobInputArgs, args).jobInput,
          ctx.principal.kind === 'operator' ? 'PORTAL' : 'API',
        ),
      abortJob: (_: unknown, args: unknown, ctx: GraphQLContext) =>
        abortJob(ctx.deps.db, ctx.tenant.id, parseInput(idArgs, args).id),
    },
  },
};
