/**
 * The ledger (migration 036, shared/domain/ledger): every change to a reward posts one balanced
 * transaction through the rewards' trigger, balances are sums of entries, and `ledger:verify` finds each
 * kind of planted bad row, naming it, with exit code 1 (0 on a consistent ledger).
 */
import crypto from 'node:crypto';
import type { Db } from '../../../shared/db/knex';
import { createDb } from '../../../shared/db/knex';
import { getRewardBalance } from '../../../shared/domain/rewards/reward-balance';
import { createTestTenant } from '../../helpers/harness';
import { runScript } from '../../helpers/cli';
import { ownDatabase } from '../../helpers/own-database';
import { ledgerViolations } from '../../helpers/ledger';

// A database of this file's own: the bad rows planted here must not meet the suite's check after each
// file (test/support/ledger-check.ts), which reads the suite's database.
const database = ownDatabase('ledger');
const verify = (alias: string) =>
  runScript('ledger-verify', ['--alias', alias], 45_000, undefined, { DATABASE_URL: database.url });
let db: Db;
beforeAll(async () => {
  await database.create();
  db = createDb({ url: database.url, poolMax: 4 });
});
afterAll(async () => {
  await db?.destroy();
  await database.drop();
});

async function tenantWithAccount() {
  const { alias } = await createTestTenant(db, 'ledger');
  const tenantId: string = (await db('tenants').where({ alias }).first('id')).id;
  const accountId = `acct-${crypto.randomUUID()}`;
  await db('accounts').insert({ tenant_id: tenantId, id: accountId });
  return { tenantId, alias, accountId };
}

/** A reward by hand (an ADJUSTMENT: no referral needed) in a status; answers its id. */
async function reward(
  t: { tenantId: string; accountId: string },
  amountCents: number,
  columns: Record<string, unknown> = {},
): Promise<string> {
  const [row] = await db('rewards')
    .insert({
      tenant_id: t.tenantId,
      account_id: t.accountId,
      referral_id: null,
      reward_source: 'ADJUSTMENT',
      type: 'CREDIT',
      amount_cents: amountCents,
      unit: 'USD',
      status: 'AVAILABLE',
      ...columns,
    })
    .returning('id');
  return row.id;
}

const transactions = (rewardId: string) =>
  db('ledger_transactions').where({ reward_id: rewardId }).orderBy('id');

async function entries(transactionId: string) {
  const rows = await db('ledger_entries').where({ transaction_id: transactionId });
  return Object.fromEntries(rows.map((e) => [e.book, Number(e.amount)]));
}

test('each change to a reward is one balanced transaction of its kind; balances are the entries summed', async () => {
  const t = await tenantWithAccount();
  const held = await reward(t, 500, { status: 'PENDING', hold_until: db.raw("now() + interval '1 day'") });
  const spent = await reward(t, 1000);
  await db('rewards').where({ id: held }).update({ status: 'AVAILABLE' });
  await db('rewards').where({ id: spent }).update({ redeemed_cents: 400 });
  await db('rewards').where({ id: spent }).update({ status: 'EXPIRED' });
  await db('rewards').where({ id: held }).update({ status: 'CANCELLED' });
  // An update that changes nothing of value posts nothing.
  await db('rewards').where({ id: spent }).update({ explanation: 'a note' });

  expect((await transactions(held)).map((x) => x.kind)).toEqual(['HELD', 'RELEASED', 'CANCELLED']);
  expect((await transactions(spent)).map((x) => x.kind)).toEqual(['ADJUSTED', 'REDEEMED', 'EXPIRED']);
  const [earned, released] = await transactions(held);
  expect(await entries(earned.id)).toEqual({ pending: 500, funding: -500 });
  expect(await entries(released.id)).toEqual({ pending: -500, available: 500 });
  const [, redeemed, expired] = await transactions(spent);
  expect(await entries(redeemed.id)).toEqual({ available: -400, redeemed: 400 });
  expect(await entries(expired.id)).toEqual({ available: -600, expired: 600 });
  expect(earned).toMatchObject({
    tenant_id: t.tenantId,
    account_id: t.accountId,
    unit: 'USD',
    program_id: 'default',
  });

  expect(await getRewardBalance(db, t.tenantId, t.accountId)).toEqual([
    expect.objectContaining({
      unit: 'USD',
      totalAssigned: 400,
      totalRedeemed: 400,
      available: 0,
      pending: 0,
      expired: 600,
    }),
  ]);
  expect(await ledgerViolations(db, t)).toEqual([]);
});

test('a planted bad row breaks its invariant, and ledger:verify prints it and exits 1', async () => {
  const t = await tenantWithAccount();
  const id = await reward(t, 1000);
  const clean = await verify(t.alias);
  expect(clean.code).toBe(0);
  expect(clean.stdout).toMatch(/every invariant holds/);

  // 1. An entry that makes a transaction unbalanced, and the reward's books disagree with its row.
  const [tx] = await transactions(id);
  await db('ledger_entries').where({ transaction_id: tx.id, book: 'available' }).update({ amount: 900 });
  // 2. A payout reservation of more than was available.
  const [payout] = await db('ledger_transactions')
    .insert({
      tenant_id: t.tenantId,
      account_id: t.accountId,
      program_id: 'default',
      unit: 'USD',
      reward_type: 'CASH',
      kind: 'PAYOUT_RESERVED',
      payout_id: crypto.randomUUID(),
    })
    .returning('id');
  await db('ledger_entries').insert([
    { transaction_id: payout.id, book: 'available', amount: -2500 },
    { transaction_id: payout.id, book: 'payout_reserved', amount: 2500 },
  ]);
  // 3. A reversal of a reward the ledger never held.
  const ghost = crypto.randomUUID();
  const [reversal] = await db('ledger_transactions')
    .insert({
      tenant_id: t.tenantId,
      account_id: t.accountId,
      program_id: 'default',
      unit: 'USD',
      reward_type: 'CREDIT',
      kind: 'REVERSED',
      reverses_reward_id: ghost,
    })
    .returning('id');
  await db('ledger_entries').insert([
    { transaction_id: reversal.id, book: 'available', amount: -10 },
    { transaction_id: reversal.id, book: 'funding', amount: 10 },
  ]);

  const found = await ledgerViolations(db, t);
  expect(found).toEqual(
    expect.arrayContaining([
      expect.objectContaining({
        invariant: 'BALANCED',
        transactionId: String(tx.id),
        detail: expect.stringMatching(/sum to -100/),
      }),
      expect.objectContaining({
        invariant: 'REWARDS_MATCH',
        rewardId: id,
        detail: 'book available: the reward holds 1000, its entries sum to 900',
      }),
      expect.objectContaining({
        invariant: 'NO_OVERDRAWN_PAYOUT',
        transactionId: String(payout.id),
        detail: expect.stringMatching(/reserved 2500 USD with 0 available/),
      }),
      expect.objectContaining({
        invariant: 'REVERSALS_POINT',
        transactionId: String(reversal.id),
        detail: expect.stringContaining(ghost),
      }),
    ]),
  );
  expect(found).toHaveLength(4);

  const broken = await verify(t.alias);
  expect(broken.code).toBe(1);
  expect(broken.stdout).toMatch(/4 violation\(s\)/);
  expect(broken.stdout).toContain(`BALANCED\ttransaction=${tx.id}\treward=${id}`);
  expect(broken.stdout).toContain(`NO_OVERDRAWN_PAYOUT\ttransaction=${payout.id}`);
  expect(broken.stdout).toContain(ghost);

  // Another tenant's ledger is its own: these rows break nothing there.
  const other = await tenantWithAccount();
  await reward(other, 300);
  expect(await ledgerViolations(db, other)).toEqual([]);
});

test('a reward deleted with its account nets to zero; a tenant deleted takes its ledger with it', async () => {
  const t = await tenantWithAccount();
  const id = await reward(t, 700);
  await db('rewards').where({ id }).delete();
  expect((await transactions(id)).map((x) => x.kind)).toEqual(['ADJUSTED', 'REMOVED']);
  expect(await ledgerViolations(db, t)).toEqual([]);
  expect(await getRewardBalance(db, t.tenantId, t.accountId)).toEqual([]);
  await db('tenants').where({ id: t.tenantId }).delete();
  expect(await db('ledger_transactions').where({ tenant_id: t.tenantId })).toEqual([]);
});

test('ledger:verify of an unknown tenant is a clear error', async () => {
  const res = await verify('no_such_tenant_here');
  expect(res.code).toBe(1);
  expect(res.stderr).toMatch(/No tenant "no_such_tenant_here"/);
});
