import {
  ActivityFailure,
  ApplicationFailure,
  continueAsNew,
  proxyActivities,
  workflowInfo,
} from '@temporalio/workflow';
import type { Activities } from '../activities/contract';
import type { ChunksResult, ImportJobInput, ImportJobRef } from '../shared/types/imports';

const { prepareImportJob, finishImportJob } = proxyActivities<Activities>({
  startToCloseTimeout: '10 minutes',
  retry: { initialInterval: '1 second', maximumInterval: '30 seconds' },
});

/**
 * The readable reason of an activity failure that no retry can fix (the activity made it non-retryable:
 * the file itself is at fault), or undefined.
 */
function finalFailure(err: unknown): string | undefined {
  if (err instanceof ActivityFailure && err.cause instanceof ApplicationFailure && err.cause.nonRetryable) {
    return err.cause.message;
  }
  return undefined;
}

/**
 * One bulk import job, `import/{tenant}/{jobId}`: prepare (header, record count), apply the file in chunks
 * (each chunk one transaction with its ledger row, so a retried activity never applies a chunk twice),
 * then write the result file and the final status. Rows never travel through workflow history: the
 * activities read the stored file by byte offset. The workflow continues as new well before its history
 * grows long, carrying only the job's identity (the position lives in PostgreSQL). A failure the file
 * causes (non-retryable) ends the job FAILED with its reason after one attempt.
 */
export async function importJobWorkflow(input: ImportJobInput): Promise<string> {
  const job: ImportJobRef = { tenantId: input.tenantId, tenantAlias: input.tenantAlias, jobId: input.jobId };
  try {
    return await runImportJob(input, job);
  } catch (err) {
    const reason = finalFailure(err);
    if (reason === undefined) throw err;
    await finishImportJob({ ...job, status: 'FAILED', error: reason });
    return 'FAILED';
  }
}

async function runImportJob(input: ImportJobInput, job: ImportJobRef): Promise<string> {
  const { importChunks } = proxyActivities<Activities>({
    startToCloseTimeout: '10 minutes',
    heartbeatTimeout: input.heartbeatTimeoutMs,
    retry: { initialInterval: '1 second', maximumInterval: '30 seconds' },
  });
  if (!input.prepared && !(await prepareImportJob(job)).proceed) return 'FINAL';
  for (let round = 0; ; round += 1) {
    const result: ChunksResult = await importChunks(job);
    switch (result.state) {
      case 'final':
        return 'FINAL';
      case 'done':
        await finishImportJob({ ...job, status: 'COMPLETED' });
        return 'COMPLETED';
      case 'aborted':
        await finishImportJob({ ...job, status: 'ABORTED' });
        return 'ABORTED';
      case 'failed':
        await finishImportJob({ ...job, status: 'FAILED', error: result.error });
        return 'FAILED';
      case 'more':
        if (round >= 200 || workflowInfo().continueAsNewSuggested) {
          return continueAsNew<typeof importJobWorkflow>({ ...input, prepared: true });
        }
    }
  }
}
