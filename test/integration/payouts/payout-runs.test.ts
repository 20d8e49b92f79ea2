/**
 * Payout runs end to end (docs/payouts.md): the gateway and worker against the PayPal and gift-card
 * stand-ins. What is due and why not; a run that pays each payee once (counted by the stand-in) and a
 * repeated request that pays nothing more; a failed item back in the balance with PayPal's message; a
 * return by webhook after payment; the ledger's books after each.
 */
import { startPayoutApi, DUE, type PayoutApi } from '../../helpers/payouts';
import { until } from '../../helpers/wait';

let api: PayoutApi;
beforeAll(async () => {
  api = await startPayoutApi();
}, 60_000);
afterAll(() => api?.close());

const paypal = (email: string) => ({ type: 'PAYPAL', email });

test('the due list names what each referrer would be paid, or why not', async () => {
  await api.setPolicy({ minimumCents: 1000 });
  const ready = await api.referrer(paypal('ready@example.com'));
  const small = await api.referrer(paypal('small@example.com'));
  const noMethod = await api.referrer();
  await api.earnCash(ready, 5000);
  await api.earnCash(small, 400);
  await api.earnCash(noMethod, 3000);
  const due = (await api.gqlOk(DUE, {})).payoutsDue.payees;
  const of = (id: string) => due.find((d: any) => d.accountId === id);
  expect(of(ready)).toMatchObject({
    payableCents: 5000,
    blocker: null,
    payee: { method: { type: 'PAYPAL', masked: 'r•••@example.com' } },
    reasons: [{ amountCents: 5000, explanation: 'A paying friend (test)' }],
  });
  expect(of(small)).toMatchObject({ payableCents: 0, blocker: 'BELOW_MINIMUM' });
  expect(of(noMethod)).toMatchObject({ payableCents: 0, blocker: 'NO_METHOD' });
});

test('a run pays each payee once through PayPal; the same request again pays nothing more', async () => {
  const jane = await api.referrer(paypal('jane@example.com'));
  await api.earnCash(jane, 2500);
  await api.earnCash(jane, 1500);
  const key = `run-${jane}`;
  const { id, result, run } = await api.runToEnd({ idempotencyKey: key });
  expect(result).toBe('COMPLETED');
  const payout = run.payouts.find((p: any) => p.accountId === jane);
  expect(payout).toMatchObject({ method: 'PAYPAL', amountCents: 4000, currency: 'USD', status: 'PAID' });
  expect(payout.providerRef).toEqual(expect.any(String));
  expect(api.standIns.paypal.payments(payout.id)).toHaveLength(1);

  const again = await api.gqlOk(
    `mutation R($input: PayoutRunInput) { requestPayoutRun(input: $input) { id status } }`,
    { input: { idempotencyKey: key } },
  );
  expect(again.requestPayoutRun).toEqual({ id, status: 'COMPLETED' });
  expect((await api.referrerPayouts(jane)).balances).toEqual([
    { currency: 'USD', availableCents: 0, pendingCents: 0, inFlightCents: 0, paidOutCents: 4000 },
  ]);
  // A new run finds nothing due for her.
  const next = await api.runToEnd();
  expect(next.run.payouts.filter((p: any) => p.accountId === jane)).toEqual([]);
});

test("a refused item fails with PayPal's words and its money is back in the balance", async () => {
  const refused = await api.referrer(paypal('restricted@example.com'));
  await api.standIns.paypal.receiverRule(
    'restricted@example.com',
    'FAILED',
    'Receiver account is restricted',
  );
  await api.earnCash(refused, 3000);
  const { run } = await api.runToEnd();
  expect(run.payouts.find((p: any) => p.accountId === refused)).toMatchObject({
    status: 'FAILED',
    providerMessage: expect.stringContaining('restricted'),
  });
  expect((await api.referrerPayouts(refused)).balances).toEqual([
    { currency: 'USD', availableCents: 3000, pendingCents: 0, inFlightCents: 0, paidOutCents: 0 },
  ]);
});

test('a payout returned after payment (PayPal webhook) goes back to the balance, once however often told', async () => {
  const bob = await api.referrer(paypal('bob@example.com'));
  await api.earnCash(bob, 2000);
  const { run } = await api.runToEnd();
  const payout = run.payouts.find((p: any) => p.accountId === bob);
  expect(payout.status).toBe('PAID');
  await api.standIns.paypal.changeItem(payout.providerRef, 'RETURNED', 'Receiver refused the payment');
  await api.standIns.paypal.settled();
  const returned = await until(
    async () => (await api.run(run.id)).payouts.find((p: any) => p.accountId === bob),
    (p) => p.status === 'RETURNED',
  );
  expect(returned.providerMessage).toMatch(/refused/);
  // The same delivery again (a provider retry) changes nothing.
  const delivery = api.standIns.paypal.deliveries().at(-1)!;
  const replay = await fetch(delivery.url, {
    method: 'POST',
    headers: { ...delivery.headers, 'content-type': 'application/json' },
    body: delivery.body,
  });
  expect(replay.status).toBe(200);
  expect(await replay.json()).toEqual({ received: true, changed: 0 });
  // The merchant heard of each change once, through the outbox.
  const events = await api.gw.deps
    .db('webhook_events')
    .where({ tenant_id: api.tenantId })
    .whereRaw("payload->'data'->>'id' = ?", [payout.id])
    .orderBy('id');
  expect(events.map((e: { type: string }) => e.type)).toEqual(['payout.paid', 'payout.returned']);
  expect((await api.referrerPayouts(bob)).balances).toEqual([
    { currency: 'USD', availableCents: 2000, pendingCents: 0, inFlightCents: 0, paidOutCents: 0 },
  ]);
});

test('a tampered PayPal webhook is refused and changes nothing', async () => {
  const delivery = api.standIns.paypal.deliveries().at(-1)!;
  const body = delivery.body.replace('RETURNED', 'SUCCESS');
  const res = await fetch(delivery.url, {
    method: 'POST',
    headers: { ...delivery.headers, 'content-type': 'application/json' },
    body,
  });
  const answer = (await res.json()) as { apiErrorCode?: string };
  expect({ status: res.status, code: answer.apiErrorCode }).toEqual({
    status: 400,
    code: 'SIGNATURE_REJECTED',
  });
});
