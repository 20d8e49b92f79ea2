import type { z } from 'zod';
import type { Db } from '../db/knex';
import { AppError } from '../errors';
import type { Logger } from '../logger';
import { approvePayoutRun, cancelPayoutRun } from '../domain/payouts/payout-decisions';
import type { PayoutDeps } from '../domain/payouts/payout-deps';
import {
  savePayoutMethod,
  requireBox,
  type PayeeAudit,
  type PayeeView,
  type PayoutMethodInput,
} from '../domain/payouts/payout-methods';
import { createPayoutRun, type createPayoutRunSchema } from '../domain/payouts/payout-runs';
import { applyPayoutOutcome } from '../domain/payouts/payout-sending';
import { payoutConnectionFor, scheduledPayoutPolicies } from '../domain/payouts/payout-setup';
import { payoutPeriod, scheduledRunKey } from '../domain/payouts/payout-schedule';
import type { PayoutRunView } from '../domain/payouts/payout-views';
import { PayoutProviderError, type PayoutMethodType } from '../payouts/payout-provider';
import { createPayeesRepo } from '../repos/payees.repo';
import { signalPayoutRunDecided, startPayoutRunWorkflow } from '../temporal/payout-run';
import type { TenantRef, WorkflowMessaging } from './use-case-deps';

export interface PayoutRunMessaging extends WorkflowMessaging {
  db: Db;
  /** PAYOUT_POLL_INTERVAL_MS: how often a run asks the providers about payouts still on their way. */
  pollIntervalMs: number;
  /** PAYOUT_HEARTBEAT_TIMEOUT_MS: how soon a provider call of a killed worker is retried. */
  heartbeatTimeoutMs: number;
  logger?: Logger;
}

const FINAL = ['COMPLETED', 'CANCELLED'];

/**
 * Requests a payout run of a program: the run is recorded, then its workflow started (commit, then tell
 * Temporal). A retried request (same idempotency key) answers the same run and starts its workflow if
 * the first request could not. Temporal unreachable: SERVICE_UNAVAILABLE, the run kept for the retry.
 */
export async function requestPayoutRun(
  deps: PayoutRunMessaging,
  tenant: TenantRef,
  input: z.output<typeof createPayoutRunSchema>,
  who: { requestedBy: string; trigger: 'MANUAL' | 'SCHEDULE' },
): Promise<PayoutRunView> {
  const { run } = await createPayoutRun(deps.db, tenant, input, who);
  if (FINAL.includes(run.status)) return run;
  try {
    await startPayoutRunWorkflow(
      deps.temporal,
      deps.metrics,
      { tenantId: tenant.id, tenantAlias: tenant.alias, runId: run.id },
      { pollIntervalMs: deps.pollIntervalMs, heartbeatTimeoutMs: deps.heartbeatTimeoutMs },
    );
  } catch (err) {
    throw new AppError(
      'SERVICE_UNAVAILABLE',
      'The payout run is saved but could not be started; retry with the same idempotencyKey',
      { cause: err, fields: { runId: run.id } },
    );
  }
  return run;
}

/**
 * An operator approves or cancels a run; its workflow is told (it also looks again on its own within the
 * hour, so a lost signal only delays it).
 */
export async function decidePayoutRun(
  deps: PayoutRunMessaging,
  tenant: TenantRef,
  runId: string,
  decision: { approve: true; approvedBy: string } | { approve: false },
): Promise<PayoutRunView> {
  const run = decision.approve
    ? await approvePayoutRun(deps.db, tenant, runId, decision.approvedBy)
    : await cancelPayoutRun(deps.db, tenant, runId);
  await signalPayoutRunDecided(deps.temporal, {
    tenantId: tenant.id,
    tenantAlias: tenant.alias,
    runId,
  }).catch((err: unknown) => deps.logger?.warn({ err, runId }, 'payout run decision not signalled'));
  return run;
}

/**
 * A referrer's payout method: PayPal or a gift card by e-mail, stored sealed; Stripe Connect creates
 * (once per payee) an Express account through the tenant's Stripe connection and answers the onboarding
 * link the referrer follows. Audited.
 */
export async function setPayoutMethod(
  deps: PayoutDeps,
  tenant: TenantRef,
  accountId: string,
  input: PayoutMethodInput,
  audit: PayeeAudit,
  urls: { refreshUrl: string; returnUrl: string },
): Promise<{ payee: PayeeView; onboardingUrl: string | null }> {
  const box = requireBox(deps.secretBox);
  if (input.type !== 'STRIPE_CONNECT') {
    const destination =
      input.type === 'PAYPAL'
        ? { type: 'PAYPAL' as const, email: input.email }
        : { type: 'GIFT_CARD' as const, email: input.email, name: input.name ?? null };
    return {
      payee: await savePayoutMethod(deps.db, box, tenant.id, accountId, destination, audit),
      onboardingUrl: null,
    };
  }
  const { credentials } = await payoutConnectionFor(deps.db, deps.secretBox, tenant.id, 'STRIPE_CONNECT');
  const existing = await createPayeesRepo(deps.db).find(tenant.id, accountId);
  const current =
    existing?.method_type === 'STRIPE_CONNECT' && existing.method_sealed
      ? (JSON.parse(box.open(existing.method_sealed, tenant.id)) as { accountId: string }).accountId
      : null;
  const connectAccount = await providerCall(() =>
    current
      ? Promise.resolve(current)
      : deps.onboarding.createAccount(credentials, {
          email: input.email,
          country: input.country,
          idempotencyKey: `referral-payee-${tenant.id}-${accountId}`,
        }),
  );
  const payee = await savePayoutMethod(
    deps.db,
    box,
    tenant.id,
    accountId,
    { type: 'STRIPE_CONNECT', accountId: connectAccount },
    audit,
  );
  const onboardingUrl = await providerCall(() =>
    deps.onboarding.createLink(credentials, connectAccount, urls),
  );
  return { payee, onboardingUrl };
}

async function providerCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof PayoutProviderError) {
      throw new AppError(
        err.retryable ? 'SERVICE_UNAVAILABLE' : 'VALIDATION_FAILED',
        `The payout provider refused: ${err.message}`,
        { cause: err },
      );
    }
    throw err;
  }
}

/**
 * A payout provider's webhook: verified with the tenant's connection (a bad signature: SIGNATURE_REJECTED,
 * nothing applied), then each payout it names settled exactly once (payout-sending.ts). Answers how many
 * payouts it changed.
 */
export async function receivePayoutWebhook(
  deps: PayoutDeps,
  tenant: TenantRef,
  method: PayoutMethodType,
  headers: Record<string, string | undefined>,
  rawBody: Buffer,
): Promise<number> {
  const connection = await payoutConnectionFor(deps.db, deps.secretBox, tenant.id, method).catch(() => null);
  if (!connection?.webhookSecret) throw new AppError('NOT_FOUND', 'No payout webhook is configured here');
  let outcomes;
  try {
    outcomes = (
      await deps
        .provider(method)
        .parseWebhook(connection.credentials, connection.webhookSecret, headers, rawBody)
    ).outcomes;
  } catch (err) {
    if (err instanceof PayoutProviderError && !err.retryable) {
      throw new AppError('SIGNATURE_REJECTED', 'The webhook is not genuine', { cause: err });
    }
    throw err;
  }
  let changed = 0;
  for (const outcome of outcomes) {
    const before = await deps
      .db('payouts')
      .where({ tenant_id: tenant.id, id: outcome.payoutId })
      .first('status');
    const after = await applyPayoutOutcome(deps.db, tenant.id, outcome);
    if (after && before && after.status !== before.status) changed += 1;
  }
  return changed;
}

/**
 * The scheduler's round: for each program paid weekly or monthly, the run of the current period
 * (requested once per period: the period is its key). A program whose previous run is not finished waits
 * for the next round. Answers how many runs it requested.
 */
export async function startScheduledPayoutRuns(deps: PayoutRunMessaging, now: Date): Promise<number> {
  let requested = 0;
  for (const policy of await scheduledPayoutPolicies(deps.db)) {
    if (policy.schedule === 'MANUAL') continue;
    const key = scheduledRunKey(policy.program_id, payoutPeriod(policy.schedule, now));
    try {
      await requestPayoutRun(
        deps,
        { id: policy.tenant_id, alias: policy.alias },
        { programId: policy.program_id, idempotencyKey: key },
        { requestedBy: 'schedule', trigger: 'SCHEDULE' },
      );
      requested += 1;
    } catch (err) {
      if (!(err instanceof AppError && err.apiErrorCode === 'CONFLICT')) throw err;
    }
  }
  return requested;
}
