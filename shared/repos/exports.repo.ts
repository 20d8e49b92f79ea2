import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Knex } from 'knex';
import type { Db } from '../db/knex';

/**
 * The SQL of CSV exports (shared/exports/): one query per export type, streamed through a PostgreSQL
 * server-side cursor (knex `.stream()`, pg-query-stream), so a worker's memory stays flat however many
 * rows there are. Every query is tenant-scoped: each table it reads, joined ones included, is filtered by
 * the tenant's id. Rows come out in the order a person would read them (oldest first, then id).
 */

/** An export's filters, checked at the edge (shared/exports/export-filters.ts). */
export interface ExportFilters {
  /** createdAt >= from */
  from?: Date;
  /** createdAt < to */
  to?: Date;
  status?: string;
  programId?: string;
}

/** What one export type's query offers: the row stream and the count (the job's recordsTotal). */
export interface ExportQuery {
  /** The rows in order, in arrays of up to 500 (an object-mode stream of row arrays). */
  stream(): Readable;
  count(): Promise<number>;
  /** The query as SQL text with its values inlined (the benchmark's `COPY (…) TO STDOUT` anchor). */
  sql(): string;
}

/**
 * A time as ISO 8601 text in UTC with milliseconds (`2026-05-10T00:00:00.000Z`), formatted by PostgreSQL:
 * cheaper than a Date parsed per cell and formatted again.
 */
function iso(column: string): string {
  return `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/** Rows the cursor fetches per round trip. */
const CURSOR_BATCH = 5000;
/** Rows handed on together (one array), so the reader's loop takes a batch, not a row, per step. */
const ROWS_PER_BATCH = 500;

/**
 * PostgreSQL's memory for each sort and hash of an export's query (`set local`, its transaction only):
 * at the server's default (4 MB) the referral export's hash joins over 1,000,000 users and referrals
 * went to disk in batches; at 64 MB they stay in memory (the final sort still spills, as it should).
 */
const EXPORT_WORK_MEM = '64MB';

/** Groups the cursor's rows into arrays of ROWS_PER_BATCH. */
function batches(): Transform {
  let batch: unknown[] = [];
  return new Transform({
    objectMode: true,
    // Room for a batch's rows on the way in (a smaller mark pauses the cursor's stream every few rows),
    // a few batches on the way out.
    writableHighWaterMark: ROWS_PER_BATCH,
    readableHighWaterMark: 4,
    transform(row: unknown, _enc, done) {
      batch.push(row);
      if (batch.length < ROWS_PER_BATCH) return done();
      const full = batch;
      batch = [];
      done(null, full);
    },
    flush(done) {
      done(null, batch.length > 0 ? batch : undefined);
    },
  });
}

/**
 * The query's rows, in arrays, through a server-side cursor opened in its own transaction (for `set
 * local work_mem`). Destroying the returned stream closes the cursor and rolls the transaction back; the
 * query's error ends the stream with that error.
 */
function cursorStream(db: Db, sql: string, bindings: Knex.RawBinding[]): Readable {
  const out = batches();
  db.transaction(async (trx) => {
    await trx.raw(`set local work_mem = '${EXPORT_WORK_MEM}'`);
    await pipeline(
      trx.raw(sql, bindings).stream({ batchSize: CURSOR_BATCH, highWaterMark: CURSOR_BATCH }),
      out,
    );
  }).catch((err: unknown) => {
    if (!out.destroyed) out.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return out;
}

interface QueryParts {
  /** The select list (the export's columns, raw). */
  select: string;
  /** `from … join …`, every table scoped by `tenant_id = ?` (bindings in `fromBindings`). */
  from: string;
  fromBindings: Knex.RawBinding[];
  /** The filtered columns, qualified. */
  time: string;
  status?: string;
  program?: string;
  order: string;
}

function exportQuery(db: Db, tenantId: string, parts: QueryParts, filters: ExportFilters): ExportQuery {
  const where: string[] = [];
  const bindings: Knex.RawBinding[] = [...parts.fromBindings, tenantId];
  if (filters.from) {
    where.push(`${parts.time} >= ?`);
    bindings.push(filters.from);
  }
  if (filters.to) {
    where.push(`${parts.time} < ?`);
    bindings.push(filters.to);
  }
  if (filters.status !== undefined && parts.status) {
    where.push(`${parts.status} = ?`);
    bindings.push(filters.status);
  }
  if (filters.programId !== undefined && parts.program) {
    where.push(`${parts.program} = ?`);
    bindings.push(filters.programId);
  }
  const tail = where.map((w) => ` and ${w}`).join('');
  const select = `select ${parts.select} ${parts.from} where t.tenant_id = ?${tail} order by ${parts.order}`;
  return {
    stream: () => cursorStream(db, select, bindings),
    sql: () => db.raw(select, bindings).toQuery(),
    async count() {
      // The count needs no left-joined table (each adds no rows) unless a filter reads one.
      const joinFiltered = /\b(?!t\.)[a-z]\w*\./.test(tail);
      const base = joinFiltered ? parts.from : parts.from.split(/\sleft join\s/)[0]!;
      const countBindings = joinFiltered ? bindings : bindings.slice(parts.fromBindings.length);
      const { rows } = await db.raw(
        `select count(*)::bigint as n ${base} where t.tenant_id = ?${tail}`,
        countBindings,
      );
      return Number((rows as { n: string }[])[0]!.n);
    },
  };
}

export function createExportsRepo(db: Db) {
  return {
    /**
     * Referrals with the friend's first user (by id) and the referral's rewards as JSON (their stored
     * explanations), both joined as one set per table, never a query per row. The first user per account
     * is `distinct on` over the users' primary key (tenant, account, id): an index-only scan read in order,
     * where `min(id) … group by account_id` hashed every user (and spilled to disk at 1,000,000).
     */
    referrals(tenantId: string, filters: ExportFilters): ExportQuery {
      return exportQuery(
        db,
        tenantId,
        {
          select: `t.id, ${iso('t.date_started')} as date_started, ${iso('t.date_paid')} as date_paid, ${iso('greatest(t.date_started, t.date_paid, t.date_ended, t.reviewed_at)')} as updated_at,
            t.referrer_user_id, t.referrer_account_id, fu.id as friend_user_id, t.referred_account_id,
            t.referral_code_used, t.program_id, t.status, t.review_status, t.fraud_signals, rw.rewards`,
          from: `from referrals t
            left join (select distinct on (account_id) account_id, id from users where tenant_id = ?
                order by account_id, id) fu
              on fu.account_id = t.referred_account_id
            left join (select referral_id, json_agg(json_build_object('source', reward_source, 'type', type,
                'percent', discount_percent, 'amount', amount_cents, 'unit', unit, 'status', status,
                'explanation', explanation) order by date_given, id) as rewards
              from rewards where tenant_id = ? and referral_id is not null group by referral_id) rw
              on rw.referral_id = t.id`,
          fromBindings: [tenantId, tenantId],
          time: 't.date_started',
          status: 't.status',
          program: 't.program_id',
          order: 't.date_started, t.id',
        },
        filters,
      );
    },

    rewards(tenantId: string, filters: ExportFilters): ExportQuery {
      return exportQuery(
        db,
        tenantId,
        {
          select: `t.id, ${iso('t.date_given')} as date_given, t.account_id, t.user_id, t.referral_id, coalesce(f.program_id, 'default') as program_id,
            t.reward_source, t.type, t.status, t.discount_percent, t.amount_cents, t.unit, t.redeemed_cents,
            ${iso('t.hold_until')} as hold_until, ${iso('t.expires_at')} as expires_at, ${iso('t.date_cancelled')} as date_cancelled, ${iso('t.date_redeemed')} as date_redeemed, ${iso('t.date_reversed')} as date_reversed, t.explanation`,
          from: `from rewards t left join referrals f on f.tenant_id = ? and f.id = t.referral_id`,
          fromBindings: [tenantId],
          time: 't.date_given',
          status: 't.status',
          program: `coalesce(f.program_id, 'default')`,
          order: 't.date_given, t.id',
        },
        filters,
      );
    },

    /** One row per entry: the transaction's fields, then the book and amount. */
    ledgerEntries(tenantId: string, filters: ExportFilters): ExportQuery {
      return exportQuery(
        db,
        tenantId,
        {
          select: `t.id as transaction_id, ${iso('t.created_at')} as created_at, t.account_id, t.program_id, t.unit, t.reward_type, t.kind,
            t.reward_id, t.payout_id, e.book, e.amount`,
          from: 'from ledger_transactions t join ledger_entries e on e.transaction_id = t.id',
          fromBindings: [],
          time: 't.created_at',
          program: 't.program_id',
          order: 't.id, e.book',
        },
        filters,
      );
    },

    payouts(tenantId: string, filters: ExportFilters): ExportQuery {
      return exportQuery(
        db,
        tenantId,
        {
          select: `t.id, ${iso('t.created_at')} as created_at, t.run_id, t.account_id, t.program_id, t.method_type, t.amount_cents,
            t.currency, t.status, t.provider_ref, t.provider_message, ${iso('t.sent_at')} as sent_at, ${iso('t.settled_at')} as settled_at`,
          from: 'from payouts t',
          fromBindings: [],
          time: 't.created_at',
          status: 't.status',
          program: 't.program_id',
          order: 't.created_at, t.id',
        },
        filters,
      );
    },

    users(tenantId: string, filters: ExportFilters): ExportQuery {
      return exportQuery(
        db,
        tenantId,
        {
          select: `t.id, t.account_id, ${iso('t.created_at')} as created_at, ${iso('t.updated_at')} as updated_at, t.email, t.first_name, t.last_name, t.locale,
            t.share_code, t.custom_fields`,
          from: 'from users t',
          fromBindings: [],
          time: 't.created_at',
          order: 't.created_at, t.account_id, t.id',
        },
        filters,
      );
    },

    userEvents(tenantId: string, filters: ExportFilters): ExportQuery {
      return exportQuery(
        db,
        tenantId,
        {
          select: `t.id, ${iso('t.date_received')} as date_received, ${iso('t.date_triggered')} as date_triggered, t.account_id, t.user_id, t.key, t.idempotency_key, t.fields`,
          from: 'from user_events t',
          fromBindings: [],
          time: 't.date_received',
          order: 't.date_received, t.id',
        },
        filters,
      );
    },

    webhookDeliveries(tenantId: string, filters: ExportFilters): ExportQuery {
      return exportQuery(
        db,
        tenantId,
        {
          select: `t.id, ${iso('t.started_at')} as started_at, t.endpoint_id, w.url as endpoint_url, t.event_id, t.attempt, t.outcome,
            t.status_code, t.latency_ms, t.error, t.response_excerpt`,
          from: `from webhook_deliveries t left join webhook_endpoints w on w.tenant_id = ? and w.id = t.endpoint_id`,
          fromBindings: [tenantId],
          time: 't.started_at',
          status: 't.outcome',
          order: 't.started_at, t.id',
        },
        filters,
      );
    },
  };
}
