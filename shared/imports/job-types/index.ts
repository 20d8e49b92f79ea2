/**
 * The registry of bulk import job types (the spec's). A job type is a plug-in: one file with its columns,
 * row checks and apply function, and one line here.
 */
import { deleteUserJobType } from './delete-user';
import { redeemableRewardBalanceJobType } from './redeemable-reward-balance';
import { userJobType } from './user';
import { userEventJobType } from './user-event';

const REGISTERED = [
  userJobType,
  deleteUserJobType,
  userEventJobType,
  redeemableRewardBalanceJobType,
] as const;

export type JobType = (typeof REGISTERED)[number]['name'];

/** The job types' names, in registration order. */
export const JOB_TYPES: readonly JobType[] = REGISTERED.map((t) => t.name);

export const JOB_TYPE_REGISTRY = Object.fromEntries(REGISTERED.map((t) => [t.name, t])) as {
  [Name in JobType]: (typeof REGISTERED)[number];
};

export function isJobType(value: string): value is JobType {
  return (JOB_TYPES as readonly string[]).includes(value);
}
