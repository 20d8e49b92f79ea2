import { z } from 'zod';
import { jsonColumn } from '../db/json-column';
import type { DbOrTrx } from '../db/knex';
import type { NotificationOutcome, NotificationToDispatch } from '../types/processors';

/**
 * REJECTED: authentic (the signature verified) but unreadable; stored so the processor stops retrying it.
 * WAITING: about a processor customer no account is tied to yet; received again when one is.
 */
export type NotificationStatus =
  'RECEIVED' | 'WAITING' | 'PROCESSED' | 'RECORDED' | 'IGNORED' | 'FAILED' | 'REJECTED';

/** Why a REJECTED notification could not be read. */
export interface RejectedOutcome {
  reason: string;
}

/** The `outcome` column: what applying it came to (PROCESSED, FAILED), or why it was REJECTED. */
export type StoredOutcome = NotificationOutcome | RejectedOutcome;

const appliedOutcomeSchema = z.object({
  status: z.enum(['PROCESSED', 'FAILED']),
  accountId: z.string().nullable(),
  customerId: z.string().nullable(),
  result: z.enum([
    'APPLIED',
    'UNCHANGED',
    'STALE',
    'NO_ACCOUNT',
    'NO_CUSTOMER',
    'DISCONNECTED',
    'WAITING',
    'CUSTOMER_IN_USE',
  ]),
  accountStatus: z.enum(['PAID', 'CANCELLED']).nullable(),
  attributedBy: z.string().nullable(),
  syncDiscount: z.boolean(),
  message: z.string().optional(),
}) satisfies z.ZodType<NotificationOutcome>;

const readOutcome = jsonColumn(
  'processor_notifications',
  'outcome',
  z.union([appliedOutcomeSchema, z.object({ reason: z.string() })]).nullable(),
);

/** A row as read, its outcome checked (see jsonColumn). */
function toRow(row: NotificationRow | undefined): NotificationRow | undefined {
  return row && { ...row, outcome: readOutcome(row.outcome, row.id) };
}

export interface NotificationRow {
  id: string;
  tenant_id: string;
  processor: string;
  notification_key: string;
  kind: string;
  subject_id: string | null;
  /** The processor customer the payload names (Stripe events), null when it names none. */
  customer_id: string | null;
  notified_at: Date;
  signature: string;
  payload: string;
  status: NotificationStatus;
  outcome: StoredOutcome | null;
  deliveries: number;
  received_at: Date;
  dispatched_at: Date | null;
  processed_at: Date | null;
}

export type NewNotification = Pick<
  NotificationRow,
  | 'tenant_id'
  | 'processor'
  | 'notification_key'
  | 'kind'
  | 'subject_id'
  | 'notified_at'
  | 'signature'
  | 'payload'
  | 'status'
> & { outcome?: RejectedOutcome; customer_id?: string | null };

/** A transaction lock on one processor customer of a tenant (see lockCustomer). */
async function lockCustomer(tenantId: string, customerId: string, trx: DbOrTrx): Promise<void> {
  await trx.raw('select pg_advisory_xact_lock(hashtextextended(?, 0))', [
    `processor-customer:${tenantId}:${customerId}`,
  ]);
}

export function createProcessorNotificationsRepo(db: DbOrTrx) {
  return {
    /**
     * Stores a delivery. A redelivery of the same notification (same key) only counts the delivery: the
     * first row, its status and its workflow stay. `inserted` tells the two apart.
     */
    async record(
      row: NewNotification,
      trx: DbOrTrx = db,
    ): Promise<{ id: string; status: NotificationStatus; inserted: boolean; dispatched: boolean }> {
      const processedAt = row.status === 'RECEIVED' ? null : trx.fn.now();
      const { rows } = await trx.raw(
        `insert into processor_notifications
           (tenant_id, processor, notification_key, kind, subject_id, customer_id, notified_at, signature, payload, status, processed_at, outcome)
         values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
         on conflict (tenant_id, processor, notification_key)
           do update set deliveries = processor_notifications.deliveries + 1
         returning id, status, (xmax = 0) as inserted, dispatched_at is not null as dispatched`,
        [
          row.tenant_id,
          row.processor,
          row.notification_key,
          row.kind,
          row.subject_id,
          row.customer_id ?? null,
          row.notified_at,
          row.signature,
          row.payload,
          row.status,
          processedAt,
          row.outcome === undefined ? null : JSON.stringify(row.outcome),
        ],
      );
      return rows[0];
    },

    async find(tenantId: string, id: string, trx: DbOrTrx = db): Promise<NotificationRow | undefined> {
      return toRow(
        await trx<NotificationRow>('processor_notifications').where({ tenant_id: tenantId, id }).first(),
      );
    },

    /** The tenant's latest notifications, newest first (the portal's Install page). */
    async listRecent(tenantId: string, limit: number, trx: DbOrTrx = db): Promise<NotificationRow[]> {
      const rows = await trx<NotificationRow>('processor_notifications')
        .where({ tenant_id: tenantId })
        .orderBy([
          { column: 'received_at', order: 'desc' },
          { column: 'id', order: 'desc' },
        ])
        .limit(limit);
      return rows.map((row) => toRow(row)!);
    },

    async lock(tenantId: string, id: string, trx: DbOrTrx): Promise<NotificationRow | undefined> {
      return toRow(
        await trx<NotificationRow>('processor_notifications')
          .where({ tenant_id: tenantId, id })
          .forUpdate()
          .first(),
      );
    },

    async markDispatched(ids: string[], trx: DbOrTrx = db): Promise<void> {
      if (ids.length === 0) return;
      await trx('processor_notifications')
        .whereIn('id', ids)
        .whereNull('dispatched_at')
        .update({ dispatched_at: trx.fn.now() });
    },

    async finish(
      id: string,
      status: Exclude<NotificationStatus, 'RECEIVED'>,
      outcome: NotificationOutcome,
      trx: DbOrTrx,
    ): Promise<NotificationRow> {
      const rows: NotificationRow[] = await trx('processor_notifications')
        .where({ id })
        .update({
          status,
          outcome: JSON.stringify(outcome),
          processed_at: trx.raw('clock_timestamp()'),
          dispatched_at: trx.raw('coalesce(dispatched_at, clock_timestamp())'),
        })
        .returning('*');
      return toRow(rows[0])!;
    },

    /**
     * The customer's WAITING notifications received again (RECEIVED, not dispatched, no outcome), now that
     * an account is tied to it; answers them for their workflows to be started after the commit (the
     * dispatcher starts any that are not).
     */
    async releaseWaiting(
      tenantId: string,
      customerId: string,
      trx: DbOrTrx,
    ): Promise<NotificationToDispatch[]> {
      await lockCustomer(tenantId, customerId, trx);
      const rows: NotificationToDispatch[] = await trx('processor_notifications as n')
        .where({ 'n.tenant_id': tenantId, 'n.customer_id': customerId, 'n.status': 'WAITING' })
        .update({ status: 'RECEIVED', dispatched_at: null, processed_at: null, outcome: null })
        .returning(['n.id', 'n.tenant_id', 'n.processor', 'n.notification_key', 'n.kind', 'n.subject_id']);
      if (rows.length === 0) return [];
      const tenant = await trx('tenants').where({ id: tenantId }).first('alias');
      return rows.map((r) => ({ ...r, tenant_alias: tenant.alias as string }));
    },

    /**
     * Serialises deciding that a notification waits for a customer's tie with tying it (releaseWaiting
     * takes the same lock): whichever comes second sees what the first committed. Held until the
     * transaction ends.
     */
    lockCustomer: (tenantId: string, customerId: string, trx: DbOrTrx) =>
      lockCustomer(tenantId, customerId, trx),

    /**
     * Parks a notification about a customer no account is tied to (WAITING), keeping the customer it
     * concerns, which the payload may not have named (a dispute names its charge only).
     */
    async wait(id: string, customerId: string, outcome: NotificationOutcome, trx: DbOrTrx): Promise<void> {
      await trx('processor_notifications')
        .where({ id })
        .update({
          status: 'WAITING',
          customer_id: customerId,
          outcome: JSON.stringify(outcome),
          processed_at: trx.raw('clock_timestamp()'),
          dispatched_at: trx.raw('coalesce(dispatched_at, clock_timestamp())'),
        });
    },

    /** The customer's received notifications no workflow is known to have taken (released ones among them). */
    async listUndispatchedOfCustomer(
      tenantId: string,
      customerId: string,
      trx: DbOrTrx = db,
    ): Promise<NotificationToDispatch[]> {
      return trx('processor_notifications as n')
        .join('tenants as t', 't.id', 'n.tenant_id')
        .where({ 'n.tenant_id': tenantId, 'n.customer_id': customerId, 'n.status': 'RECEIVED' })
        .whereNull('n.dispatched_at')
        .orderBy('n.received_at')
        .select(
          'n.id',
          'n.tenant_id',
          't.alias as tenant_alias',
          'n.processor',
          'n.notification_key',
          'n.kind',
          'n.subject_id',
        );
    },

    /** Whether another notification about this subject than `exceptId` has been applied (PROCESSED). */
    async hasProcessedOther(
      tenantId: string,
      processor: string,
      subjectId: string,
      exceptId: string,
      trx: DbOrTrx = db,
    ): Promise<boolean> {
      const row = await trx('processor_notifications')
        .where({ tenant_id: tenantId, processor, subject_id: subjectId, status: 'PROCESSED' })
        .whereNot('id', exceptId)
        .first('id');
      return row !== undefined;
    },

    /** Received notifications no workflow is known to have taken, older than `before`, oldest first. */
    async listUndispatched(
      before: Date,
      limit: number,
      trx: DbOrTrx = db,
    ): Promise<NotificationToDispatch[]> {
      return trx('processor_notifications as n')
        .join('tenants as t', 't.id', 'n.tenant_id')
        .whereNull('n.dispatched_at')
        .where('n.status', 'RECEIVED')
        .where('n.received_at', '<', before)
        .orderBy('n.received_at')
        .limit(limit)
        .select(
          'n.id',
          'n.tenant_id',
          't.alias as tenant_alias',
          'n.processor',
          'n.notification_key',
          'n.kind',
          'n.subject_id',
        );
    },
  };
}
