/**
 * The registry of bulk import job types (the spec's). A job type is a plug-in: one file with its columns'
 * checks, row checks and apply function, and one line here. The types and their columns are the API's
 * (shared/contract/enums.ts, which the admin portal imports too): a type the contract lists without a
 * plug-in here, or a plug-in for a type it does not list, does not compile.
 */
import { IMPORT_JOB_TYPES, type ImportJobType as JobType } from '../../contract/enums';
import type { ImportJobType } from '../rows';
import { deleteUserJobType } from './delete-user';
import { redeemableRewardBalanceJobType } from './redeemable-reward-balance';
import { userJobType } from './user';
import { userEventJobType } from './user-event';

export type { JobType };

/** The job types' names, in the contract's order. */
export const JOB_TYPES: readonly JobType[] = IMPORT_JOB_TYPES;

export const JOB_TYPE_REGISTRY: { readonly [Name in JobType]: ImportJobType<Name> } = {
  'MUTATION/USER': userJobType,
  'MUTATION/DELETE_USER': deleteUserJobType,
  'MUTATION/USER_EVENT': userEventJobType,
  'MUTATION/REDEEMABLE_REWARD_BALANCE': redeemableRewardBalanceJobType,
};

export function isJobType(value: string): value is JobType {
  return (JOB_TYPES as readonly string[]).includes(value);
}
