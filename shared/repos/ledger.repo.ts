import type { DbOrTrx } from '../db/knex';

/** The ledger's books (migration 036): where a referrer's value is. */
export const LEDGER_BOOKS = [
  'pending',
  'available',
  'redeemed',
  'expired',
  'payout_reserved',
  'payout_sent',
  'paid_out',
  'funding',
] as const;
export type LedgerBook = (typeof LEDGER_BOOKS)[number];

/** One unit's books for a referrer: the sums of their entries (strings, as PostgreSQL sums bigints). */
export type LedgerBalanceRow = { unit: string } & Record<LedgerBook, string>;

/** A row that breaks one of the ledger's invariants (shared/domain/ledger/ledger-verify.ts). */
export interface LedgerViolationRow {
  transaction_id: string | null;
  reward_id: string | null;
  account_id: string | null;
  detail: string;
}

/** The kinds of a payout's transactions (one each per payout at most). */
export type PayoutLedgerKind =
  | 'PAYOUT_RESERVED'
  | 'PAYOUT_SENT'
  | 'PAYOUT_PAID'
  | 'PAYOUT_FAILED'
  | 'PAYOUT_RETURNED'
  | 'PAYOUT_CANCELLED';

/** What a payout's transaction is about: its referrer, program, currency and id. */
export interface PayoutLedgerSubject {
  id: string;
  tenant_id: string;
  account_id: string;
  program_id: string;
  currency: string;
}

const BOOK_SUMS = LEDGER_BOOKS.map(
  (book) => `coalesce(sum(e.amount) filter (where e.book = '${book}'), 0) as "${book}"`,
).join(', ');

export function createLedgerRepo(db: DbOrTrx) {
  return {
    /**
     * A referrer's books per unit for one reward type, summed from the ledger: the units it has any
     * entry in, ordered by unit.
     */
    async balances(
      tenantId: string,
      accountId: string,
      rewardType: string,
      trx: DbOrTrx = db,
    ): Promise<LedgerBalanceRow[]> {
      const { rows } = await trx.raw(
        `select t.unit, ${BOOK_SUMS}
         from ledger_transactions t join ledger_entries e on e.transaction_id = t.id
         where t.tenant_id = ? and t.account_id = ? and t.reward_type = ?
         group by t.unit order by t.unit`,
        [tenantId, accountId, rewardType],
      );
      return rows as LedgerBalanceRow[];
    },

    /** Takes the referrer's ledger lock until the transaction ends (as a CASH reward's change does). */
    async lockReferrer(tenantId: string, accountId: string, trx: DbOrTrx): Promise<void> {
      await trx.raw('select pg_advisory_xact_lock(ledger_lock_key(?, ?))', [tenantId, accountId]);
    },

    /**
     * Posts one transaction of a payout: `moves` by book (summing to zero), once per payout and kind (a
     * repeat posts nothing and answers false). `reverses` names the kind of the payout's transaction this
     * one undoes (a failure undoes the reservation).
     */
    async postPayout(
      payout: PayoutLedgerSubject,
      kind: PayoutLedgerKind,
      moves: Partial<Record<LedgerBook, number>>,
      trx: DbOrTrx,
      reverses?: PayoutLedgerKind,
    ): Promise<boolean> {
      const reversed = reverses
        ? await trx('ledger_transactions').where({ payout_id: payout.id, kind: reverses }).first('id')
        : undefined;
      const [tx] = await trx('ledger_transactions')
        .insert({
          tenant_id: payout.tenant_id,
          account_id: payout.account_id,
          program_id: payout.program_id,
          unit: payout.currency,
          reward_type: 'CASH',
          kind,
          payout_id: payout.id,
          reverses_transaction_id: reversed?.id ?? null,
        })
        .onConflict(trx.raw('(payout_id, kind) where payout_id is not null'))
        .ignore()
        .returning('id');
      if (!tx) return false;
      const entries = Object.entries(moves).filter(([, amount]) => amount !== 0);
      await trx('ledger_entries').insert(
        entries.map(([book, amount]) => ({ transaction_id: tx.id, book, amount })),
      );
      return true;
    },

    /** Transactions whose entries do not sum to zero, or that have none. */
    async unbalanced(tenantId: string, trx: DbOrTrx = db): Promise<LedgerViolationRow[]> {
      const { rows } = await trx.raw(
        `select t.id::text as transaction_id, t.reward_id, t.account_id,
                'entries sum to ' || coalesce(sum(e.amount), 0) || ' (' || count(e.*) || ' entries)' as detail
         from ledger_transactions t left join ledger_entries e on e.transaction_id = t.id
         where t.tenant_id = ?
         group by t.id having coalesce(sum(e.amount), 0) <> 0 or count(e.*) = 0
         order by t.id`,
        [tenantId],
      );
      return rows;
    },

    /**
     * Rewards whose ledger entries (per book, the funding side left out) differ from the reward's position
     * as its row stands; and ledger history of rewards that no longer exist that does not net to zero.
     */
    async rewardsOffLedger(tenantId: string, trx: DbOrTrx = db): Promise<LedgerViolationRow[]> {
      const { rows } = await trx.raw(
        `with posted as (
           select t.reward_id, e.book, sum(e.amount) as amount, min(t.account_id) as account_id
           from ledger_transactions t join ledger_entries e on e.transaction_id = t.id
           where t.tenant_id = ? and t.reward_id is not null and e.book <> 'funding'
           group by t.reward_id, e.book
         ), held as (
           select r.id as reward_id, p.key as book, p.value::bigint as amount, r.account_id
           from rewards r, jsonb_each_text(ledger_reward_position(r)) p
           where r.tenant_id = ? and r.amount_cents is not null
         )
         select null as transaction_id, coalesce(h.reward_id, p.reward_id) as reward_id,
                coalesce(h.account_id, p.account_id) as account_id,
                'book ' || coalesce(h.book, p.book) || ': the reward holds ' || coalesce(h.amount, 0) ||
                ', its entries sum to ' || coalesce(p.amount, 0) as detail
         from held h full join posted p on p.reward_id = h.reward_id and p.book = h.book
         where coalesce(h.amount, 0) <> coalesce(p.amount, 0)
         order by 2, 4`,
        [tenantId, tenantId],
      );
      return rows;
    },

    /**
     * Payout reservations that took more than the referrer's available cash held just before them (in the
     * ledger's order, which the referrer's advisory lock makes the order of the changes).
     */
    async overdrawnPayouts(tenantId: string, trx: DbOrTrx = db): Promise<LedgerViolationRow[]> {
      const { rows } = await trx.raw(
        `with moves as (
           select t.id, t.kind, t.account_id, t.program_id, t.unit, t.payout_id,
                  coalesce(sum(e.amount) filter (where e.book = 'available'), 0) as available_change
           from ledger_transactions t join ledger_entries e on e.transaction_id = t.id
           where t.tenant_id = ? and t.reward_type = 'CASH'
           group by t.id
         ), running as (
           select m.*, coalesce(sum(available_change) over (
             partition by account_id, unit order by id rows between unbounded preceding and 1 preceding), 0)
             as available_before
           from moves m
         )
         select id::text as transaction_id, null as reward_id, account_id,
                'payout ' || payout_id || ' reserved ' || (-available_change) || ' ' || unit ||
                ' with ' || available_before || ' available' as detail
         from running
         where kind = 'PAYOUT_RESERVED' and -available_change > available_before
         order by id`,
        [tenantId],
      );
      return rows;
    },

    /**
     * Reversals that point at nothing: a REVERSED or RESTORED transaction without the reward it reverses,
     * or naming a reward with no ledger history of this referrer; a transaction reversing another
     * transaction that is not this referrer's.
     */
    async danglingReversals(tenantId: string, trx: DbOrTrx = db): Promise<LedgerViolationRow[]> {
      const { rows } = await trx.raw(
        `select t.id::text as transaction_id, t.reward_id, t.account_id,
                t.kind || ' transaction ' || case
                  when t.kind in ('REVERSED', 'RESTORED') and t.reverses_reward_id is null
                    then 'names no reward it reverses'
                  when t.reverses_reward_id is not null then 'reverses reward ' || t.reverses_reward_id ||
                    ', which has no ledger history of this referrer'
                  else 'reverses transaction ' || t.reverses_transaction_id || ', which is not this referrer''s'
                end as detail
         from ledger_transactions t
         where t.tenant_id = ? and (
           (t.kind in ('REVERSED', 'RESTORED') and t.reverses_reward_id is null)
           or (t.reverses_reward_id is not null and not exists (
             select 1 from ledger_transactions o
             where o.tenant_id = t.tenant_id and o.reward_id = t.reverses_reward_id and o.id < t.id))
           or (t.reverses_transaction_id is not null and not exists (
             select 1 from ledger_transactions o
             where o.id = t.reverses_transaction_id and o.tenant_id = t.tenant_id
               and o.account_id = t.account_id and o.id < t.id)))
         order by t.id`,
        [tenantId],
      );
      return rows;
    },
  };
}
