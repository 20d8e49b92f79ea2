import type { Db } from '../db/knex';
import { createUserClientsRepo } from '../repos/user-clients.repo';
import { createWebhookEventsRepo } from '../repos/webhook-events.repo';
import type { PruneExpiredDataInput } from '../types/system';

/**
 * Data kept only for a while, a batch of each per call: outbound webhook events older than
 * WEBHOOK_RETENTION_DAYS with their delivery log (the retry schedule ends long before, about two days,
 * so nothing still being delivered is touched; such events can no longer be replayed), and the clients
 * users identified from (addresses and device ids) once the SAME_CLIENT signal no longer looks at them.
 * Answers how many rows went.
 */
export async function pruneExpiredData(
  deps: { db: Db; now?: () => number },
  input: PruneExpiredDataInput,
): Promise<number> {
  const now = (deps.now ?? Date.now)();
  const events = await createWebhookEventsRepo(deps.db).pruneOlderThan(
    new Date(now - input.webhookEventsOlderThanMs),
    input.batchSize,
  );
  const clients = await createUserClientsRepo(deps.db).pruneSeenBefore(
    new Date(now - input.userClientsOlderThanMs),
    input.batchSize,
  );
  return events + clients;
}
