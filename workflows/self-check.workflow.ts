import { proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../activities/contract';
import type { SelfCheckInput, SelfCheckResult } from '../shared/types/system';

const { checkDatabase } = proxyActivities<Activities>({
  startToCloseTimeout: '10 seconds',
  retry: { maximumAttempts: 3 },
});

/** A round trip through Temporal, a worker and PostgreSQL; the launcher runs it once at start. */
export async function selfCheckWorkflow(input: SelfCheckInput): Promise<SelfCheckResult> {
  const database = await checkDatabase();
  return { requestedBy: input.requestedBy, database };
}
