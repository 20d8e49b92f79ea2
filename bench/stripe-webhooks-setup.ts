import { spawn } from 'node:child_process';
import path from 'node:path';
import type Stripe from 'stripe';
import { PROJECT_ROOT } from '../shared/config';
import { freePort } from '../shared/http';
import type { CustomerObjects, PlannedCustomer } from './stripe-webhooks-plan';
import type { BenchEnvironment } from './support';

export { STRIPE_API_VERSION } from '../shared/processors/stripe-client';

/**
 * The Stripe stand-in as `npm run start:stripe-sandbox` runs it (localstripe and its front), in a process
 * of its own so proxying the worker's reads does not share the load generator's event loop.
 */
export async function startStripeSandbox(): Promise<{ url: string; close(): Promise<void> }> {
  const port = await freePort();
  const child = spawn(
    path.join(PROJECT_ROOT, 'node_modules/.bin/tsx'),
    ['services/processor-sandbox/stripe-main.ts'],
    {
      cwd: PROJECT_ROOT,
      env: { ...process.env, STRIPE_SANDBOX_PORT: String(port), LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const url = `http://127.0.0.1:${port}`;
  // A bench stopped by a signal exits without its finally: the stand-in (and its localstripe) goes too.
  const orphanGuard = () => child.kill('SIGTERM');
  process.once('exit', orphanGuard);
  const close = async () => {
    process.off('exit', orphanGuard);
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  };
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the Stripe stand-in exited with ${child.exitCode}`);
    const answered = await fetch(`${url}/v1/balance`, {
      headers: { authorization: 'Bearer sk_test_probe' },
    }).then(
      (r) => r.status < 500,
      () => false,
    );
    if (answered) return { url, close };
    if (Date.now() > deadline) {
      await close();
      throw new Error('the Stripe stand-in did not answer within 180 s');
    }
    await new Promise((r) => setTimeout(r, 300));
  }
}

/** Runs fn over items, `limit` at a time; answers the results in the items' order. */
async function inParallel<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const i = next;
      next += 1;
      out[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: limit }, lane));
  return out;
}

async function identify(env: BenchEnvironment, accountId: string, userId: string, body: object) {
  const res = await fetch(`${env.apiUrl}/open/account/${accountId}/user/${userId}`, {
    method: 'PUT',
    headers: { authorization: env.auth, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`identifying ${accountId} failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as { shareCode?: string };
}

/** Referrers (one per 20 referred accounts), then each referred account attributed to one of them, TRIAL. */
export async function identifyAll(env: BenchEnvironment, customers: PlannedCustomer[]): Promise<void> {
  const referred = customers.filter((c) => c.referred);
  const referrers = Array.from({ length: Math.max(1, Math.ceil(referred.length / 20)) }, (_, k) => k);
  const codes = await inParallel(referrers, 4, async (k) => {
    const { shareCode } = await identify(env, `ref-${k}`, `ref-user-${k}`, {
      firstName: 'Bench',
      lastName: `Referrer ${k}`,
    });
    if (!shareCode) throw new Error(`referrer ${k} has no share code`);
    return shareCode;
  });
  await inParallel(referred, 4, (c) =>
    identify(env, c.accountId!, `user-${c.index}`, {
      firstName: 'Friend',
      lastName: `${c.index}`,
      referredByCode: codes[c.index % codes.length],
      accountStatus: 'TRIAL',
    }),
  );
}

/**
 * Each planned customer at the stand-in, with the merchant's key: the customer (metadata
 * `referral_account_id` unless untied, a card), a monthly subscription whose first invoice is paid by a
 * charge, then the ending: the subscription cancelled, or the charge refunded in full.
 */
export async function setUpCustomers(
  stripe: Stripe,
  customers: PlannedCustomer[],
): Promise<CustomerObjects[]> {
  const amounts = [...new Set(customers.map((c) => c.amountCents))];
  const prices = new Map<number, string>();
  for (const amount of amounts) {
    const price = await stripe.prices.create({
      currency: 'usd',
      unit_amount: amount,
      recurring: { interval: 'month' },
      product_data: { name: `Plan ${amount}` },
    });
    prices.set(amount, price.id);
  }
  const plain = <T>(o: T) => JSON.parse(JSON.stringify(o)) as { id: string } & Record<string, unknown>;
  return inParallel(customers, 4, async (c) => {
    const customer = await stripe.customers.create({
      email: `bench-${c.index}@example.com`,
      payment_method: 'pm_card_visa',
      invoice_settings: { default_payment_method: 'pm_card_visa' },
      ...(c.accountId ? { metadata: { referral_account_id: c.accountId } } : {}),
    });
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: prices.get(c.amountCents)! }],
    });
    const invoice = await stripe.invoices.retrieve(String(subscription.latest_invoice));
    if (invoice.status !== 'paid' || invoice.amount_paid !== c.amountCents || !invoice.charge) {
      throw new Error(
        `invoice ${invoice.id} of ${customer.id}: ${invoice.status}, ${invoice.amount_paid} paid`,
      );
    }
    let charge = await stripe.charges.retrieve(String(invoice.charge));
    let refundId: string | null = null;
    let endedSubscription: Stripe.Subscription | null = null;
    if (c.ending === 'REFUNDED') {
      refundId = (await stripe.refunds.create({ charge: charge.id })).id;
      charge = await stripe.charges.retrieve(charge.id);
    } else if (c.ending === 'CANCELLED') {
      endedSubscription = await stripe.subscriptions.cancel(subscription.id);
    }
    return {
      customer: plain(customer),
      subscription: plain(subscription),
      endedSubscription: endedSubscription && plain(endedSubscription),
      invoice: plain(invoice),
      charge: plain(charge),
      refundId,
    };
  });
}
