import { exitOnStartFailure } from '../../shared/process';
import { runWorkerProcess } from '../../services/worker/run';

/**
 * The production worker process (services/worker/run.ts) with the workflow bundle global setup built
 * (TEST_WORKFLOW_BUNDLE): what startServiceProcess('worker') runs, so a test that kills and restarts
 * workers does not wait for webpack at every start. The launcher's tests and the production-build test
 * start the real entry points.
 */
runWorkerProcess({ workflowBundle: { codePath: process.env.TEST_WORKFLOW_BUNDLE! } }).catch(
  exitOnStartFailure('worker'),
);
