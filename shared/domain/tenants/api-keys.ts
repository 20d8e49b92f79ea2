import crypto from 'node:crypto';
import { z } from 'zod';
import type { Db } from '../../db/knex';
import { AppError } from '../../errors';
import { createTenantsRepo, type ApiKeyRow } from '../../repos/tenants.repo';
import { parseInput } from '../../validation';
import {
  apiKeyScopesSchema,
  assertCanManageKeys,
  assertGrantable,
  isApiKeyScope,
  keyCreator,
  keyPurpose,
  MCP_WRITE,
  mcpKeyScopes,
  type ApiKeyPurpose,
  type ApiKeyScope,
  type KeyActor,
} from './api-key-scopes';

/**
 * API keys are 64 random bytes (86 base64url characters) behind a readable prefix, so longer than
 * SHA-256's 64-byte block. That matters: HMAC hashes a key longer than its block size before use
 * (RFC 2104), so HMAC-SHA256(key, m) === HMAC-SHA256(sha256(key), m). Storing only sha256(key) is
 * therefore enough both to authenticate the key and to verify user JWTs that clients sign with it.
 */
export function generateApiKey(mode: 'live' | 'test'): string {
  return `rsk_${mode}_${crypto.randomBytes(64).toString('base64url')}`;
}

export function hashApiKey(key: string): Buffer {
  return crypto.createHash('sha256').update(key, 'utf8').digest();
}

export function keyPrefix(key: string): string {
  return key.slice(0, 16);
}

const DUMMY_HASH = hashApiKey('dummy-key-compared-when-a-tenant-has-none');

/** Constant-time match of a presented key against stored hashes (every candidate is compared). */
export function matchesAnyKey(presented: string, storedHashes: readonly Buffer[]): boolean {
  const hash = hashApiKey(presented);
  // With no keys a dummy comparison still runs, so an unknown tenant costs the same as a wrong key.
  const candidates = storedHashes.length > 0 ? storedHashes : [DUMMY_HASH];
  let matched = false;
  for (const stored of candidates) matched = crypto.timingSafeEqual(stored, hash) || matched;
  return matched && storedHashes.length > 0;
}

/** An API key as the portal and the API list it: its prefix, never the key or its hash. */
export interface ApiKeyView {
  id: string;
  prefix: string;
  scopes: ApiKeyScope[];
  /** API: the REST and GraphQL API; MCP: an AI agent's key, only for the MCP endpoint (docs/mcp.md). */
  purpose: ApiKeyPurpose;
  /** An MCP key's agent may ask for changes (pending actions); false for ordinary keys. */
  allowChanges: boolean;
  createdBy: string | null;
  dateCreated: number;
  dateRevoked: number | null;
}

export function presentApiKey(row: ApiKeyRow): ApiKeyView {
  return {
    id: row.id,
    prefix: row.key_prefix,
    scopes: row.scopes.filter(isApiKeyScope),
    purpose: keyPurpose(row.scopes),
    allowChanges: row.scopes.includes(MCP_WRITE),
    createdBy: row.created_by,
    dateCreated: row.created_at.getTime(),
    dateRevoked: row.revoked_at?.getTime() ?? null,
  };
}

/**
 * The alias of the tenant whose active key this is, or null: for the doors where a key alone names its
 * tenant (`/mcp`). Only the key's SHA-256 is looked up (a unique index); the door still authenticates
 * the key against that tenant's keys as every API request does.
 */
export async function tenantAliasOfKey(db: Db, key: string): Promise<string | null> {
  return createTenantsRepo(db).aliasForActiveKeyHash(hashApiKey(key));
}

/** The tenant's active keys, newest first. */
export async function listApiKeys(db: Db, tenantId: string): Promise<ApiKeyView[]> {
  return (await createTenantsRepo(db).listActiveKeys(tenantId)).map(presentApiKey);
}

/**
 * Issues an additional key for the tenant (the others keep working), with scopes the creator holds
 * (api-key-scopes.ts) and within the cap on active keys per tenant (409 TOO_MANY_API_KEYS). The key
 * itself is returned this once; only its hash is stored.
 */
export async function createApiKey(
  db: Db,
  tenant: { id: string; mode: 'live' | 'test' },
  input: {
    actor: KeyActor;
    scopes?: readonly ApiKeyScope[];
    maxKeys: number;
    /** MCP: a key for AI agents (scopes must be empty); allowChanges grants MCP_WRITE. */
    purpose?: ApiKeyPurpose;
    allowChanges?: boolean;
  },
): Promise<Omit<ApiKeyView, 'dateRevoked'> & { key: string }> {
  assertCanManageKeys(input.actor);
  const granted = assertGrantable(input.actor, parseInput(apiKeyScopesSchema, input.scopes ?? []));
  const scopes = keyScopes(input.actor, granted, input.purpose ?? 'API', input.allowChanges ?? false);
  const key = generateApiKey(tenant.mode);
  const row = await db.transaction(async (trx) => {
    const repo = createTenantsRepo(trx);
    if ((await repo.countActiveKeysLocked(tenant.id)) >= input.maxKeys) {
      throw new AppError(
        'TOO_MANY_API_KEYS',
        `A tenant has at most ${input.maxKeys} active API keys; revoke one first`,
      );
    }
    return repo.insertKey({
      tenantId: tenant.id,
      keyHash: hashApiKey(key),
      keyPrefix: keyPrefix(key),
      scopes,
      createdBy: keyCreator(input.actor),
    });
  });
  const { dateRevoked: _never, ...view } = presentApiKey(row);
  return { ...view, key };
}

/** What is stored: an ordinary key's TEAM/KEYS, or an MCP key's MCP_READ (+ MCP_WRITE), never both. */
function keyScopes(
  actor: KeyActor,
  granted: ApiKeyScope[],
  purpose: ApiKeyPurpose,
  allowChanges: boolean,
): string[] {
  if (purpose === 'API') {
    if (allowChanges) {
      throw new AppError('VALIDATION_FAILED', 'allowChanges: only an MCP key (purpose MCP) has it');
    }
    return granted;
  }
  if (granted.length > 0) {
    throw new AppError('VALIDATION_FAILED', 'scopes: an MCP key carries no TEAM or KEYS scope');
  }
  return mcpKeyScopes(actor, allowChanges);
}

const keyIdSchema = z.object({ id: z.uuid() });

/**
 * Revokes one of the tenant's keys: every gateway stops accepting it when this commits (the repo
 * notifies their caches in the same transaction). Another tenant's key, or none, is 404; revoking a
 * revoked key again changes nothing.
 */
export async function revokeApiKey(db: Db, tenantId: string, id: string): Promise<ApiKeyView> {
  const input = parseInput(keyIdSchema, { id });
  const row = await createTenantsRepo(db).revokeKey(tenantId, input.id);
  if (!row) throw new AppError('NOT_FOUND', 'No such API key');
  return presentApiKey(row);
}
