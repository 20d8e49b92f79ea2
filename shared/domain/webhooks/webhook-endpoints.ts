import { v7 as uuidv7 } from 'uuid';
import { z } from 'zod';
import type { Config } from '../../config';
import type { SecretBox } from '../../crypto/secret-box';
import type { Db } from '../../db/knex';
import { AppError } from '../../errors';
import { UnsafeUrlError, vetWebhookUrl, type ResolvedAddress, type VettedUrl } from '../../net/url-guard';
import { createWebhookEndpointsRepo, type WebhookEndpointRow } from '../../repos/webhook-endpoints.repo';
import { parseInput, textSchema } from '../../validation';
import { webhookEventTypeSchema, type WebhookEventType } from './webhook-event-types';
import { generateWebhookSecret } from './webhook-signing';

/**
 * Outbound webhook endpoints: register, list, change, delete, rotate the signing secret.
 * A secret (`whsec_…`) is in the answer of create and rotate once and stored only sealed (SECRET_KEY,
 * associated data naming the tenant and the endpoint). Rotation keeps the former secret for 24 hours,
 * during which deliveries are signed with both. URLs pass the SSRF guard (shared/net/url-guard.ts) here
 * and again before each delivery.
 */
export const MAX_WEBHOOK_ENDPOINTS = 20;
export const SECRET_ROTATION_OVERLAP_MS = 24 * 3600 * 1000;

export interface WebhookEndpointDeps {
  db: Db;
  secretBox: SecretBox | undefined;
  config: Pick<Config, 'WEBHOOK_ALLOW_HTTP' | 'WEBHOOK_ALLOW_PRIVATE_ADDRESSES'>;
  /** DNS resolution for the guard; the system resolver unless given (tests). */
  lookup?: (hostname: string) => Promise<ResolvedAddress[]>;
  now?: () => number;
}

/** An endpoint as the API shows it: never a secret, sealed or not. */
export interface WebhookEndpointView {
  id: string;
  url: string;
  description: string;
  /** Empty: every event type. */
  eventTypes: string[];
  enabled: boolean;
  dateDisabled: number | null;
  disabledReason: string | null;
  /** Until when the secret replaced by the last rotation still signs deliveries; null when none does. */
  previousSecretExpiresAt: number | null;
  dateCreated: number;
  dateUpdated: number;
}

export function presentWebhookEndpoint(row: WebhookEndpointRow, now = Date.now()): WebhookEndpointView {
  const expires = row.previous_secret_expires_at?.getTime() ?? null;
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    eventTypes: row.event_types,
    enabled: row.disabled_at === null,
    dateDisabled: row.disabled_at?.getTime() ?? null,
    disabledReason: row.disabled_reason,
    previousSecretExpiresAt: expires !== null && expires > now ? expires : null,
    dateCreated: row.created_at.getTime(),
    dateUpdated: row.updated_at.getTime(),
  };
}

const secretData = (tenantId: string, endpointId: string) => `webhook-endpoint:${tenantId}:${endpointId}`;

function requireBox(box: SecretBox | undefined): SecretBox {
  if (box) return box;
  throw new AppError(
    'SECRET_KEY_NOT_CONFIGURED',
    'Webhook endpoints need SECRET_KEY, which encrypts their signing secrets at rest. Set SECRET_KEY (32+ random characters, the same on every gateway and worker) and restart.',
  );
}

const eventTypesSchema = z
  .array(webhookEventTypeSchema)
  .max(50)
  .transform((types) => [...new Set(types)].sort());
const descriptionSchema = textSchema(500, { trim: true });
const urlSchema = textSchema(2048, { min: 1, trim: true });
const idSchema = z.object({ id: z.uuid('must be a webhook endpoint id (a UUID)') });

const createSchema = z.strictObject({
  url: urlSchema,
  eventTypes: eventTypesSchema.nullish().transform((t) => t ?? []),
  description: descriptionSchema.nullish().transform((d) => d ?? ''),
});
export type CreateWebhookEndpointInput = z.input<typeof createSchema>;

const updateSchema = z.strictObject({
  url: urlSchema.nullish(),
  eventTypes: eventTypesSchema.nullish(),
  description: descriptionSchema.nullish(),
  enabled: z.boolean().nullish(),
});
export type UpdateWebhookEndpointInput = z.input<typeof updateSchema>;

/** The guard as registration applies it: a refusal is VALIDATION_FAILED naming `{prefix}.url`. */
export async function checkWebhookUrl(
  deps: Pick<WebhookEndpointDeps, 'config' | 'lookup'>,
  url: string,
  path = 'input.url',
): Promise<VettedUrl> {
  try {
    return await vetWebhookUrl(url, {
      allowHttp: deps.config.WEBHOOK_ALLOW_HTTP,
      allowPrivateAddresses: deps.config.WEBHOOK_ALLOW_PRIVATE_ADDRESSES,
      lookup: deps.lookup,
    });
  } catch (err) {
    if (!(err instanceof UnsafeUrlError)) throw err;
    throw new AppError('VALIDATION_FAILED', `Invalid input: ${path}`, {
      validationErrors: [{ path, message: err.message }],
    });
  }
}

const notFound = () => new AppError('NOT_FOUND', 'No such webhook endpoint');

function parseId(id: unknown): string {
  return parseInput(idSchema, { id }).id;
}

/** Registers an endpoint; the answer holds its secret this once. At most MAX_WEBHOOK_ENDPOINTS per tenant. */
export async function createWebhookEndpoint(
  deps: WebhookEndpointDeps,
  tenantId: string,
  input: unknown,
): Promise<{ id: string; secret: string; endpoint: WebhookEndpointView }> {
  const parsed = parseInput(createSchema, input, 'input');
  const box = requireBox(deps.secretBox);
  const vetted = await checkWebhookUrl(deps, parsed.url);
  const id = uuidv7();
  const secret = generateWebhookSecret();
  const row = await deps.db.transaction(async (trx) => {
    const repo = createWebhookEndpointsRepo(trx);
    await repo.lockTenant(tenantId);
    if ((await repo.count(tenantId)) >= MAX_WEBHOOK_ENDPOINTS) {
      throw new AppError(
        'CONFLICT',
        `A tenant may have at most ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints; delete one first`,
        { fields: { reason: 'WEBHOOK_ENDPOINT_LIMIT', limit: MAX_WEBHOOK_ENDPOINTS } },
      );
    }
    return repo.insert({
      id,
      tenant_id: tenantId,
      url: vetted.url.href,
      description: parsed.description,
      event_types: parsed.eventTypes,
      secret_sealed: box.seal(secret, secretData(tenantId, id)),
    });
  });
  return { id, secret, endpoint: presentWebhookEndpoint(row, deps.now?.()) };
}

/** The tenant's endpoints, newest first, without secrets. */
export async function listWebhookEndpoints(
  deps: Pick<WebhookEndpointDeps, 'db' | 'now'>,
  tenantId: string,
): Promise<WebhookEndpointView[]> {
  const now = deps.now?.() ?? Date.now();
  return (await createWebhookEndpointsRepo(deps.db).list(tenantId)).map((r) =>
    presentWebhookEndpoint(r, now),
  );
}

/** Changes what is given; `enabled: true` re-enables (clears the disabling), `false` disables by hand. */
export async function updateWebhookEndpoint(
  deps: WebhookEndpointDeps,
  tenantId: string,
  rawId: unknown,
  input: unknown,
): Promise<WebhookEndpointView> {
  const id = parseId(rawId);
  const parsed = parseInput(updateSchema, input ?? {}, 'input');
  const url = parsed.url ? (await checkWebhookUrl(deps, parsed.url)).url.href : undefined;
  const enabled =
    parsed.enabled === true
      ? { value: true as const }
      : parsed.enabled === false
        ? { value: false as const, reason: 'Disabled by an operator' }
        : undefined;
  const row = await createWebhookEndpointsRepo(deps.db).update(tenantId, id, {
    url,
    description: parsed.description ?? undefined,
    event_types: parsed.eventTypes ?? undefined,
    enabled,
  });
  if (!row) throw notFound();
  return presentWebhookEndpoint(row, deps.now?.());
}

export async function deleteWebhookEndpoint(
  deps: Pick<WebhookEndpointDeps, 'db' | 'now'>,
  tenantId: string,
  rawId: unknown,
): Promise<WebhookEndpointView> {
  const row = await createWebhookEndpointsRepo(deps.db).delete(tenantId, parseId(rawId));
  if (!row) throw notFound();
  return presentWebhookEndpoint(row, deps.now?.());
}

/**
 * A new secret, in the answer this once; the current one keeps signing (beside the new one) for
 * SECRET_ROTATION_OVERLAP_MS. Rotating again within the overlap drops the oldest secret at once.
 */
export async function rotateWebhookSecret(
  deps: WebhookEndpointDeps,
  tenantId: string,
  rawId: unknown,
): Promise<{ secret: string; previousSecretExpiresAt: number; endpoint: WebhookEndpointView }> {
  const id = parseId(rawId);
  const box = requireBox(deps.secretBox);
  const now = deps.now?.() ?? Date.now();
  const secret = generateWebhookSecret();
  const previousExpiresAt = new Date(now + SECRET_ROTATION_OVERLAP_MS);
  const row = await deps.db.transaction(async (trx) => {
    const repo = createWebhookEndpointsRepo(trx);
    const current = await repo.find(tenantId, id);
    if (!current) throw notFound();
    return repo.rotateSecret(tenantId, id, {
      sealed: box.seal(secret, secretData(tenantId, id)),
      previousSealed: current.secret_sealed,
      previousExpiresAt,
    });
  });
  if (!row) throw notFound();
  return {
    secret,
    previousSecretExpiresAt: previousExpiresAt.getTime(),
    endpoint: presentWebhookEndpoint(row, now),
  };
}

/** The secrets an endpoint row signs with now: its secret, and the previous one during its overlap. */
export function openWebhookSigningSecrets(
  deps: Pick<WebhookEndpointDeps, 'secretBox' | 'now'>,
  row: WebhookEndpointRow,
): string[] {
  const { tenant_id: tenantId, id: endpointId } = row;
  const box = requireBox(deps.secretBox);
  const data = secretData(tenantId, endpointId);
  const secrets = [box.open(row.secret_sealed, data)];
  const now = deps.now?.() ?? Date.now();
  if (
    row.previous_secret_sealed &&
    row.previous_secret_expires_at &&
    row.previous_secret_expires_at.getTime() > now
  ) {
    secrets.push(box.open(row.previous_secret_sealed, data));
  }
  return secrets;
}

/** Whether an endpoint wants an event of this type (an empty list subscribes to all). */
export function endpointWants(
  endpoint: Pick<WebhookEndpointRow, 'event_types'>,
  type: WebhookEventType,
): boolean {
  return endpoint.event_types.length === 0 || endpoint.event_types.includes(type);
}
