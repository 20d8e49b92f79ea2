import type { DbOrTrx } from '../db/knex';

/**
 * Outbound webhook endpoints (migration 012-webhooks.ts). Every read and change is scoped by tenant;
 * the secrets are stored sealed (shared/domain/webhooks/webhook-endpoints.ts seals and opens them).
 */
export interface WebhookEndpointRow {
  id: string;
  tenant_id: string;
  url: string;
  description: string;
  event_types: string[];
  secret_sealed: string;
  previous_secret_sealed: string | null;
  previous_secret_expires_at: Date | null;
  disabled_at: Date | null;
  disabled_reason: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface WebhookEndpointChanges {
  url?: string;
  description?: string;
  event_types?: string[];
  /** false disables (with a reason), true re-enables (clears disabled_*). */
  enabled?: { value: true } | { value: false; reason: string };
}

const newestFirst = [
  { column: 'created_at', order: 'desc' as const },
  { column: 'id', order: 'desc' as const },
];

export function createWebhookEndpointsRepo(db: DbOrTrx) {
  return {
    async count(tenantId: string, trx: DbOrTrx = db): Promise<number> {
      const row = await trx('webhook_endpoints')
        .where({ tenant_id: tenantId })
        .count<{ n: string }[]>({ n: '*' })
        .first();
      return Number(row?.n ?? 0);
    },

    /** Serializes endpoint creation per tenant (the limit check), until the transaction ends. */
    async lockTenant(tenantId: string, trx: DbOrTrx = db): Promise<void> {
      await trx.raw("select pg_advisory_xact_lock(hashtext('webhook_endpoints:' || ?))", [tenantId]);
    },

    async insert(
      row: Pick<
        WebhookEndpointRow,
        'id' | 'tenant_id' | 'url' | 'description' | 'event_types' | 'secret_sealed'
      >,
      trx: DbOrTrx = db,
    ): Promise<WebhookEndpointRow> {
      const [inserted] = await trx('webhook_endpoints').insert(row).returning<WebhookEndpointRow[]>('*');
      return inserted!;
    },

    async list(tenantId: string, trx: DbOrTrx = db): Promise<WebhookEndpointRow[]> {
      return trx<WebhookEndpointRow>('webhook_endpoints').where({ tenant_id: tenantId }).orderBy(newestFirst);
    },

    /** The enabled endpoints of several tenants (a dispatcher batch's). */
    async listEnabled(tenantIds: string[], trx: DbOrTrx = db): Promise<WebhookEndpointRow[]> {
      if (tenantIds.length === 0) return [];
      return trx<WebhookEndpointRow>('webhook_endpoints')
        .whereIn('tenant_id', tenantIds)
        .whereNull('disabled_at')
        .orderBy(newestFirst);
    },

    async find(tenantId: string, id: string, trx: DbOrTrx = db): Promise<WebhookEndpointRow | undefined> {
      return trx<WebhookEndpointRow>('webhook_endpoints').where({ tenant_id: tenantId, id }).first();
    },

    async update(
      tenantId: string,
      id: string,
      changes: WebhookEndpointChanges,
      trx: DbOrTrx = db,
    ): Promise<WebhookEndpointRow | undefined> {
      const set: Record<string, unknown> = { updated_at: trx.fn.now() };
      if (changes.url !== undefined) set.url = changes.url;
      if (changes.description !== undefined) set.description = changes.description;
      if (changes.event_types !== undefined) set.event_types = changes.event_types;
      if (changes.enabled?.value === true) {
        set.disabled_at = null;
        set.disabled_reason = null;
      } else if (changes.enabled?.value === false) {
        set.disabled_at = trx.raw('coalesce(disabled_at, now())');
        set.disabled_reason = changes.enabled.reason;
      }
      const [row] = await trx('webhook_endpoints')
        .where({ tenant_id: tenantId, id })
        .update(set)
        .returning<WebhookEndpointRow[]>('*');
      return row;
    },

    async delete(tenantId: string, id: string, trx: DbOrTrx = db): Promise<WebhookEndpointRow | undefined> {
      const [row] = await trx('webhook_endpoints')
        .where({ tenant_id: tenantId, id })
        .delete()
        .returning<WebhookEndpointRow[]>('*');
      return row;
    },

    /** Stores a new sealed secret and keeps the former one until `previousExpiresAt`. */
    async rotateSecret(
      tenantId: string,
      id: string,
      secrets: { sealed: string; previousSealed: string; previousExpiresAt: Date },
      trx: DbOrTrx = db,
    ): Promise<WebhookEndpointRow | undefined> {
      const [row] = await trx('webhook_endpoints')
        .where({ tenant_id: tenantId, id })
        .update({
          secret_sealed: secrets.sealed,
          previous_secret_sealed: secrets.previousSealed,
          previous_secret_expires_at: secrets.previousExpiresAt,
          updated_at: trx.fn.now(),
        })
        .returning<WebhookEndpointRow[]>('*');
      return row;
    },
  };
}

export type WebhookEndpointsRepo = ReturnType<typeof createWebhookEndpointsRepo>;
