import { z } from 'zod';
import { AppError } from '../../errors';
import type { AccountRow } from '../../repos/accounts.repo';
import { addMonthsUtc } from './rule-evaluation';
import type { OccurrenceReport } from './rule-occurrences';

/**
 * The stable id of each kind of payment report, so a repeat of the same payment is the same payment:
 *
 * - processor: `braintree:<transaction id>` or `stripe:<charge id>` (`stripe:<invoice id>` for an invoice
 *   no charge paid), the charge's id at the processor (a redelivered or later notification names the
 *   same charge);
 * - account sync: `sync:<account id>:<n>`, the n-th billing period since the account's first payment
 *   (first_paid_at, the conversion's), counted in the synced billing interval (one MONTH when none was
 *   ever synced). The spec's sync carries no payment id, only that the subscription is PAID and its
 *   value: a PAID sync with `subscription.value` reports the payment of the period it falls in, so
 *   syncing the same account again within that period (a retry, an unrelated update) is the same
 *   payment, and the first sync of the next period is the next payment;
 * - user event of the program's payment event key: `event:<account id>:<order_id>` when the event
 *   carries a text `order_id`, else `event:<event id>` (an event replayed under its idempotency key is
 *   refused, so its id stays the one payment).
 */

const MONTHS: Record<string, number> = { MONTH: 1, QUARTER: 3, SEMI_ANNUAL: 6, YEAR: 12 };
const DAY_MS = 86_400_000;

/** Whole billing periods between the first payment and `at` (0 in the first period). */
export function billingPeriodIndex(
  firstPaidAt: Date,
  at: Date,
  interval: { type: string | null; value: number | null },
): number {
  const type = interval.type ?? 'MONTH';
  const value = Math.max(1, interval.value ?? 1);
  if (at.getTime() <= firstPaidAt.getTime()) return 0;
  if (type === 'DAY' || type === 'WEEK') {
    const length = value * (type === 'DAY' ? 1 : 7) * DAY_MS;
    return Math.floor((at.getTime() - firstPaidAt.getTime()) / length);
  }
  const months = (MONTHS[type] ?? 1) * value;
  const elapsed =
    (at.getUTCFullYear() - firstPaidAt.getUTCFullYear()) * 12 +
    (at.getUTCMonth() - firstPaidAt.getUTCMonth());
  let n = Math.max(0, Math.floor(elapsed / months) + 1);
  while (n > 0 && addMonthsUtc(firstPaidAt, n * months).getTime() > at.getTime()) n -= 1;
  return n;
}

/** The payment a PAID account sync with `subscription.value` reports (null when it reports none). */
export function syncPayment(
  account: AccountRow,
  value: number | undefined,
  at: Date,
): OccurrenceReport | null {
  if (value === undefined || value <= 0 || account.subscription_status !== 'PAID') return null;
  const firstPaidAt = account.first_paid_at ?? at;
  const n = billingPeriodIndex(firstPaidAt, at, {
    type: account.billing_interval_type,
    value: account.billing_interval_value,
  });
  return {
    kind: 'PAYMENT',
    paymentId: `sync:${account.id}:${n}`,
    source: 'SYNC',
    amountCents: Math.round(value * 100),
    currency: account.currency,
    at,
  };
}

/** The processors whose charges are payments, as their payment ids name them. */
export type PaymentProcessorName = 'braintree' | 'stripe';

/** A processor charge's payment id: `<processor>:<charge id>`. */
export const processorPaymentId = (processor: PaymentProcessorName, chargeId: string): string =>
  `${processor}:${chargeId}`;

/** A charge at the processor, in cents of `currency` (the adapters report amounts in minor units). */
export function processorPayment(
  processor: PaymentProcessorName,
  charge: { id: string; amountCents: number; at: Date },
  currency: string,
): OccurrenceReport {
  return {
    kind: 'PAYMENT',
    paymentId: processorPaymentId(processor, charge.id),
    source: 'PROCESSOR',
    amountCents: charge.amountCents,
    currency,
    at: charge.at,
  };
}

/**
 * A paid invoice of a coupon-billing processor (Stripe): the payment of its charge (`stripe:<charge id>`),
 * or of the invoice itself when no charge paid it (`stripe:<invoice id>`, e.g. paid from the balance),
 * for what was paid, when it was paid. A refund or dispute of the charge names the same payment.
 */
export function invoicePayment(invoice: {
  id: string;
  chargeId: string | null;
  amountPaidCents: number;
  currency: string;
  paidAt: Date;
}): OccurrenceReport {
  return processorPayment(
    'stripe',
    { id: invoice.chargeId ?? invoice.id, amountCents: invoice.amountPaidCents, at: invoice.paidAt },
    invoice.currency,
  );
}

const paymentFieldsSchema = z.object({
  revenue: z.number().finite().min(0).max(1e10),
  currency: z.string().regex(/^[A-Z]{3}$/, 'must be a three-letter ISO 4217 code (e.g. USD)'),
  order_id: z.string().min(1).max(255).optional(),
});

/**
 * Checks the events of the payment event key before anything is stored: each needs a numeric `revenue`
 * (major units, e.g. 49.99) and a `currency`. A 400 names the field (`events.<i>.fields.revenue`).
 */
export function checkPaymentEvents(
  events: readonly { key: string; fields?: Record<string, unknown> | null }[],
  paymentEventKey: string | null,
): void {
  if (paymentEventKey === null) return;
  const problems = events.flatMap((event, i) => {
    if (event.key !== paymentEventKey) return [];
    const parsed = paymentFieldsSchema.safeParse(event.fields ?? {});
    return parsed.success
      ? []
      : parsed.error.issues.map((issue) => ({
          path: ['events', i, 'fields', ...issue.path].join('.'),
          message: issue.message,
        }));
  });
  if (problems.length > 0) {
    throw new AppError(
      'VALIDATION_FAILED',
      `An event of the payment key ${paymentEventKey} needs revenue and currency`,
      {
        validationErrors: problems,
      },
    );
  }
}

/** The payment an event of the payment event key reports (its fields were checked by checkPaymentEvents). */
export function eventPayment(
  accountId: string,
  event: { id: string; fields: Record<string, unknown>; dateTriggered: number },
): OccurrenceReport {
  const fields = paymentFieldsSchema.parse(event.fields);
  return {
    kind: 'PAYMENT',
    paymentId: fields.order_id ? `event:${accountId}:${fields.order_id}` : `event:${event.id}`,
    source: 'EVENT',
    amountCents: Math.round(fields.revenue * 100),
    currency: fields.currency,
    at: new Date(event.dateTriggered),
  };
}
