import { eventEffect } from '../shared/processors/stripe-events';

/**
 * What bench:stripe-webhooks sends, decided before anything is sent (no I/O here): which customers
 * exist and how each one's story ends, the Stripe events of each story with their `created` times, and
 * the order they are delivered in, with the re-sent duplicates and the events moved ahead of earlier
 * ones of the same customer. The checks (bench/stripe-webhooks-check.ts) expect what this plan says.
 */

/** How a customer's story ends at Stripe: still billing, subscription cancelled, or its charge refunded in full. */
export type Ending = 'ACTIVE' | 'CANCELLED' | 'REFUNDED';

export interface PlannedCustomer {
  index: number;
  /** The account named in the customer's metadata `referral_account_id`; null: an untied customer. */
  accountId: string | null;
  /** Attributed to a referrer (identified with referredByCode, TRIAL) before any event: invoice.paid converts it. */
  referred: boolean;
  ending: Ending;
  /** The invoice's amount in cents: 20 % of it is a whole number of cents. */
  amountCents: number;
}

/** Each customer's story, oldest first (the sixth event depends on the ending). */
export const EVENTS_PER_CUSTOMER = 6;

/**
 * Every 20th customer is untied (no metadata, no account): its customer events find no account
 * (PROCESSED, NO_ACCOUNT) and its other events wait for a tie that never comes (WAITING). Of the tied
 * ones every second is referred. Endings rotate: ACTIVE, CANCELLED, REFUNDED, ACTIVE, ACTIVE.
 */
export function planCustomers(count: number): PlannedCustomer[] {
  return Array.from({ length: count }, (_, i) => {
    const tied = i % 20 !== 19;
    return {
      index: i,
      accountId: tied ? `acct-${i}` : null,
      referred: tied && i % 2 === 0,
      ending: i % 5 === 1 ? 'CANCELLED' : i % 5 === 2 ? 'REFUNDED' : 'ACTIVE',
      amountCents: 1000 + 500 * (i % 7),
    };
  });
}

/** The Stripe objects a customer's events carry, as the API answered them during the set-up. */
export interface CustomerObjects {
  customer: { id: string } & Record<string, unknown>;
  /** As created (the updated events), and as it ends (deleted when cancelled). */
  subscription: { id: string } & Record<string, unknown>;
  endedSubscription: ({ id: string } & Record<string, unknown>) | null;
  invoice: { id: string } & Record<string, unknown>;
  /** The charge that paid the invoice, refunded when the ending says so. */
  charge: { id: string } & Record<string, unknown>;
  refundId: string | null;
}

export interface PlannedEvent {
  id: string;
  type: string;
  customer: number;
  /** Position in the customer's story (0 oldest). */
  step: number;
  /** Unix seconds, increasing along each customer's story. */
  created: number;
  object: Record<string, unknown>;
}

/** The customer's six events. `created` = base + step × customers + index: distinct, ordered per customer. */
export function customerEvents(
  c: PlannedCustomer,
  objects: CustomerObjects,
  customers: number,
  baseSeconds: number,
  runId: string,
): PlannedEvent[] {
  const last: [string, Record<string, unknown>] =
    c.ending === 'CANCELLED'
      ? ['customer.subscription.deleted', objects.endedSubscription ?? objects.subscription]
      : c.ending === 'REFUNDED'
        ? ['charge.refunded', objects.charge]
        : ['customer.updated', objects.customer];
  const story: [string, Record<string, unknown>][] = [
    ['customer.created', objects.customer],
    ['customer.updated', objects.customer],
    ['invoice.paid', objects.invoice],
    ['customer.subscription.updated', objects.subscription],
    ['customer.subscription.updated', objects.subscription],
    last,
  ];
  return story.map(([type, object], step) => ({
    id: `evt_${runId}_${c.index}_${step}`,
    type,
    customer: c.index,
    step,
    created: baseSeconds + step * customers + c.index,
    object,
  }));
}

/** The event a disordered customer's story has moved first: its ending, or its payment when it goes on billing. */
export const movedStep = (c: PlannedCustomer) => (c.ending === 'ACTIVE' ? 2 : EVENTS_PER_CUSTOMER - 1);

export interface DeliveryPlan {
  /** What is posted, in order: each event once, plus the duplicates. */
  deliveries: PlannedEvent[];
  /** First deliveries posted before an earlier event of the same customer. */
  outOfOrder: number;
  duplicates: number;
  /** How many times each event id is posted. */
  times: Map<string, number>;
}

/**
 * The stories interleaved round by round (every customer's first event, then every second, ...), so a
 * customer's events are `customers` deliveries apart. `disordered` customers (spread evenly) have one
 * later event moved to the front of their story: exactly one out-of-order first delivery each. Every
 * `duplicateEvery`-th delivery re-sends an earlier delivery, up to 500 deliveries back.
 */
export function planDeliveries(
  stories: PlannedEvent[][],
  customers: PlannedCustomer[],
  options: { disordered: number; duplicateEvery: number },
): DeliveryPlan {
  const n = stories.length;
  const ordered = stories.map((story, i) => {
    const c = customers[i]!;
    const isDisordered =
      Math.floor(((i + 1) * options.disordered) / n) > Math.floor((i * options.disordered) / n);
    if (!isDisordered) return story;
    const moved = story[movedStep(c)]!;
    return [moved, ...story.filter((e) => e !== moved)];
  });
  const firsts: PlannedEvent[] = [];
  for (let round = 0; round < EVENTS_PER_CUSTOMER; round += 1) {
    for (const story of ordered) if (story[round]) firsts.push(story[round]!);
  }
  const deliveries: PlannedEvent[] = [];
  let next = 0;
  let duplicates = 0;
  const duplicateSlot = (at: number) =>
    options.duplicateEvery > 0 && at % options.duplicateEvery === options.duplicateEvery - 1;
  // Until every event is out, and the last slot is filled if it is a duplicate's.
  while (next < firsts.length || duplicateSlot(deliveries.length)) {
    const at = deliveries.length;
    if (duplicateSlot(at)) {
      const back = 1 + ((at * 7919) % Math.min(at, 500));
      deliveries.push(deliveries[at - back]!);
      duplicates += 1;
    } else {
      deliveries.push(firsts[next]!);
      next += 1;
    }
  }
  const times = new Map<string, number>();
  for (const d of deliveries) times.set(d.id, (times.get(d.id) ?? 0) + 1);
  return { deliveries, outOfOrder: countOutOfOrder(firsts), duplicates, times };
}

/** First deliveries of an event whose customer has an earlier (by `created`) event not delivered yet. */
export function countOutOfOrder(firsts: PlannedEvent[]): number {
  const pendingEarliest = new Map<number, number[]>();
  for (const e of firsts)
    pendingEarliest.set(e.customer, [...(pendingEarliest.get(e.customer) ?? []), e.created]);
  let count = 0;
  for (const e of firsts) {
    const left = pendingEarliest.get(e.customer)!;
    if (left.some((created) => created < e.created)) count += 1;
    left.splice(left.indexOf(e.created), 1);
  }
  return count;
}

/** The subscription status each tied account must end with: what its latest status-bearing event says. */
export function expectedStatus(c: PlannedCustomer): 'PAID' | 'CANCELLED' {
  // invoice.paid says PAID; every subscription event of a cancelled subscription says CANCELLED (read
  // from Stripe when applied), and the last of them is later than the invoice.
  return c.ending === 'CANCELLED' ? 'CANCELLED' : 'PAID';
}

/** What the event's row must come to: PROCESSED, or WAITING for an untied customer's non-customer event. */
export function expectedRowStatus(c: PlannedCustomer, type: string): 'PROCESSED' | 'WAITING' {
  return c.accountId === null && eventEffect(type) !== 'CUSTOMER' ? 'WAITING' : 'PROCESSED';
}
