import { z } from 'zod';
import { AppError } from '../../errors';
import type { OperatorRole } from '../../repos/operators.repo';

/**
 * What an API key may do beyond the data and program API. Without a scope a key
 * runs the integration (users, events, imports, program, webhooks, SFTP) but cannot change the team or
 * mint and revoke keys: a key copied into CI or a contractor's laptop must not be a way to an OWNER.
 * - `TEAM`: invite operators, change roles, remove operators (live tenants only: a test-mode key never
 *   acts on operators, see assertCanManageTeam).
 * - `KEYS`: create and revoke API keys, with at most its own scopes.
 */
export const API_KEY_SCOPES = ['TEAM', 'KEYS'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

export function isApiKeyScope(value: string): value is ApiKeyScope {
  return (API_KEY_SCOPES as readonly string[]).includes(value);
}

export const apiKeyScopesSchema = z.array(z.enum(API_KEY_SCOPES)).max(API_KEY_SCOPES.length);

/**
 * An MCP key (docs/mcp.md) is stored as a key with `MCP_READ`, and `MCP_WRITE` when an OWNER or ADMIN
 * allowed changes. It works only on the MCP endpoint, and an ordinary key does not work there
 * (middleware/auth.ts): an agent's credential never reaches the REST or GraphQL API, and a server's key
 * copied into an agent's configuration is refused instead of acting with the integration's full rights.
 */
export const MCP_READ = 'MCP_READ';
export const MCP_WRITE = 'MCP_WRITE';
export type ApiKeyPurpose = 'API' | 'MCP';

/** API for an ordinary key, MCP for an agent's key (scopes as stored). */
export function keyPurpose(scopes: readonly string[]): ApiKeyPurpose {
  return scopes.includes(MCP_READ) ? 'MCP' : 'API';
}

/** The stored scopes of an MCP key: read always, write only when allowed (OWNER or ADMIN only). */
export function mcpKeyScopes(actor: KeyActor, allowChanges: boolean): string[] {
  if (actor.kind === 'apiKey') {
    throw new AppError('FORBIDDEN', 'Only OWNERs and ADMINs create MCP keys, in the portal');
  }
  return allowChanges ? [MCP_READ, MCP_WRITE] : [MCP_READ];
}

/** Who is acting, as far as team and key rights go (a door maps its principal to this). */
export type KeyActor =
  | { kind: 'operator'; role: OperatorRole; email: string }
  | { kind: 'apiKey'; scopes: readonly string[]; prefix: string }
  | { kind: 'cli'; command: string };

/** The scopes this actor may put on a key it creates: never more than it holds itself. */
export function grantableScopes(actor: KeyActor): ApiKeyScope[] {
  if (actor.kind === 'cli') return [...API_KEY_SCOPES];
  if (actor.kind === 'operator') return actor.role === 'OWNER' ? [...API_KEY_SCOPES] : [];
  return API_KEY_SCOPES.filter((scope) => actor.scopes.includes(scope));
}

/** `created_by` of a key: who minted it, without a secret. */
export function keyCreator(actor: KeyActor): string {
  if (actor.kind === 'cli') return `cli:${actor.command}`;
  if (actor.kind === 'operator') return `operator:${actor.email}`;
  return `apiKey:${actor.prefix}`;
}

/**
 * Refuses (403 FORBIDDEN) scopes the actor does not hold; an OWNER holds all, an ADMIN none, a key its
 * own. Answers the scopes, de-duplicated.
 */
export function assertGrantable(actor: KeyActor, wanted: readonly ApiKeyScope[]): ApiKeyScope[] {
  const allowed = grantableScopes(actor);
  const refused = wanted.filter((scope) => !allowed.includes(scope));
  if (refused.length > 0) {
    throw new AppError(
      'FORBIDDEN',
      `You cannot grant the scope${refused.length > 1 ? 's' : ''} ${refused.join(', ')}`,
    );
  }
  return API_KEY_SCOPES.filter((scope) => wanted.includes(scope));
}

/** OWNERs and ADMINs manage keys in the portal; a key only with the KEYS scope. */
export function assertCanManageKeys(actor: KeyActor): void {
  if (actor.kind === 'cli') return;
  if (actor.kind === 'operator' && (actor.role === 'OWNER' || actor.role === 'ADMIN')) return;
  if (actor.kind === 'apiKey' && actor.scopes.includes('KEYS')) return;
  throw new AppError(
    'FORBIDDEN',
    actor.kind === 'apiKey'
      ? 'This API key lacks the KEYS scope'
      : 'Only OWNERs and ADMINs can change API keys',
  );
}

/**
 * OWNERs change the team; a key only with the TEAM scope and only on a live tenant. A test-mode key is
 * the credential most often shared (CI, staging), and operators of `test_X` can be linked to `X`'s, so
 * it never acts on operators, whatever its scopes.
 */
export function assertCanManageTeam(actor: KeyActor, tenantMode: 'live' | 'test'): void {
  if (actor.kind === 'cli') return;
  if (actor.kind === 'operator' && actor.role === 'OWNER') return;
  if (actor.kind === 'apiKey' && tenantMode === 'test') {
    throw new AppError('FORBIDDEN', 'A test-mode API key cannot change operators');
  }
  if (actor.kind === 'apiKey' && actor.scopes.includes('TEAM')) return;
  throw new AppError(
    'FORBIDDEN',
    actor.kind === 'apiKey' ? 'This API key lacks the TEAM scope' : 'Only OWNERs can change the team',
  );
}
