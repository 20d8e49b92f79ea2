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
  /** What the merchant has refunded of the payment so far, never lowered (migration 033). */
  refunded_cents: string;
  /** The refund's or dispute's id at its source (a partial refund: the latest one). */
  reversal_ref: string | null;
  reversed_at: Date | null;
  reversal_applied_at: Date | null;
}

export type NewOccurrence = Pick<
  OccurrenceRow,
  'tenant_id' | 'referral_id' | 'kind' | 'occurrence_id' | 'source' | 'currency' | 'event_key' | 'occurred_at'
> & { amount_cents: number | null; fields: Record<string, unknown> | null };

/**
 * The occurrences in one INSERT (a repeat of a recorded one is left out), and the lifecycle of each
 * referral with a new one marked pending where no mark is set yet (kept at its first time until applied).
 */
const RECORD_OCCURRENCES = `
with recorded as (
  insert into rule_occurrences (tenant_id, referral_id, kind, occurrence_id, source, amount_cents,
    currency, event_key, fields, occurred_at)
  select ?::uuid, v.referral_id, v.kind, v.occurrence_id, v.source, v.amount_cents, v.currency,
    v.event_key, v.fields, v.occurred_at
  from jsonb_to_recordset(?::jsonb) as v(i int, referral_id uuid, kind text, occurrence_id text,
    source text, amount_cents bigint, currency text, event_key text, fields jsonb, occurred_at timestamptz)
  order by v.i
  on conflict (tenant_id, kind, occurrence_id) do nothing
  returning referral_id, kind, occurrence_id
), marked as (
  update referrals set lifecycle_pending_since = clock_timestamp()
  where tenant_id = ?::uuid and id in (select referral_id from recorded) and lifecycle_pending_since is null
)
select referral_id, kind, occurrence_id from recorded`;

export type RecordedOccurrence = Pick<OccurrenceRow, 'referral_id' | 'kind' | 'occurrence_id'>;

export function createRuleOccurrencesRepo(db: DbOrTrx) {
  return {
    /**
     * Records occurrences of the tenant's referrals once per (tenant, kind, id), a repeat ignored, and
     * marks the lifecycle of each referral with a new one pending: one statement, however many. Answers
     * the new ones.
     */
    async record(
      tenantId: string,
      rows: Omit<NewOccurrence, 'tenant_id'>[],
      trx: DbOrTrx = db,
    ): Promise<RecordedOccurrence[]> {
      if (rows.length === 0) return [];
      const result: { rows: RecordedOccurrence[] } = await trx.raw(RECORD_OCCURRENCES, [
        tenantId,
        JSON.stringify(rows.map((row, i) => ({ ...row, i }))),
        tenantId,
      ]);
      return result.rows;
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
        .update({
          reversal_kind: reversal.kind,
          reversal_ref: reversal.ref,
          reversed_at: reversal.at,
          // A partial refund's reversal may have been applied: the full one is due now.
          reversal_applied_at: null,
        })
        .returning('referral_id');
      return rows[0]?.referral_id ?? null;
    },

    /**
     * Records that the merchant has refunded `refundedCents` of a payment in all, less than its amount,
     * when that is more than recorded so far (a payment reversed in full stays as it is): the reversal is
     * due again. Answers the payment's referral when this call raised it.
     */
    async recordRefunded(
      tenantId: string,
      paymentId: string,
      refund: { refundedCents: number; ref: string },
      trx: DbOrTrx = db,
    ): Promise<string | null> {
      const rows: { referral_id: string }[] = await trx('rule_occurrences')
        .where({ tenant_id: tenantId, kind: 'PAYMENT', occurrence_id: paymentId })
        .whereNull('reversed_at')
        .where('refunded_cents', '<', refund.refundedCents)
        .where('amount_cents', '>', refund.refundedCents)
        .update({ refunded_cents: refund.refundedCents, reversal_ref: refund.ref, reversal_applied_at: null })
        .returning('referral_id');
      return rows[0]?.referral_id ?? null;
    },

    /**
     * Takes the referral's occurrences due for its lifecycle, with one statement: those not applied yet
     * and the reversals (full or partial) not applied yet, locked until the transaction ends and marked applied (the
     * caller applies them in the same transaction). Payments wait while `paymentsWait` (the referral has
     * not converted) and stay as they are. Answers them as they were, oldest first.
     */
    async takeDue(
      tenantId: string,
      referralId: string,
      paymentsWait: boolean,
      trx: DbOrTrx,
    ): Promise<OccurrenceRow[]> {
      const result: { rows: OccurrenceRow[] } = await trx.raw(
        `with due as (
           select * from rule_occurrences
           where tenant_id = ? and referral_id = ?
             and (applied_at is null
               or ((reversed_at is not null or refunded_cents > 0) and reversal_applied_at is null))
             and not (kind = 'PAYMENT' and ?::boolean)
           for update
         ), taken as (
           update rule_occurrences o
           set applied_at = coalesce(o.applied_at, clock_timestamp()),
             reversal_applied_at = case when o.reversed_at is null and o.refunded_cents = 0
               then o.reversal_applied_at
               else coalesce(o.reversal_applied_at, clock_timestamp()) end
           from due where o.id = due.id
         )
         select * from due order by occurred_at, id`,
        [tenantId, referralId, paymentsWait],
      );
      return result.rows;
    },

    /** The tenant's payment of this id, locked until the transaction ends. */
    async lockPayment(tenantId: string, paymentId: string, trx: DbOrTrx): Promise<OccurrenceRow | undefined> {
      return trx<OccurrenceRow>('rule_occurrences')
        .where({ tenant_id: tenantId, kind: 'PAYMENT', occurrence_id: paymentId })
        .forUpdate()
        .first();
    },

    /**
     * Forgets a payment's reversal (a restore): no longer reversed, so a later refund or charge-back is
     * recorded as the first. A partial refund's total stays, and is due again (its shares are idempotent).
     * `reapply`: the payment was applied while reversed, so it gave nothing; it is due again (its rules'
     * rewards have exactly-once keys).
     */
    async clearReversal(id: string, reapply: boolean, trx: DbOrTrx): Promise<void> {
      await trx('rule_occurrences')
        .where({ id })
        .update({
          reversal_kind: null,
          reversal_ref: null,
          reversed_at: null,
          reversal_applied_at: null,
          ...(reapply ? { applied_at: null } : {}),
        });
    },

    /** The referrals' occurrences, each referral's in the order they happened. */
    async listByReferrals(
      tenantId: string,
      referralIds: readonly string[],
      trx: DbOrTrx = db,
    ): Promise<OccurrenceRow[]> {
      if (referralIds.length === 0) return [];
      return trx<OccurrenceRow>('rule_occurrences')
        .where('tenant_id', tenantId)
        .whereIn('referral_id', [...referralIds])
        .orderBy([{ column: 'occurred_at' }, { column: 'id' }]);
    },
  };
}
