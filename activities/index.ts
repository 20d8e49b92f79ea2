import type { SecretBox } from '../shared/crypto/secret-box';
import type { Db } from '../shared/db/knex';
import type { Metrics } from '../shared/metrics';
import type { PaymentProcessorFactory } from '../shared/processors/payment-processor';
import type { FileStorage } from '../shared/storage/file-storage';
import type { TemporalDeps } from '../shared/temporal/client';
import { createEventActivities } from './events.activities';
import { createImportActivities } from './imports.activities';
import { createProcessorActivities } from './processor.activities';
import { createReferralActivities } from './referrals.activities';
import { createSystemActivities } from './system.activities';

export interface ActivityDeps {
  db: Db;
  /** A client for activities that message other workflows (the reconciler). */
  temporal?: TemporalDeps;
  metrics?: Metrics;
  /** Uploaded import files and result files (import jobs). */
  storage?: FileStorage;
  importChunkRows?: number;
  importActivityBudgetMs?: number;
  /** Opens tenants' processor private keys (payment-processor activities). */
  secretBox?: SecretBox;
  processors?: PaymentProcessorFactory;
  processorOptions?: { baseUrl?: string; timeoutMs: number };
}

/** Every activity the worker registers, built from real dependencies by the worker. */
export function createActivities(deps: ActivityDeps) {
  return {
    ...createSystemActivities(deps),
    ...createReferralActivities(deps),
    ...createEventActivities(deps),
    ...createImportActivities(deps),
    ...createProcessorActivities(deps),
  };
}

export type Activities = ReturnType<typeof createActivities>;
