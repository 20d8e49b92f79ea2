import { z } from 'zod';
import type { DbOrTrx } from '../../db/knex';
import { createAuditLogRepo, type AuditActorKind, type AuditLogRow } from '../../repos/audit-log.repo';
import { createTenantsRepo } from '../../repos/tenants.repo';
import { parseInput } from '../../validation';
import { daySchema, rangeBounds } from './calendar-days';

export type { AuditActorKind, AuditLogRow };

export const REDACTED = '[redacted]';

/** Names of keys that are recorded although they end in "key": identifiers, not secrets. */
const PUBLIC_KEY_NAMES = new Set(['conversioneventkey', 'idempotencykey', 'eventkey', 'publickey']);

/** Secret-looking names, compared lower-case without `_` or `-` (privateKey, private_key, API-Key, ...). */
const SECRET_NAME = /password|passwd|passphrase|secret|token|credential|authorization|cookie|signature/;

/** True for a member whose value must never reach the audit log. */
export function isSecretName(name: string): boolean {
  const normalized = name.toLowerCase().replace(/[_\-\s]/g, '');
  if (SECRET_NAME.test(normalized)) return true;
  return normalized.endsWith('key') && !PUBLIC_KEY_NAMES.has(normalized);
}

/**
 * Keys are secrets whatever member holds them: ours (`rsk_live_…`), Stripe's secret and restricted keys
 * (`sk_live_…`, `rk_test_…`) and webhook signing secrets (`whsec_…`).
 */
const API_KEY_VALUE =
  /\b(?:rsk_(?:live|test)_[A-Za-z0-9_-]{20,}|[sr]k_(?:live|test)_[A-Za-z0-9]{8,}|whsec_[A-Za-z0-9+/=_-]{8,})/g;

const MAX_DEPTH = 8;
const MAX_ITEMS = 100;
const MAX_TEXT = 1000;

/**
 * A copy of `value` fit for the audit log: members with secret-looking names replaced by "[redacted]"
 * at any depth, API keys masked inside strings, and long strings, arrays and deep nesting cut short.
 */
export function redactSecrets(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') {
    const masked = value.replace(API_KEY_VALUE, REDACTED);
    return masked.length > MAX_TEXT ? `${masked.slice(0, MAX_TEXT)}…` : masked;
  }
  if (value === null || typeof value !== 'object') {
    return typeof value === 'number' || typeof value === 'boolean'
      ? value
      : value === null
        ? null
        : undefined;
  }
  if (depth >= MAX_DEPTH) return '…';
  if (Array.isArray(value))
    return value.slice(0, MAX_ITEMS).map((item) => redactSecrets(item, depth + 1) ?? null);
  if (value instanceof Date) return value.toISOString();
  const out: Record<string, unknown> = {};
  for (const [name, member] of Object.entries(value)) {
    if (member === undefined) continue;
    out[name] = isSecretName(name) ? REDACTED : redactSecrets(member, depth + 1);
  }
  return out;
}

/**
 * Who acted, for a change not made by an operator (an operator is named by `operator`): an API key by
 * its prefix, a user JWT by the user id, an SFTP user by its key's fingerprint, `cli` with the command,
 * `system` for the service itself, `anonymous` for a failed sign-in. Never a secret.
 */
export interface AuditActor {
  kind: Exclude<AuditActorKind, 'operator'>;
  label: string | null;
}

/** Where a change came from: the client's address (client-address.ts) and its User-Agent. */
export interface AuditClient {
  address: string | null;
  userAgent: string | null;
}

const MAX_USER_AGENT = 300;

export interface AuditInput {
  tenantId: string;
  /** The operator who made the change, or null when another principal did (then say which in `actor`). */
  operator: { id: string; email: string } | null;
  /** Who acted when it was not an operator; without it and without an operator, an API key (legacy). */
  actor?: AuditActor;
  /** The client's address and user agent, when the change came over the network. */
  client?: AuditClient;
  /** What was done: the GraphQL mutation's name or a dotted name such as `operator.login`. */
  action: string;
  /** What it was done to (an e-mail, a job id, ...), when there is one thing. */
  target?: string | null;
  details?: Record<string, unknown>;
}

/**
 * Records one change. Pass the transaction of the change itself when there is one, so the entry
 * commits with it. Details are redacted here, so no caller can leak a secret into the log.
 */
export async function recordAudit(db: DbOrTrx, input: AuditInput): Promise<AuditLogRow> {
  return createAuditLogRepo(db).insert({
    tenant_id: input.tenantId,
    operator_id: input.operator?.id ?? null,
    operator_email: input.operator?.email ?? null,
    actor_kind: input.operator ? 'operator' : (input.actor?.kind ?? 'apiKey'),
    actor_label: input.operator ? null : (input.actor?.label ?? null),
    client_address: input.client?.address ?? null,
    user_agent: input.client?.userAgent?.slice(0, MAX_USER_AGENT) ?? null,
    action: input.action,
    target: input.target ?? null,
    details: (redactSecrets(input.details ?? {}) ?? {}) as Record<string, unknown>,
  });
}

/** An audit entry as the portal and the API show it. */
export interface AuditEntryView {
  id: string;
  at: number;
  operatorEmail: string | null;
  actorKind: AuditActorKind;
  /** A key's prefix, a user id, an SFTP key's fingerprint; null for an operator (see operatorEmail). */
  actorLabel: string | null;
  clientAddress: string | null;
  userAgent: string | null;
  action: string;
  target: string | null;
  details: Record<string, unknown>;
}

export function presentAuditEntry(row: AuditLogRow): AuditEntryView {
  return {
    id: row.id,
    at: row.at.getTime(),
    operatorEmail: row.operator_email,
    actorKind: row.actor_kind,
    actorLabel: row.actor_label,
    clientAddress: row.client_address,
    userAgent: row.user_agent,
    action: row.action,
    target: row.target,
    details: row.details,
  };
}

export const AUDIT_PAGE_MAX = 200;

const pageSchema = z.object({
  first: z.int().min(1).max(AUDIT_PAGE_MAX).default(50),
  after: z.uuid().optional(),
  // Filters: who (an operator's e-mail or a principal's label), the action, UTC days.
  actor: z.string().trim().min(1).max(320).optional(),
  action: z
    .string()
    .regex(/^[A-Za-z][A-Za-z0-9.]{0,79}$/, 'must be an action name such as reviewReferrals or operator.login')
    .optional(),
  from: daySchema.optional(),
  to: daySchema.optional(),
});

/**
 * One page of the tenant's audit log, newest first. `after` is the previous page's `endCursor` (an
 * entry id); one of another tenant matches nothing, so the page is empty.
 */
export async function listAuditLog(
  db: DbOrTrx,
  tenantId: string,
  options: {
    first?: number | null;
    after?: string | null;
    actor?: string | null;
    action?: string | null;
    from?: string | null;
    to?: string | null;
  } = {},
): Promise<{ entries: AuditEntryView[]; endCursor: string | null; hasNextPage: boolean }> {
  const { first, after, actor, action, from, to } = parseInput(pageSchema, {
    first: options.first ?? undefined,
    after: options.after ?? undefined,
    actor: options.actor ?? undefined,
    action: options.action ?? undefined,
    from: options.from ?? undefined,
    to: options.to ?? undefined,
  });
  const filter = {
    actor,
    action,
    start: from ? rangeBounds(from, from).start : undefined,
    end: to ? rangeBounds(to, to).end : undefined,
  };
  const rows = await createAuditLogRepo(db).page(tenantId, { limit: first + 1, afterId: after, filter });
  const page = rows.slice(0, first);
  return {
    entries: page.map(presentAuditEntry),
    endCursor: page.length > 0 ? page[page.length - 1]!.id : null,
    hasNextPage: rows.length > first,
  };
}

/** An admin command's entry in its tenant's log (scripts/cli.ts); nothing when the tenant is unknown. */
export async function recordCliAudit(
  db: DbOrTrx,
  input: { alias: string; command: string; flags: Record<string, unknown> },
): Promise<void> {
  const tenant = await createTenantsRepo(db).findByAlias(input.alias);
  if (!tenant) return;
  await recordAudit(db, {
    tenantId: tenant.id,
    operator: null,
    actor: { kind: 'cli', label: input.command },
    action: `cli.${input.command}`,
    target: input.alias,
    details: input.flags,
    client: { address: null, userAgent: 'cli' },
  });
}
