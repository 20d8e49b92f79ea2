import type { Metrics } from '../metrics';
import type { ImportJobInput } from '../types/imports';
import { importJobWorkflow } from '../../workflows/import-job.workflow';
import type { TemporalDeps } from './client';
import { IMPORT_JOB_TYPE } from './search-attributes';
import { startWorkflowOnce } from './start-workflow';
import { workflowIds } from './workflow-ids';

/**
 * Starts a stored import job's workflow, `import/{tenant}/{jobId}`. A job started before (a retried
 * request) is left as it is: the job ID is the workflow's natural key.
 */
export async function startImportJobWorkflow(
  temporal: TemporalDeps,
  metrics: Metrics,
  job: ImportJobInput & { type: string; fileName: string },
): Promise<void> {
  const { type, fileName, ...input } = job;
  await startWorkflowOnce(temporal, metrics, {
    workflow: importJobWorkflow,
    workflowId: workflowIds.importJob(input.tenantAlias, input.jobId),
    args: [input],
    tenantAlias: input.tenantAlias,
    entityId: input.jobId,
    kind: 'import',
    extraSearchAttributes: [{ key: IMPORT_JOB_TYPE, value: type }],
    summary: `${type} import of ${fileName} (job ${input.jobId})`,
  });
}
