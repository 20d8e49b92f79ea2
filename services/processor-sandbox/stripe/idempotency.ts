import crypto from 'node:crypto';
import { StripeApiError } from './errors';

/*
 * Stripe's idempotent requests: a POST with an Idempotency-Key answers, for the same key (per API key) and
 * the same request, the first answer again without acting (header Idempotent-Replayed: true); the same
 * key with other parameters or another path is a 400 idempotency_error; while the first is in progress a
 * second one is a 409. Answers that Stripe does not save (5xx, 401, 403, 409, 429) leave the key free.
 */

export interface StoredAnswer {
  status: number;
  body: unknown;
}

interface Entry {
  fingerprint: string;
  answer: StoredAnswer | null;
}

export class IdempotencyStore {
  private entries = new Map<string, Entry>();

  private slot(apiKey: string, idempotencyKey: string) {
    return `${apiKey}\u0000${idempotencyKey}`;
  }

  /** The stored answer to replay, or null to go ahead (the key is then marked in progress). */
  begin(
    apiKey: string,
    idempotencyKey: string,
    method: string,
    path: string,
    body: string,
  ): StoredAnswer | null {
    const fingerprint = crypto.createHash('sha256').update(`${method} ${path}\n${body}`).digest('hex');
    const slot = this.slot(apiKey, idempotencyKey);
    const entry = this.entries.get(slot);
    if (!entry) {
      this.entries.set(slot, { fingerprint, answer: null });
      return null;
    }
    if (entry.fingerprint !== fingerprint)
      throw new StripeApiError(
        400,
        'idempotency_error',
        `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
      );
    if (!entry.answer)
      throw new StripeApiError(
        409,
        'idempotency_error',
        'There is currently another in-progress request using this Stripe API key and idempotency key. Please try again later.',
      );
    return entry.answer;
  }

  finish(apiKey: string, idempotencyKey: string, answer: StoredAnswer) {
    const slot = this.slot(apiKey, idempotencyKey);
    if (answer.status >= 500 || [401, 403, 409, 429].includes(answer.status)) this.entries.delete(slot);
    else this.entries.get(slot)!.answer = structuredClone(answer);
  }

  /** Frees a key whose request failed without an answer (an unexpected error). */
  abandon(apiKey: string, idempotencyKey: string) {
    const slot = this.slot(apiKey, idempotencyKey);
    if (this.entries.get(slot)?.answer === null) this.entries.delete(slot);
  }

  reset() {
    this.entries.clear();
  }
}
