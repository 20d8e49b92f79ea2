import { v7 as uuidv7 } from 'uuid';
import { logUserEvents } from '../../domain/events/user-events';
import { IDEMPOTENCY_KEY_PATTERN } from '../../idempotency';
import { AppError } from '../../errors';
import { createUserEventsRepo } from '../../repos/user-events.repo';
import { checkedColumns, epochMillis, fieldText, id, text } from '../cell-checks';
import {
  cell,
  fieldsWithPrefix,
  ok,
  rejected,
  type ChunkContext,
  type ImportJobType,
  type ImportRow,
  type RowResult,
} from '../rows';
import { applyInRuns } from '../run-engine';

/** MUTATION/USER_EVENT: logs events as through the API (bulk for rows that are not conversions). */
export const userEventJobType: ImportJobType<'MUTATION/USER_EVENT'> = {
  name: 'MUTATION/USER_EVENT',
  columns: checkedColumns('MUTATION/USER_EVENT', {
    userId: id,
    accountId: id,
    idempotencyKey: (v) =>
      IDEMPOTENCY_KEY_PATTERN.test(v) ? null : 'must be 8 to 64 characters of A-Z a-z 0-9 - _ .',
    'event.key': text(255),
    'event.dateTriggered': epochMillis,
    'event.fields.': fieldText,
  }),
  apply: applyEvents,
  // Conversions and events the rules reward read and write the account's referral: one chunk at a time.
  concurrent: (row, tenant) => !singly(row, tenant),
};

/** A conversion, or an event some rule may reward: logged alone, as through the API. */
function singly(row: ImportRow, tenant: ChunkContext['tenant']): boolean {
  const key = row.cells.get('event.key')!;
  return key === tenant.conversionEventKey || tenant.ruledEventKeys.has(key);
}

function eventOf(row: ImportRow) {
  const triggered = cell(row, 'event.dateTriggered');
  return {
    key: row.cells.get('event.key')!,
    fields: fieldsWithPrefix(row, 'event.fields.') ?? {},
    dateTriggered: triggered === undefined ? undefined : Number(triggered),
  };
}

async function applyEvents(ctx: ChunkContext, rows: ImportRow[]): Promise<RowResult[]> {
  const { conversionEventKey, paymentEventKey } = ctx.tenant;
  return applyInRuns(ctx, rows, {
    // A conversion event also records the account's first payment, and a rewarded event or payment its
    // occurrence: such an event goes alone, as through the API.
    bulkKey: (row) => (singly(row, ctx.tenant) ? null : (cell(row, 'idempotencyKey') ?? `\u0000${row.line}`)),
    bulk: (run) => storeEventsInBulk(ctx, run),
    single: async (row, sp) => {
      const idempotencyKey = cell(row, 'idempotencyKey') ?? null;
      const logged = await asColumns(() =>
        logUserEvents(
          sp,
          ctx.tenant.id,
          {
            idempotencyKey,
            batches: [
              {
                accountId: row.cells.get('accountId')!,
                userId: row.cells.get('userId')!,
                events: [eventOf(row)],
              },
            ],
          },
          { nowMs: ctx.nowMs, conversionEventKey, paymentEventKey },
        ),
      );
      for (const conversion of logged.conversions) {
        ctx.lifecycle.push({
          outcome: conversion.outcome,
          eventId: `import-event/${ctx.tenant.alias}/${conversion.eventId}`,
        });
      }
      return ok(row.line, logged.results[0]!.events[0]!.id);
    },
  });
}

/** The API's field paths of one event (`events.0.fields.revenue`) as the file's columns (`event.fields.revenue`). */
async function asColumns<T>(apply: () => Promise<T>): Promise<T> {
  try {
    return await apply();
  } catch (err) {
    const issues = err instanceof AppError ? err.details.validationErrors : undefined;
    if (!(err instanceof AppError) || !issues) throw err;
    throw new AppError(err.apiErrorCode, err.message, {
      validationErrors: issues.map((i) => ({ ...i, path: i.path.replace(/^events\.0\./, 'event.') })),
    });
  }
}

/** A run of events, each row its own request under its own key (see user-events.repo storeEach). */
async function storeEventsInBulk(ctx: ChunkContext, rows: ImportRow[]): Promise<RowResult[]> {
  const requests = rows.map((row) => {
    const event = eventOf(row);
    return {
      idempotencyKey: cell(row, 'idempotencyKey') ?? null,
      event: {
        id: uuidv7(),
        accountId: row.cells.get('accountId')!,
        userId: row.cells.get('userId')!,
        key: event.key,
        fields: event.fields,
        dateTriggeredMs: event.dateTriggered ?? ctx.nowMs,
      },
    };
  });
  const outcomes = await createUserEventsRepo(ctx.trx).storeEach(
    ctx.tenant.id,
    new Date(ctx.nowMs),
    requests,
  );
  return rows.map((row, i) => {
    switch (outcomes[i]) {
      case 'stored':
        return ok(row.line, requests[i]!.event.id);
      case 'userNotFound':
        return rejected(
          row.line,
          new AppError('USER_NOT_FOUND', 'No such user in this account; import or identify the user first'),
        );
      default:
        return rejected(
          row.line,
          new AppError('IDEMPOTENCY_KEY_USED', 'This idempotency key was already used in the last 24 hours'),
        );
    }
  });
}
