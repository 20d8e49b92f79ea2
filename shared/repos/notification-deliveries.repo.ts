import type { DbOrTrx } from '../db/knex';

export type DeliveryStatus = 'PENDING' | 'SENT' | 'REFUSED' | 'SUPPRESSED' | 'NOT_SENT' | 'DISABLED';

export interface NotificationDeliveryRow {
  id: string;
  tenant_id: string;
  /** (event, recipient): one row, one message. */
  key: string;
  kind: string;
  program_id: string | null;
  recipient: string;
  status: DeliveryStatus;
  response: string | null;
  message_id: string;
  attempts: number;
  created_at: Date;
  sent_at: Date | null;
}

/** One row per (event, recipient) message and what became of it (migration 038). */
export function createNotificationDeliveriesRepo(db: DbOrTrx) {
  return {
    /** The row for this key, created PENDING when there is none (a replay finds the first). */
    async open(
      row: Pick<
        NotificationDeliveryRow,
        'id' | 'tenant_id' | 'key' | 'kind' | 'program_id' | 'recipient' | 'message_id'
      >,
      trx: DbOrTrx = db,
    ): Promise<NotificationDeliveryRow> {
      await trx('notification_deliveries')
        .insert({ ...row, status: 'PENDING' })
        .onConflict(['tenant_id', 'key'])
        .ignore();
      const found = await trx<NotificationDeliveryRow>('notification_deliveries')
        .where({ tenant_id: row.tenant_id, key: row.key })
        .first();
      return found!;
    },

    async findByKey(
      tenantId: string,
      key: string,
      trx: DbOrTrx = db,
    ): Promise<NotificationDeliveryRow | undefined> {
      return trx<NotificationDeliveryRow>('notification_deliveries')
        .where({ tenant_id: tenantId, key })
        .first();
    },

    /** Records an attempt's outcome; a row already final is left alone (answers false). */
    async finish(
      tenantId: string,
      id: string,
      outcome: { status: DeliveryStatus; response: string | null; recipient?: string },
      trx: DbOrTrx = db,
    ): Promise<boolean> {
      const n = await trx('notification_deliveries')
        .where({ tenant_id: tenantId, id, status: 'PENDING' })
        .update({
          status: outcome.status,
          response: outcome.response?.slice(0, 500) ?? null,
          ...(outcome.recipient ? { recipient: outcome.recipient } : {}),
          sent_at: outcome.status === 'SENT' ? trx.raw('clock_timestamp()') : null,
          attempts: trx.raw('attempts + 1'),
        });
      return n > 0;
    },

    async countAttempt(tenantId: string, id: string, response: string, trx: DbOrTrx = db): Promise<void> {
      await trx('notification_deliveries')
        .where({ tenant_id: tenantId, id, status: 'PENDING' })
        .update({ attempts: trx.raw('attempts + 1'), response: response.slice(0, 500) });
    },

    async list(
      tenantId: string,
      page: { limit: number; offset: number; status?: DeliveryStatus },
      trx: DbOrTrx = db,
    ): Promise<NotificationDeliveryRow[]> {
      const q = trx<NotificationDeliveryRow>('notification_deliveries').where({ tenant_id: tenantId });
      if (page.status) q.andWhere({ status: page.status });
      return q
        .orderBy([
          { column: 'created_at', order: 'desc' },
          { column: 'id', order: 'desc' },
        ])
        .limit(page.limit)
        .offset(page.offset);
    },
  };
}
