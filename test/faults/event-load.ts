import crypto from 'node:crypto';
import type { Db } from '../../shared/db/knex';
import { describeAnswer, isOutageAnswer, send, type Answer } from './fault-http';
import { retryUntilAnswered } from './retrying-client';

/**
 * A load of user events from retrying clients, and the row-by-row check of what it left in the database.
 * Most requests are good (a fresh idempotency key, one event); every tenth is refused by validation (an
 * event key over 255 characters: 400) and every tenth names a user nobody identified (404), each with a
 * key of its own, so "nothing refused is stored" is checked too.
 */
export type EventKind = 'good' | 'invalid' | 'unknownUser';

export interface EventRequest {
  key: string;
  kind: EventKind;
  attempts: Answer[];
  final: Answer;
}

const FINAL: Record<EventKind, (a: Answer) => boolean> = {
  good: (a) => a.status === 200 || (a.status === 409 && a.json?.apiErrorCode === 'IDEMPOTENCY_KEY_USED'),
  invalid: (a) => a.status === 400 && a.json?.apiErrorCode === 'VALIDATION_FAILED',
  unknownUser: (a) => a.status === 404 && a.json?.apiErrorCode === 'USER_NOT_FOUND',
};

export function eventClient(options: {
  api: string;
  auth: string;
  users: { accountId: string; userId: string }[];
  requests: EventRequest[];
}) {
  return async (index: number, running: () => boolean): Promise<void> => {
    const user = options.users[index % options.users.length];
    for (let seq = 1; running(); seq += 1) {
      const kind: EventKind = seq % 10 === 5 ? 'invalid' : seq % 10 === 0 ? 'unknownUser' : 'good';
      const key = `fpg-${index}-${seq}-${crypto.randomBytes(4).toString('hex')}`;
      const target = kind === 'unknownUser' ? { ...user, userId: `nobody-${key}` } : user;
      const body = {
        accountId: target.accountId,
        userId: target.userId,
        idempotencyKey: key,
        events: [{ key: kind === 'invalid' ? 'x'.repeat(256) : 'visit', fields: { client: index, seq } }],
      };
      const path = `/open/account/${target.accountId}/user/${encodeURIComponent(target.userId)}/events`;
      const attempts: Answer[] = [];
      const final = await retryUntilAnswered(
        () =>
          send(`${options.api}${path}`, { method: 'POST', body, headers: { authorization: options.auth } }),
        attempts,
      );
      options.requests.push({ key, kind, attempts, final });
    }
  };
}

/** Problems with the answers: wrong final answers, and anything but the standard 503 before them. */
export function answerProblems(requests: EventRequest[]): string[] {
  const problems: string[] = [];
  for (const r of requests) {
    if (!FINAL[r.kind](r.final)) problems.push(`${r.kind} ${r.key}: final ${describeAnswer(r.final)}`);
    for (const a of r.attempts.slice(0, -1)) {
      if (!isOutageAnswer(a)) problems.push(`${r.kind} ${r.key}: retried after ${describeAnswer(a)}`);
    }
    const oks = r.attempts.filter((a) => a.status === 200).length;
    if (oks > 1) problems.push(`${r.key}: ${oks} answers 200 for one key`);
  }
  return problems;
}

/** The event id the client was given for an acknowledged request (from the 200, or the 409's eventIds). */
function acknowledgedId(r: EventRequest): string | undefined {
  if (r.final.status === 200) return r.final.json?.events?.[0]?.id as string | undefined;
  return (r.final.json?.eventIds as string[] | undefined)?.[0];
}

/**
 * Row by row: every acknowledged request's event stored exactly once under its key with the id the
 * client was given, its key claimed once; nothing stored or claimed for a refused request; no other
 * events in the tenant.
 */
export async function storageProblems(db: Db, tenantId: string, requests: EventRequest[]): Promise<string[]> {
  const problems: string[] = [];
  const events = (await db('user_events').where({ tenant_id: tenantId }).select('id', 'idempotency_key')) as {
    id: string;
    idempotency_key: string | null;
  }[];
  const keys = (await db('idempotency_keys').where({ tenant_id: tenantId }).select('key')) as {
    key: string;
  }[];
  const eventsByKey = new Map<string | null, string[]>();
  for (const e of events)
    eventsByKey.set(e.idempotency_key, [...(eventsByKey.get(e.idempotency_key) ?? []), e.id]);
  const claims = new Map<string, number>();
  for (const k of keys) claims.set(k.key, (claims.get(k.key) ?? 0) + 1);

  let acknowledged = 0;
  for (const r of requests) {
    const stored = eventsByKey.get(r.key) ?? [];
    const claimed = claims.get(r.key) ?? 0;
    if (r.kind === 'good' && FINAL.good(r.final)) {
      acknowledged += 1;
      const id = acknowledgedId(r);
      if (stored.length !== 1 || stored[0] !== id) {
        problems.push(`acknowledged ${r.key} (id ${id}): stored ${JSON.stringify(stored)}`);
      }
      if (claimed !== 1) problems.push(`acknowledged ${r.key}: key claimed ${claimed} times`);
    } else if (r.kind !== 'good') {
      if (stored.length > 0 || claimed > 0) {
        problems.push(`refused ${r.kind} ${r.key}: ${stored.length} events stored, key claimed ${claimed}`);
      }
    }
  }
  if (events.length !== acknowledged) {
    problems.push(`${events.length} events stored in the tenant, ${acknowledged} acknowledged`);
  }
  return problems;
}
