import type { ShareLinkFormat } from '../domain/accounts/user-view';
import type { Knex } from 'knex';
import type { AccountOutcome } from '../domain/accounts/account-changes';
import type { AppError } from '../errors';
import type { ColumnSpec } from './cell-checks';

/** A data row that passed its checks, with its cells by column. */
export interface ImportRow {
  line: number;
  cells: Map<string, string>;
}

export interface RowResult {
  line: number;
  ok: boolean;
  /** For a rejected row: `CODE: message`; for an applied one, what happened (may be empty). */
  message: string;
}

export interface ChunkContext {
  trx: Knex.Transaction;
  tenant: {
    id: string;
    alias: string;
    conversionEventKey: string | null;
    /** The program's payment event key (PAYMENT rules). */
    paymentEventKey: string | null;
    /** Event keys some rule may reward (ruledEventKeys): such events are logged one by one, for the rules. */
    ruledEventKeys: ReadonlySet<string>;
    /** Where the users' share links live. */
    shareLinkFormat: ShareLinkFormat | undefined;
  };
  nowMs: number;
  /** The gateway's public URL (PUBLIC_URL), for the share links of the users a job creates. */
  publicUrl: string;
  /** Account changes whose referral lifecycle must hear of them once the chunk commits. */
  lifecycle: { outcome: AccountOutcome; eventId?: string }[];
}

/**
 * One import job type, as a plug-in: its name, its columns with their cell checks, and the function
 * that applies a chunk of rows that passed those checks. Registered in job-types/index.ts.
 */
export interface ImportJobType<Name extends string = string> {
  name: Name;
  columns: ColumnSpec[];
  apply: (ctx: ChunkContext, rows: ImportRow[]) => Promise<RowResult[]>;
  /**
   * Whether the row may be applied while the previous chunk's transaction is still open (it reads
   * nothing that chunk could have changed unseen: its writes wait for that chunk's row locks). A chunk
   * of such rows only goes beside its neighbours; without this, chunks go one at a time.
   */
  concurrent?: (row: ImportRow, tenant: ChunkContext['tenant']) => boolean;
}

export const ok = (line: number, message = ''): RowResult => ({ line, ok: true, message });
export const rejected = (line: number, err: AppError): RowResult => {
  const issues = err.details.validationErrors ?? [];
  const named = issues.length > 0 ? ` (${issues.map((i) => `${i.path}: ${i.message}`).join('; ')})` : '';
  return { line, ok: false, message: `${err.apiErrorCode}: ${err.message}${named}` };
};

/** The cell's value, or undefined for an absent or empty cell (an empty cell changes nothing). */
export function cell(row: ImportRow, column: string): string | undefined {
  const value = row.cells.get(column);
  return value === undefined || value === '' ? undefined : value;
}

/** `prefix.*` cells as an object; a cell that reads as a JSON number becomes a number. */
export function fieldsWithPrefix(row: ImportRow, prefix: string): Record<string, unknown> | undefined {
  let fields: Record<string, unknown> | undefined;
  for (const [column, value] of row.cells) {
    if (!column.startsWith(prefix) || value === '') continue;
    fields ??= {};
    fields[column.slice(prefix.length)] = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/.test(value)
      ? Number(value)
      : value;
  }
  return fields;
}
