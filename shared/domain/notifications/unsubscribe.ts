import type { DbOrTrx } from '../../db/knex';
import { createMailSuppressionsRepo } from '../../repos/mail-suppressions.repo';
import type { UnsubscribeSubject, UnsubscribeTokens } from './unsubscribe-token';

/** The address and tenant an unsubscribe token names; null for a token this deployment did not sign. */
export function readUnsubscribeToken(
  tokens: UnsubscribeTokens | null,
  token: string,
): UnsubscribeSubject | null {
  return tokens?.verify(token) ?? null;
}

/**
 * One-click unsubscribe (RFC 8058): the token's address goes on its tenant's suppression list
 * (UNSUBSCRIBED); again changes nothing. Answers what was unsubscribed, or null for a bad token.
 */
export async function unsubscribeByToken(
  db: DbOrTrx,
  tokens: UnsubscribeTokens | null,
  token: string,
): Promise<UnsubscribeSubject | null> {
  const subject = readUnsubscribeToken(tokens, token);
  if (!subject) return null;
  // A token of a tenant since deleted: nothing to suppress.
  const done = await createMailSuppressionsRepo(db).addIfTenant(
    subject.tenantId,
    subject.email,
    'UNSUBSCRIBED',
  );
  return done ? subject : null;
}
