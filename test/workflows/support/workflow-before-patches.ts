/**
 * @temporalio/workflow as the "before" bundle of the workflow tests sees it (global-setup.ts): everything
 * as it is, except `patched(id)`, which answers false for the patch ids a run names in its memo
 * (BEFORE_PATCHES_MEMO), recording no marker. A workflow started that way takes the branch its code took
 * before that patch was written, which is what `patched()` guarantees the old code did: so its history is
 * one the code before the patch could have written, with no marker, for today's code to replay.
 *
 * This file runs inside the workflow sandbox: only @temporalio/workflow.
 */
import { patched as patchedToday, workflowInfo } from '@temporalio/workflow/lib/index';

export * from '@temporalio/workflow/lib/index';

/** The memo field naming the patches a run is to run without (an array of patch ids). */
export const BEFORE_PATCHES_MEMO = 'testRunsBeforePatches';

export function patched(patchId: string): boolean {
  const before = workflowInfo().memo?.[BEFORE_PATCHES_MEMO];
  if (Array.isArray(before) && before.includes(patchId)) return false;
  return patchedToday(patchId);
}
