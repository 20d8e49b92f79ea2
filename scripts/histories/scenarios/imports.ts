import { z } from 'zod';
import { workflowIds } from '../../../shared/temporal/workflow-ids';
import { continuedFrom, historyIs, type History, type Recorder } from '../recorder';
import type { RecordingStack } from '../stack';
import { createTenantApi, uid } from '../tenant-api';

/** Rows of the job: one per activity call (IMPORT_CHUNK_ROWS=1), enough to continue as new once. */
const ROWS = 25;

/**
 * An import job through the upload and GraphQL routes: part-way through (held there by a row lock on
 * its job while the history is read, so the moment is certain), continued as new, and completed.
 */
export async function recordImportJob(stack: RecordingStack, recorder: Recorder): Promise<void> {
  const api = await createTenantApi(stack, 'imports');
  const account = uid('acct');
  const csv = ['id,accountId', ...Array.from({ length: ROWS }, (_, i) => `u${i},${account}-${i}`)].join('\n');
  const upload = await fetch(`${api.base}/export/upload?filename=users.csv`, {
    method: 'POST',
    headers: { authorization: api.auth, 'content-type': 'application/octet-stream' },
    body: csv,
  });
  if (upload.status !== 200) throw new Error(`upload: ${upload.status} ${await upload.text()}`);
  const { fileRef } = z.object({ fileRef: z.string() }).parse(await upload.json());
  const created = await api.gql(
    `mutation C($j: JobInput!) { createJob(jobInput: $j) { id } }`,
    { j: { fileRef, type: 'MUTATION/USER' } },
    z.object({ createJob: z.object({ id: z.string() }) }),
  );
  const jobId = created.createJob.id;
  const workflowId = workflowIds.importJob(api.alias, jobId);
  const chunksDone = (h: History) => historyIs.count(h, (e) => e.activityTaskCompletedEventAttributes) - 1; // the first is prepareImportJob

  const { runId: firstRunId } = await stack.temporal.client.workflow.getHandle(workflowId).describe();
  await stack.db.transaction(async (trx) => {
    // A few chunks in, hold the job's row: the chunk in flight cannot commit its position meanwhile.
    await recorder.waitFor(workflowId, (h) => chunksDone(h) >= 3, { runId: firstRunId });
    await trx('import_jobs').where({ id: jobId }).forUpdate().first();
    await recorder.save(workflowId, 'part-way', { runId: firstRunId, until: historyIs.idle });
  });
  const next = await recorder.waitFor(workflowId, (h) => continuedFrom(h) !== undefined, {
    what: 'continued as new',
    timeoutMs: 90_000,
  });
  await recorder.save(workflowId, 'continued-as-new', { runId: continuedFrom(next) });
  await recorder.save(workflowId, 'completed', { until: historyIs.closed, timeoutMs: 90_000 });
}
