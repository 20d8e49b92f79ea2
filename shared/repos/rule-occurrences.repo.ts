import type { DbOrTrx } from '../db/knex';

export type OccurrenceKind = 'PAYMENT' | 'EVENT';
export type OccurrenceSource = 'PROCESSOR' | 'SYNC' | 'EVENT';
export type ReversalKind = 'REFUND' | 'CHARGEBACK';

/** A payment or user event of a referred account that its referral's rules may reward (migration 031). */
export interface OccurrenceRow {
  id: string;
  tenant_id: string;
  referral_id: string;
  kind: OccurrenceKind;
  /** Stable per tenant and kind: the payment id (`braintree:<transaction>`, `sync:…`, `event:…`) or event id. */
  occurrence_id: string;
  source: OccurrenceSource;
  amount_cents: string | null;
  currency: string | null;
  event_key: string | null;
  fields: Record<string, unknown> | null;
  occurred_at: Date;
  recorded_at: Date;
  applied_at: Date | null;
  reversal_kind: ReversalKind | null;
  /** The refund's or dispute's id at its source. */
  reversal_ref: string | null;
  reversed_at: Date | null;
  reversal_applied_at: Date | null;
}

export type NewOccurrence = Pick<
  OccurrenceRow,
  'tenant_id' | 'referral_id' | 'kind' | 'occurrence_id' | 'source' | 'currency' | 'event_key' | 'occurred_at'
> & { amount_cents: number | null; fields: Record<string, unknown> | null };

export function createRuleOccurrencesRepo(db: DbOrTrx) {
  return {
    /** Records an occurrence once per (tenant, kind, id): a repeat is ignored (false). */
    async insert(row: NewOccurrence, trx: DbOrTrx = db): Promise<boolean> {
      const inserted = await trx('rule_occurrences')
        .insert({ ...row, fields: row.fields === null ? null : JSON.stringify(row.fields) })
        .onConflict(['tenant_id', 'kind', 'occurrence_id'])
        .ignore()
        .returning('id');
      return inserted.length > 0;
    },

    /**
     * Records the first refund or charge-back of a payment (a later one, or a repeat, changes nothing);
     * answers the payment's referral when this call recorded it.
     */
    async recordReversal(
      tenantId: string,
      paymentId: string,
      reversal: { kind: ReversalKind; ref: string; at: Date },
      trx: DbOrTrx = db,
    ): Promise<string | null> {
      const rows: { referral_id: string }[] = await trx('rule_occurrences')
        .where({ tenant_id: tenantId, kind: 'PAYMENT', occurrence_id: paymentId })
        .whereNull('reversed_at')
        .update({ reversal_kind: reversal.kind, reversal_ref: reversal.ref, reversed_at: reversal.at })
        .returning('referral_id');
      return rows[0]?.referral_id ?? null;
    },

    /** The referral's occurrences not applied yet, oldest first, locked until the transaction ends. */
    async lockDue(tenantId: string, referralId: string, trx: DbOrTrx): Promise<OccurrenceRow[]> {
      return trx<OccurrenceRow>('rule_occurrences')
        .where({ tenant_id: tenantId, referral_id: referralId })
        .where((q) =>
          q
            .whereNull('applied_at')
            .orWhere((r) => r.whereNotNull('reversed_at').whereNull('reversal_applied_at')),
        )
        .orderBy([{ column: 'occurred_at' }, { column: 'id' }])
        .forUpdate();
    },

    async markApplied(ids: string[], trx: DbOrTrx): Promise<void> {
      if (ids.length === 0) return;
      await trx('rule_occurrences')
        .whereIn('id', ids)
        .update({ applied_at: trx.raw('clock_timestamp()') });
    },

    async markReversalApplied(ids: string[], trx: DbOrTrx): Promise<void> {
      if (ids.length === 0) return;
      await trx('rule_occurrences')
        .whereIn('id', ids)
        .update({ reversal_applied_at: trx.raw('clock_timestamp()') });
    },

    async listByReferral(tenantId: string, referralId: string, trx: DbOrTrx = db): Promise<OccurrenceRow[]> {
      return trx<OccurrenceRow>('rule_occurrences')
        .where({ tenant_id: tenantId, referral_id: referralId })
        .orderBy([{ column: 'occurred_at' }, { column: 'id' }]);
    },
  };
}
