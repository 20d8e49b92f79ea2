import { z } from 'zod';
import type { BillingEvent, BillingEventEffect } from './coupon-billing';
import { ProcessorRejectedError } from './payment-processor';

/** The events our webhook endpoint subscribes to, and what each does here. */
const EFFECTS = {
  'customer.created': 'CUSTOMER',
  'customer.updated': 'CUSTOMER',
  'checkout.session.completed': 'CHECKOUT',
  'invoice.paid': 'INVOICE_PAID',
  'customer.subscription.updated': 'SUBSCRIPTION',
  'customer.subscription.deleted': 'SUBSCRIPTION',
  'charge.refunded': 'REFUND',
  'charge.dispute.created': 'DISPUTE',
  'charge.dispute.closed': 'DISPUTE',
} as const satisfies Record<string, BillingEventEffect>;

export const STRIPE_WEBHOOK_EVENTS: readonly string[] = Object.freeze(Object.keys(EFFECTS));

/** The effect of an event type; any other type (another endpoint's, a newer one) is ignored. */
export function eventEffect(type: string): BillingEventEffect {
  return Object.hasOwn(EFFECTS, type) ? EFFECTS[type as keyof typeof EFFECTS] : 'IGNORE';
}

/** Only the envelope is read here; the object's own fields are read again through find*. */
const EventEnvelope = z.object({
  id: z.string().min(1),
  type: z.string().min(1),
  created: z.number().int().nonnegative(),
  livemode: z.boolean().optional(),
  data: z.object({ object: z.record(z.string(), z.unknown()).nullish() }).nullish(),
});

const nonEmpty = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);

/** `customer` as an id, or as an expanded (or deleted) customer object. */
function customerRef(value: unknown): string | null {
  if (typeof value === 'string') return nonEmpty(value);
  if (typeof value === 'object' && value !== null) return nonEmpty((value as { id?: unknown }).id);
  return null;
}

/** customer.created, customer.updated, customer.deleted: events whose object is the customer itself. */
const ABOUT_A_CUSTOMER = /^customer\.[a-z_]+$/;

/** A verified payload → BillingEvent; ProcessorRejectedError when it is not a Stripe event. */
export function mapEvent(payload: unknown): BillingEvent {
  const parsed = EventEnvelope.safeParse(payload);
  if (!parsed.success) {
    const fields = [...new Set(parsed.error.issues.map((issue) => issue.path.join('.') || '(root)'))];
    throw new ProcessorRejectedError(`Stripe webhook payload is not an event (${fields.join(', ')})`);
  }
  const { id, type, created, livemode, data } = parsed.data;
  const object = data?.object ?? null;
  const objectId = nonEmpty(object?.id);
  let customerId = customerRef(object?.customer);
  if (!customerId && ABOUT_A_CUSTOMER.test(type)) customerId = objectId;
  return {
    id,
    type,
    effect: eventEffect(type),
    createdAt: new Date(created * 1000),
    objectId,
    customerId,
    livemode: livemode === true,
  };
}
