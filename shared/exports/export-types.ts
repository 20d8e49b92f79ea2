/**
 * The registry of CSV export job types (docs/exports.md): for each, its columns, the statuses its
 * `status` filter takes (none: no status filter), whether it has a program, its query
 * (shared/repos/exports.repo.ts) and how a row becomes its cells. The names are the API's
 * (shared/contract/enums.ts EXPORT_JOB_TYPES): a type without an entry here does not compile.
 */
import { EXPORT_JOB_TYPES, REFERRAL_STATUSES, REWARD_STATUSES, type ExportJobType } from '../contract/enums';
import type { Db } from '../db/knex';
import { createExportsRepo, type ExportFilters, type ExportQuery } from '../repos/exports.repo';
import { amount, json, type Cell, type ExportRow } from './export-cells';
import { referralCells, REFERRAL_COLUMNS } from './referral-cells';

export type { ExportJobType };

export interface ExportType {
  /** The CSV header, in order. */
  readonly columns: readonly string[];
  /** The values the `status` filter accepts; null when the type has no status. */
  readonly statuses: readonly string[] | null;
  /** Whether the `programId` filter applies. */
  readonly program: boolean;
  query(db: Db, tenantId: string, filters: ExportFilters): ExportQuery;
  /** One row's cells, in the columns' order. */
  cells(row: ExportRow): Cell[];
}

/** payouts.status (migration 037). */
const PAYOUT_STATUSES = ['RESERVED', 'SENT', 'PAID', 'FAILED', 'RETURNED', 'UNCLAIMED', 'CANCELLED'] as const;
/** webhook_deliveries.outcome (migrations 012, 020). */
const DELIVERY_OUTCOMES = ['SUCCEEDED', 'FAILED', 'GONE', 'ABANDONED', 'UNKNOWN'] as const;

export const EXPORT_TYPE_REGISTRY: { readonly [Name in ExportJobType]: ExportType } = {
  'QUERY/REFERRALS': {
    columns: REFERRAL_COLUMNS,
    statuses: REFERRAL_STATUSES,
    program: true,
    query: (db, tenantId, filters) => createExportsRepo(db).referrals(tenantId, filters),
    cells: referralCells,
  },
  'QUERY/REWARDS': {
    columns: [
      'id',
      'createdAt',
      'accountId',
      'userId',
      'referralId',
      'programId',
      'source',
      'type',
      'status',
      'discountPercent',
      'amountCents',
      'unit',
      'redeemedCents',
      'holdUntil',
      'expiresAt',
      'cancelledAt',
      'redeemedAt',
      'reversedAt',
      'explanation',
    ],
    statuses: REWARD_STATUSES,
    program: true,
    query: (db, tenantId, filters) => createExportsRepo(db).rewards(tenantId, filters),
    cells: (r) => [
      r.id,
      r.date_given,
      r.account_id,
      r.user_id,
      r.referral_id,
      r.program_id,
      r.reward_source,
      r.type,
      r.status,
      r.discount_percent,
      amount(r.amount_cents),
      r.unit,
      amount(r.redeemed_cents),
      r.hold_until,
      r.expires_at,
      r.date_cancelled,
      r.date_redeemed,
      r.date_reversed,
      r.explanation,
    ],
  },
  'QUERY/LEDGER_ENTRIES': {
    columns: [
      'transactionId',
      'createdAt',
      'accountId',
      'programId',
      'unit',
      'rewardType',
      'kind',
      'rewardId',
      'payoutId',
      'book',
      'amount',
    ],
    statuses: null,
    program: true,
    query: (db, tenantId, filters) => createExportsRepo(db).ledgerEntries(tenantId, filters),
    cells: (r) => [
      amount(r.transaction_id),
      r.created_at,
      r.account_id,
      r.program_id,
      r.unit,
      r.reward_type,
      r.kind,
      r.reward_id,
      r.payout_id,
      r.book,
      amount(r.amount),
    ],
  },
  'QUERY/PAYOUTS': {
    columns: [
      'id',
      'createdAt',
      'runId',
      'accountId',
      'programId',
      'method',
      'amountCents',
      'currency',
      'status',
      'providerRef',
      'providerMessage',
      'sentAt',
      'settledAt',
    ],
    statuses: PAYOUT_STATUSES,
    program: true,
    query: (db, tenantId, filters) => createExportsRepo(db).payouts(tenantId, filters),
    cells: (r) => [
      r.id,
      r.created_at,
      r.run_id,
      r.account_id,
      r.program_id,
      r.method_type,
      amount(r.amount_cents),
      r.currency,
      r.status,
      r.provider_ref,
      r.provider_message,
      r.sent_at,
      r.settled_at,
    ],
  },
  'QUERY/USERS': {
    columns: [
      'id',
      'accountId',
      'createdAt',
      'updatedAt',
      'email',
      'firstName',
      'lastName',
      'locale',
      'shareCode',
      'customFields',
    ],
    statuses: null,
    program: false,
    query: (db, tenantId, filters) => createExportsRepo(db).users(tenantId, filters),
    cells: (r) => [
      r.id,
      r.account_id,
      r.created_at,
      r.updated_at,
      r.email,
      r.first_name,
      r.last_name,
      r.locale,
      r.share_code,
      json(r.custom_fields),
    ],
  },
  'QUERY/USER_EVENTS': {
    columns: ['id', 'createdAt', 'dateTriggered', 'accountId', 'userId', 'key', 'idempotencyKey', 'fields'],
    statuses: null,
    program: false,
    query: (db, tenantId, filters) => createExportsRepo(db).userEvents(tenantId, filters),
    cells: (r) => [
      r.id,
      r.date_received,
      r.date_triggered,
      r.account_id,
      r.user_id,
      r.key,
      r.idempotency_key,
      json(r.fields),
    ],
  },
  'QUERY/WEBHOOK_DELIVERIES': {
    columns: [
      'id',
      'createdAt',
      'endpointId',
      'endpointUrl',
      'eventId',
      'attempt',
      'outcome',
      'statusCode',
      'latencyMs',
      'error',
      'responseExcerpt',
    ],
    statuses: DELIVERY_OUTCOMES,
    program: false,
    query: (db, tenantId, filters) => createExportsRepo(db).webhookDeliveries(tenantId, filters),
    cells: (r) => [
      r.id,
      r.started_at,
      r.endpoint_id,
      r.endpoint_url,
      r.event_id,
      r.attempt,
      r.outcome,
      r.status_code,
      r.latency_ms,
      r.error,
      r.response_excerpt,
    ],
  },
};

export const EXPORT_TYPES: readonly ExportJobType[] = EXPORT_JOB_TYPES;

export function isExportType(value: string): value is ExportJobType {
  return (EXPORT_JOB_TYPES as readonly string[]).includes(value);
}

/** The result file's name: `export-referrals.csv`, … */
export function exportFileName(type: ExportJobType): string {
  return `export-${type.slice('QUERY/'.length).toLowerCase().replace(/_/g, '-')}.csv`;
}
