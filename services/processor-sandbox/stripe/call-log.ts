/* Every API call, per API key, for tests that count provider calls ("one balance transaction made"). */

export interface StripeCall {
  method: string;
  /** The path without the query, e.g. /v1/customers/cus_1/balance_transactions. */
  path: string;
  query: string;
  /** The API key used (null when none was given). */
  key: string | null;
  status: number;
  idempotencyKey: string | null;
  /** The answer was a stored one (Idempotent-Replayed: true): nothing was done. */
  replayed: boolean;
  time: string;
}

export class CallLog {
  private calls: StripeCall[] = [];

  constructor(private readonly onCall?: (call: StripeCall) => void) {}

  add(call: StripeCall) {
    this.calls.push(call);
    this.onCall?.(call);
  }

  list(key?: string | null): StripeCall[] {
    return structuredClone(this.calls.filter((c) => !key || c.key === key));
  }

  reset() {
    this.calls = [];
  }
}
