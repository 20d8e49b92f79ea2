/*
 * What a payout stand-in paid, by idempotency key (PayPal: the item's sender_item_id; gift cards: the
 * order's external_id): tests and benchmarks assert that each key was paid exactly once.
 */

export interface StandInPayment {
  /** The provider's id of what was paid (PayPal payout_item_id, gift-card order id). */
  id: string;
  key: string;
  /** Minor units. */
  amountCents: number;
  currency: string;
  receiver: string;
  time: string;
}

export class PaymentLedger {
  private payments: StandInPayment[] = [];

  record(payment: Omit<StandInPayment, 'time'>) {
    this.payments.push({ ...payment, time: new Date().toISOString() });
  }

  /** The payments made under one key, or all. */
  list(key?: string): StandInPayment[] {
    return structuredClone(this.payments.filter((p) => key === undefined || p.key === key));
  }

  /** How many payments each key has (a key paid twice shows 2). */
  countsByKey(): Record<string, number> {
    const counts: Record<string, number> = {};
    for (const p of this.payments) counts[p.key] = (counts[p.key] ?? 0) + 1;
    return counts;
  }

  reset() {
    this.payments = [];
  }
}
