import { z } from 'zod';
import { accountIdSchema, temporalWorkflowUrl } from '../../../shared/ids';
import { AppError } from '../../../shared/errors';
import { parseInput } from '../../../shared/validation';
import { cancelPayout } from '../../../shared/domain/payouts/payout-decisions';
import { listPayoutsDue } from '../../../shared/domain/payouts/payout-due';
import {
  holdPayee,
  payoutMethodInputSchema,
  setTaxStatus,
  taxStatusInputSchema,
} from '../../../shared/domain/payouts/payout-methods';
import { createPayoutRunSchema } from '../../../shared/domain/payouts/payout-runs';
import {
  connectPayoutProvider,
  getPayoutPolicy,
  getTaxThreshold,
  listPayoutConnections,
  payoutConnectionInputSchema,
  payoutPolicyInputSchema,
  savePayoutPolicy,
  setTaxThreshold,
  taxThresholdInputSchema,
} from '../../../shared/domain/payouts/payout-setup';
import {
  getPayoutRun,
  listPayoutRuns,
  payoutRunCsv,
  payoutsOfRun,
  totalsOfRun,
} from '../../../shared/domain/payouts/payout-run-views';
import { getReferrerPayouts } from '../../../shared/domain/payouts/referrer-payouts';
import { decidePayoutRun, requestPayoutRun, setPayoutMethod } from '../../../shared/use-cases/payouts';
import { auditWho } from '../audit-actor';
import type { GraphQLContext } from './context';
import type { GraphQLModule } from './module';
import { payoutsTypeDefs } from './payouts.typedefs';

/** Money moves: the tenant's API key, or an OWNER or ADMIN (a VIEWER is refused by operator-guard.ts too). */
function requirePayoutManager(ctx: GraphQLContext): void {
  const { principal } = ctx;
  if (principal.kind === 'apiKey') return;
  if (principal.kind === 'operator' && (principal.role === 'OWNER' || principal.role === 'ADMIN')) return;
  throw new AppError('FORBIDDEN', 'Only OWNERs, ADMINs and the API key can manage payouts');
}

/** An approval is a person's decision: an OWNER or ADMIN signed in, never a key (which requests runs). */
function requireApprover(ctx: GraphQLContext): string {
  const { principal } = ctx;
  if (principal.kind === 'operator' && (principal.role === 'OWNER' || principal.role === 'ADMIN')) {
    return principal.email;
  }
  throw new AppError('FORBIDDEN', 'Only an OWNER or ADMIN signed in to the portal can approve a payout run');
}

function requester(ctx: GraphQLContext): string {
  const who = auditWho(ctx.principal);
  return who.operator?.email ?? `${who.actor?.kind}:${who.actor?.label ?? ''}`;
}

const runMessaging = (ctx: GraphQLContext) => ({
  db: ctx.deps.db,
  temporal: ctx.deps.temporal,
  metrics: ctx.deps.metrics,
  logger: ctx.deps.logger,
  pollIntervalMs: ctx.deps.config.PAYOUT_POLL_INTERVAL_MS,
  heartbeatTimeoutMs: ctx.deps.config.PAYOUT_HEARTBEAT_TIMEOUT_MS,
});

const uuid = z.uuid('must be a payout run or payout id');
const programArgs = z.object({ programId: z.string().nullish() });
const dueArgs = z.object({
  programId: z.string().nullish(),
  after: accountIdSchema.nullish(),
  first: z.int().min(1).max(200).nullish(),
});
const runArgs = z.object({ id: uuid });
const runsArgs = z.object({ first: z.int().min(1).max(100).nullish() });
const accountArgs = z.object({ accountId: accountIdSchema });
const holdArgs = z.object({
  accountId: accountIdSchema,
  held: z.boolean(),
  reason: z.string().max(500).nullish(),
});
const methodArgs = z.object({ accountId: accountIdSchema, method: payoutMethodInputSchema });
const taxArgs = z.object({ accountId: accountIdSchema, status: taxStatusInputSchema });

const undef = <T>(v: T | null | undefined): T | undefined => v ?? undefined;

/** Payouts (docs/payouts.md): what is due, runs and their payouts, payees, the policy and providers. */
export const payoutsModule: GraphQLModule = {
  typeDefs: payoutsTypeDefs,
  resolvers: {
    Query: {
      payoutsDue: async (_: unknown, args: unknown, ctx: GraphQLContext) => {
        const a = parseInput(dueArgs, args);
        return listPayoutsDue(ctx.deps.db, ctx.tenant.id, {
          programId: undef(a.programId),
          after: undef(a.after),
          limit: a.first ?? 100,
        });
      },
      payoutRuns: (_: unknown, args: unknown, ctx: GraphQLContext) =>
        listPayoutRuns(ctx.deps.db, ctx.tenant, parseInput(runsArgs, args).first ?? 20),
      payoutRun: (_: unknown, args: unknown, ctx: GraphQLContext) =>
        getPayoutRun(ctx.deps.db, ctx.tenant, parseInput(runArgs, args).id),
      payoutRunCsv: (_: unknown, args: unknown, ctx: GraphQLContext) =>
        payoutRunCsv(ctx.deps.db, ctx.tenant, parseInput(runArgs, args).id),
      payoutPolicy: (_: unknown, args: unknown, ctx: GraphQLContext) =>
        getPayoutPolicy(ctx.deps.db, ctx.tenant.id, undef(parseInput(programArgs, args).programId)),
      payoutConnections: (_: unknown, __: unknown, ctx: GraphQLContext) =>
        listPayoutConnections(ctx.deps.db, ctx.tenant.id),
      payoutTaxThreshold: (_: unknown, __: unknown, ctx: GraphQLContext) =>
        getTaxThreshold(ctx.deps.db, ctx.tenant.id),
      referrerPayouts: (_: unknown, args: unknown, ctx: GraphQLContext) =>
        getReferrerPayouts(ctx.deps.db, ctx.tenant.id, parseInput(accountArgs, args).accountId),
    },
    PayoutRun: {
      // Its workflow's page in Temporal's Web UI (as a referral's: referral-search.ts).
      workflowUrl: (run, _: unknown, ctx: GraphQLContext) =>
        temporalWorkflowUrl(
          { url: ctx.deps.config.temporalUiUrl, namespace: ctx.deps.config.TEMPORAL_NAMESPACE },
          run.workflowId,
        ),
      payouts: (run, _: unknown, ctx: GraphQLContext) => payoutsOfRun(ctx.deps.db, ctx.tenant.id, run.id),
      totals: (run, _: unknown, ctx: GraphQLContext) => totalsOfRun(ctx.deps.db, run.id),
    },
    Mutation: {
      requestPayoutRun: async (_: unknown, args: unknown, ctx: GraphQLContext) => {
        requirePayoutManager(ctx);
        const input = parseInput(z.object({ input: createPayoutRunSchema.nullish() }), args).input ?? {};
        const run = await requestPayoutRun(runMessaging(ctx), ctx.tenant, input, {
          requestedBy: requester(ctx),
          trigger: 'MANUAL',
        });
        return run;
      },
      approvePayoutRun: async (_: unknown, args: unknown, ctx: GraphQLContext) => {
        const approvedBy = requireApprover(ctx);
        const run = await decidePayoutRun(runMessaging(ctx), ctx.tenant, parseInput(runArgs, args).id, {
          approve: true,
          approvedBy,
        });
        return run;
      },
      cancelPayoutRun: async (_: unknown, args: unknown, ctx: GraphQLContext) => {
        requirePayoutManager(ctx);
        const run = await decidePayoutRun(runMessaging(ctx), ctx.tenant, parseInput(runArgs, args).id, {
          approve: false,
        });
        return run;
      },
      cancelPayout: (_: unknown, args: unknown, ctx: GraphQLContext) => {
        requirePayoutManager(ctx);
        return cancelPayout(ctx.deps.db, ctx.tenant.id, parseInput(runArgs, args).id);
      },
      holdPayee: (_: unknown, args: unknown, ctx: GraphQLContext) => {
        requirePayoutManager(ctx);
        const a = parseInput(holdArgs, args);
        return holdPayee(ctx.deps.db, ctx.tenant.id, a.accountId, { held: a.held, reason: a.reason }, null);
      },
      setPayeeTaxStatus: (_: unknown, args: unknown, ctx: GraphQLContext) => {
        requirePayoutManager(ctx);
        const a = parseInput(taxArgs, args);
        return setTaxStatus(ctx.deps.db, ctx.tenant.id, a.accountId, a.status, null);
      },
      setPayoutMethod: async (_: unknown, args: unknown, ctx: GraphQLContext) => {
        requirePayoutManager(ctx);
        const a = parseInput(methodArgs, args);
        return setPayoutMethod(
          ctx.deps.payouts,
          ctx.tenant,
          a.accountId,
          a.method,
          null,
          onboardingUrls(ctx),
        );
      },
      setPayoutPolicy: (_: unknown, args: unknown, ctx: GraphQLContext) => {
        requirePayoutManager(ctx);
        return savePayoutPolicy(
          ctx.deps.db,
          ctx.tenant.id,
          parseInput(z.object({ input: payoutPolicyInputSchema }), args).input,
        );
      },
      setPayoutTaxThreshold: (_: unknown, args: unknown, ctx: GraphQLContext) => {
        requirePayoutManager(ctx);
        const { thresholdCents } = parseInput(taxThresholdInputSchema, args);
        return setTaxThreshold(ctx.deps.db, ctx.tenant.id, thresholdCents);
      },
      connectPayoutProvider: (_: unknown, args: unknown, ctx: GraphQLContext) => {
        requirePayoutManager(ctx);
        return connectPayoutProvider(
          ctx.deps.db,
          ctx.deps.secretBox,
          ctx.tenant.id,
          parseInput(z.object({ input: payoutConnectionInputSchema }), args).input,
        );
      },
    },
  },
};

/** Where Stripe sends a referrer back after onboarding (the tenant's landing page settings decide later). */
function onboardingUrls(ctx: GraphQLContext) {
  const base = `${ctx.deps.config.publicUrl}/api/v1/${encodeURIComponent(ctx.tenant.alias)}`;
  return { refreshUrl: `${base}/payouts/onboarding/refresh`, returnUrl: `${base}/payouts/onboarding/done` };
}
