import type { Metrics } from '../metrics';
import type { TemporalDeps } from '../temporal/client';

/** A tenant as a use case addresses it: its id in SQL, its alias in workflow IDs. */
export interface TenantRef {
  id: string;
  alias: string;
}

/** What a use case needs to start or signal a workflow once its change is committed. */
export interface WorkflowMessaging {
  temporal: TemporalDeps;
  metrics: Metrics;
}
