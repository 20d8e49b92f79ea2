import fs from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../../../shared/config';
import { payoutRunWorkflowId } from '../../../shared/ids';
import { runScript } from '../../helpers/cli';
import { startPayoutApi, type PayoutApi } from '../../helpers/payouts';

/**
 * docs/payouts.md as a merchant follows it, against the stand-ins: its GraphQL and its server snippet read
 * from the guide and run here, from connecting PayPal to a paid referrer and a clean `ledger:verify`.
 */

const guide = fs.readFileSync(path.join(PROJECT_ROOT, 'docs', 'payouts.md'), 'utf8');
const block = (lang: string, tag: string) =>
  new RegExp('```' + lang + ' ' + tag + '\\n([\\s\\S]*?)```').exec(guide)![1]!;

async function runSnippet<T>(tag: string, names: Record<string, unknown>, result: string): Promise<T> {
  const body = `return (async () => {\n${block('js', tag)}\nreturn ${result};\n})();`;
  const run = new Function(...Object.keys(names), body) as (...args: unknown[]) => Promise<T>;
  return run(...Object.values(names));
}

let api: PayoutApi;
beforeAll(async () => {
  api = await startPayoutApi();
}, 60_000);
afterAll(() => api?.close());

test('docs/payouts.md: connect PayPal, set the policy, a referrer adds PayPal, a run pays them, the ledger verifies', async () => {
  const connected = await api.gqlOk(block('graphql', 'payouts-connect'), {
    paypal: { provider: 'PAYPAL', ...api.paypal },
  });
  expect(connected.connectPayoutProvider).toEqual({
    provider: 'PAYPAL',
    keyHint: `…${api.paypal.secret.slice(-4)}`,
    webhookVerified: true,
  });
  const policy = await api.gqlOk(block('graphql', 'payouts-policy'), {
    input: { minimumCents: 1000, schedule: 'MANUAL', requireApproval: false },
  });
  expect(policy.setPayoutPolicy).toEqual({
    programId: 'default',
    minimumCents: 1000,
    schedule: 'MANUAL',
    requireApproval: false,
  });

  const accountId = await api.referrer();
  const userId = `u-${accountId}`;
  const { payee, onboardingUrl } = await runSnippet<{ payee: any; onboardingUrl: string | null }>(
    'payouts-method',
    { api: `${api.gw.url}/api/v1/${api.tenant.alias}`, accountId, userId, authorization: api.auth },
    '{ payee, onboardingUrl }',
  );
  expect(payee.method).toMatchObject({ type: 'PAYPAL', masked: 'j•••@example.com' });
  expect(onboardingUrl).toBeNull();

  await api.earnCash(accountId, 2600);
  const run = (
    await api.gqlOk(block('graphql', 'payouts-run'), { input: { idempotencyKey: `guide-${accountId}` } })
  ).requestPayoutRun;
  expect(run.workflowId).toBe(payoutRunWorkflowId(api.tenant.alias, run.id));
  await api.gw.deps.temporal.client.workflow.getHandle(run.workflowId).result();
  expect((await api.referrerPayouts(accountId)).balances[0]).toMatchObject({
    availableCents: 0,
    paidOutCents: 2600,
  });

  const verified = await runScript('ledger-verify', ['--alias', api.tenant.alias]);
  expect(verified.code).toBe(0);
  expect(verified.stdout).toMatch(
    new RegExp(`^ledger of ${api.tenant.alias}: \\d+ transactions, \\d+ entries, every invariant holds`),
  );
  for (const name of ['BALANCED', 'REWARDS_MATCH', 'NO_OVERDRAWN_PAYOUT', 'REVERSALS_POINT']) {
    expect(guide).toContain(`\`${name}\``);
  }
});
