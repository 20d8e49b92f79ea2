import { Context } from '@temporalio/activity';
import { deterministicFailuresFinal } from '../shared/imports/failures';
import type { FinishInput, ImportJobRef, ImportPosition } from '../shared/types/imports';
import {
  finishImportJob,
  importChunks,
  prepareImportJob,
  type RunImportJobDeps,
} from '../shared/use-cases/run-import-job';

export type ImportActivityDeps = RunImportJobDeps;

/**
 * The import job's activities: Temporal's side of shared/use-cases/run-import-job.ts. Failures a retry
 * cannot mend end the job at once (deterministicFailuresFinal); the chunk loop's position travels in
 * heartbeats, so a retried attempt resumes where the last one got to.
 */
export function createImportActivities(deps: ImportActivityDeps) {
  return {
    prepareImportJob: deterministicFailuresFinal((input: ImportJobRef) => prepareImportJob(deps, input)),
    importChunks: deterministicFailuresFinal((input: ImportJobRef) => {
      const context = Context.current();
      return importChunks(deps, input, {
        lastBeat: context.info.heartbeatDetails as ImportPosition | undefined,
        beat: (position) => context.heartbeat(position),
      });
    }),
    finishImportJob: (input: FinishInput) => finishImportJob(deps, input),
  };
}
