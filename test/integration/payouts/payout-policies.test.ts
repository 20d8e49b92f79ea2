/**
 * Payouts' rules end to end (docs/payouts.md): a clawback after payout is a negative balance that later
 * earnings pay down before anything is paid again; the tax threshold holds back a payee without a form;
 * a run that needs approval waits for an OWNER (never an API key), and a payout cancelled before sending
 * goes back to the balance; gift cards pay through the same run; one tenant never
 * reaches another's payees, runs or payouts.
 */
import { createRewardReversalsRepo } from '../../../shared/repos/reward-reversals.repo';
import { payoutRunWorkflowId } from '../../../shared/ids';
import { keyApi } from '../../helpers/api-client';
import { createTestTenant } from '../../helpers/harness';
import { DUE, PAYOUT_RUN, startPayoutApi, type PayoutApi } from '../../helpers/payouts';

let api: PayoutApi;
beforeAll(async () => {
  api = await startPayoutApi();
}, 60_000);
afterAll(() => api?.close());

const paypal = (email: string) => ({ type: 'PAYPAL', email });
const cash = async (accountId: string) => (await api.referrerPayouts(accountId)).balances[0];
const dueOf = async (accountId: string) =>
  (await api.gqlOk(DUE, {})).payoutsDue.payees.find((d: any) => d.accountId === accountId);
const payoutIn = (run: any, accountId: string) => run.payouts.find((p: any) => p.accountId === accountId);

test('a clawback after payout leaves a negative balance that later earnings pay down first', async () => {
  await api.setPolicy({ minimumCents: 1000, requireApproval: false });
  const ann = await api.referrer(paypal('ann@example.com'));
  const reward = await api.earnCash(ann, 5000);
  const first = await api.runToEnd();
  expect(payoutIn(first.run, ann)).toMatchObject({ status: 'PAID', amountCents: 5000 });

  // The friend's payment is refunded: the reward is reversed after it was paid out.
  await api.gw.deps.db.transaction((trx) =>
    createRewardReversalsRepo().markReversed(reward, `refund:test-${ann}`, trx),
  );
  expect(await cash(ann)).toMatchObject({ availableCents: -5000, paidOutCents: 5000 });
  expect(await dueOf(ann)).toMatchObject({ blocker: 'NEGATIVE_BALANCE', payableCents: 0 });

  // New earnings pay the debt down: nothing is paid while the balance is below zero...
  await api.earnCash(ann, 3000);
  expect((await api.runToEnd()).run.payouts.filter((p: any) => p.accountId === ann)).toEqual([]);
  expect(await cash(ann)).toMatchObject({ availableCents: -2000 });
  // ...and only what is left above it afterwards.
  await api.earnCash(ann, 4500);
  const after = await api.runToEnd();
  expect(payoutIn(after.run, ann)).toMatchObject({ status: 'PAID', amountCents: 2500 });
  expect(await cash(ann)).toMatchObject({ availableCents: 0, paidOutCents: 7500 });
});

test('the tax threshold: a payee without a form waits above it, and is paid once the form is in', async () => {
  await api.gqlOk(`mutation { setPayoutTaxThreshold(thresholdCents: 60000) }`);
  try {
    const tom = await api.referrer(paypal('tom@example.com'));
    await api.earnCash(tom, 70000);
    expect(await dueOf(tom)).toMatchObject({ blocker: 'TAX_FORM_NEEDED' });
    expect((await api.runToEnd()).run.payouts.filter((p: any) => p.accountId === tom)).toEqual([]);
    await api.gqlOk(
      `mutation T($a: ID!) { setPayeeTaxStatus(accountId: $a, status: { formReceived: true, country: "US" }) { taxFormReceived } }`,
      { a: tom },
    );
    expect(payoutIn((await api.runToEnd()).run, tom)).toMatchObject({ status: 'PAID', amountCents: 70000 });
  } finally {
    await api.gqlOk(`mutation { setPayoutTaxThreshold(thresholdCents: null) }`);
  }
});

test('a run needing approval waits for an OWNER; a payout cancelled before sending is back in the balance', async () => {
  await api.setPolicy({ minimumCents: 1000, requireApproval: true });
  try {
    const kept = await api.referrer(paypal('kept@example.com'));
    const dropped = await api.referrer(paypal('dropped@example.com'));
    await api.earnCash(kept, 1200);
    await api.earnCash(dropped, 1800);
    const { id } = (await api.gqlOk(PAYOUT_RUN, { input: {} })).requestPayoutRun;
    const awaiting = await waitForStatus(id, 'AWAITING_APPROVAL');
    expect(await cash(kept)).toMatchObject({ availableCents: 0, inFlightCents: 1200 });

    // The API key requests runs but may not approve them.
    const byKey = await api.gql(`mutation A($id: ID!) { approvePayoutRun(id: $id) { id } }`, { id });
    expect(byKey.errors[0].extensions.code).toBe('FORBIDDEN');

    const droppedPayout = payoutIn(awaiting, dropped);
    await api.gqlOk(`mutation C($id: ID!) { cancelPayout(id: $id) { status } }`, { id: droppedPayout.id });
    expect(await cash(dropped)).toMatchObject({ availableCents: 1800, inFlightCents: 0 });

    const approved = await api.ownerGql(
      `mutation A($id: ID!) { approvePayoutRun(id: $id) { status approvedBy } }`,
      {
        id,
      },
    );
    expect(approved.data.approvePayoutRun).toMatchObject({
      status: 'SENDING',
      approvedBy: expect.stringMatching(/^owner@/),
    });
    const handle = api.gw.deps.temporal.client.workflow.getHandle(payoutRunWorkflowId(api.tenant.alias, id));
    expect(await handle.result()).toBe('COMPLETED');
    const run = await api.run(id);
    expect(payoutIn(run, kept).status).toBe('PAID');
    expect(payoutIn(run, dropped).status).toBe('CANCELLED');
    expect(run.payees).toBe(awaiting.payees - 1);
    expect(api.standIns.paypal.payments(droppedPayout.id)).toEqual([]);
    // What was sent cannot be cancelled any more.
    const late = await api.gql(`mutation C($id: ID!) { cancelPayoutRun(id: $id) { id } }`, { id });
    expect(late.errors[0].extensions.code).toBe('CONFLICT');
  } finally {
    await api.setPolicy({ minimumCents: 1000, requireApproval: false });
  }
});

test('gift cards pay through the same run, once', async () => {
  const gift = await api.referrer({ type: 'GIFT_CARD', email: 'gift@example.com', name: 'Gia' });
  await api.earnCash(gift, 2500);
  const { run } = await api.runToEnd();
  const payout = payoutIn(run, gift);
  expect(payout).toMatchObject({ method: 'GIFT_CARD', status: 'PAID', amountCents: 2500 });
  expect(api.standIns.giftCards.payments(payout.id)).toHaveLength(1);
});

test("one tenant's key never reaches another's payees, runs or payouts", async () => {
  const victim = await api.referrer(paypal('victim@example.com'));
  await api.earnCash(victim, 2000);
  const { id: runId, run } = await api.runToEnd();
  const payoutId = payoutIn(run, victim).id;
  const other = keyApi(api.gw, await createTestTenant(api.gw.deps.db, 'other'));

  const codes = async (query: string, variables: Record<string, unknown>) =>
    (await other.gql(query, variables)).errors?.[0]?.extensions?.code;
  expect(await codes(`query Q($id: ID!) { payoutRun(id: $id) { id } }`, { id: runId })).toBe('NOT_FOUND');
  expect(await codes(`query Q($id: ID!) { payoutRunCsv(id: $id) }`, { id: runId })).toBe('NOT_FOUND');
  expect(await codes(`mutation C($id: ID!) { cancelPayout(id: $id) { id } }`, { id: payoutId })).toBe(
    'NOT_FOUND',
  );
  expect(await codes(`mutation C($id: ID!) { cancelPayoutRun(id: $id) { id } }`, { id: runId })).toBe(
    'NOT_FOUND',
  );
  expect(
    await codes(`query P($a: ID!) { referrerPayouts(accountId: $a) { payee { accountId } } }`, { a: victim }),
  ).toBe('NOT_FOUND');
  expect(
    await codes(`mutation H($a: ID!) { holdPayee(accountId: $a, held: true) { held } }`, { a: victim }),
  ).toBe('NOT_FOUND');
  expect((await other.gqlOk(`{ payoutRuns { id } }`)).payoutRuns).toEqual([]);
  expect((await other.gqlOk(DUE, {})).payoutsDue.payees).toEqual([]);
  const rest = await other.call('GET', `/open/account/${victim}/user/u-${victim}/payouts`);
  expect(rest.status).toBe(404);
  const change = await other.call(
    'PUT',
    `/open/account/${victim}/user/u-${victim}/payout-method`,
    paypal('thief@example.com'),
  );
  expect(change.status).toBe(404);
  expect((await api.referrerPayouts(victim)).payee.method.masked).toBe('v•••@example.com');
});

async function waitForStatus(id: string, status: string) {
  for (let i = 0; i < 100; i += 1) {
    const run = await api.run(id);
    if (run.status === status) return run;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`run ${id} never reached ${status}`);
}
