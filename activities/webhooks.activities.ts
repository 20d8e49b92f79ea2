import { heartbeating } from './heartbeating';
import { WebhookEndpointHealth } from '../shared/domain/webhooks/webhook-endpoint-health';
import type { SecretBox } from '../shared/crypto/secret-box';
import type { Db } from '../shared/db/knex';
import type { Metrics } from '../shared/metrics';
import type { TemporalDeps } from '../shared/temporal/client';
import type {
  WebhookAttemptInput,
  WebhookAttemptResult,
  WebhookDispatchInput,
  WebhookDispatchResult,
} from '../shared/types/webhooks';
import { attemptWebhookDelivery } from '../shared/use-cases/webhook-attempt';
import { dispatchWebhookEvents } from '../shared/use-cases/webhook-dispatch';

export interface WebhookActivityDeps {
  db: Db;
  temporal: TemporalDeps;
  metrics: Metrics;
  secretBox: SecretBox | undefined;
  /** The SSRF guard's switches, as the worker's config sets them. */
  webhooks: { allowHttp: boolean; allowPrivateAddresses: boolean };
}

export function createWebhookActivities(deps: WebhookActivityDeps) {
  const dispatchDeps = { ...deps, health: new WebhookEndpointHealth() };
  return {
    /** One HTTP attempt of an event to an endpoint, recorded in the attempt log (never throws for HTTP). */
    async attemptWebhookDelivery(input: WebhookAttemptInput): Promise<WebhookAttemptResult> {
      return heartbeating(() => attemptWebhookDelivery(deps, input));
    },

    /**
     * A batch of the outbox: the oldest undispatched events' first attempts (inline, to healthy
     * endpoints) and the delivery workflows of what is not over.
     */
    async dispatchWebhookEvents(input: WebhookDispatchInput): Promise<WebhookDispatchResult> {
      return heartbeating(() => dispatchWebhookEvents(dispatchDeps, input));
    },
  };
}
