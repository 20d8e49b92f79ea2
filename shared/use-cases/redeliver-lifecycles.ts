import type { Db } from '../db/knex';
import { createReferralsRepo } from '../repos/referrals.repo';
import type { NudgeInput, NudgeResult } from '../types/referrals';
import { messageLifecycle } from './settle-lifecycle';
import type { WorkflowMessaging } from './use-case-deps';

export interface RedeliverLifecyclesDeps extends WorkflowMessaging {
  db: Db;
  /** Injectable clock (epoch ms) for the grace period. */
  now: () => number;
}

/**
 * Re-delivers changes no lifecycle workflow has applied within the grace period (a request whose
 * Temporal call failed after commit; a bulk import that wrote state first). Each delivery is one
 * signal-with-start awaited before the next few, so starts never outrun what the server accepts.
 */
export async function redeliverStaleLifecycles(
  deps: RedeliverLifecyclesDeps,
  input: NudgeInput,
): Promise<NudgeResult> {
  const stale = await createReferralsRepo(deps.db).listStalePending(
    new Date(deps.now() - input.graceMs),
    input.batchSize,
  );
  let delivered = 0;
  let failed = 0;
  for (let i = 0; i < stale.length; i += input.concurrency) {
    const results = await Promise.allSettled(
      stale
        .slice(i, i + input.concurrency)
        .map((row) =>
          messageLifecycle(
            deps,
            { id: row.tenant_id, alias: row.tenant_alias },
            row,
            { eventId: `reconcile:${row.id}:${row.lifecycle_pending_since.getTime()}`, kind: 'reconcile' },
            { wait: false, timeoutMs: 10_000 },
          ),
        ),
    );
    delivered += results.filter((r) => r.status === 'fulfilled').length;
    failed += results.filter((r) => r.status === 'rejected').length;
  }
  return { found: stale.length, delivered, failed };
}
