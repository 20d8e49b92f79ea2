import fs from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../../../shared/config';
import { PER_FRIEND, THREE_FRIENDS } from '../../helpers/program-rules';
import { identifyReferrer, startReferralApi, uid, type ReferralApi } from '../../helpers/referrals';

let api: ReferralApi;
beforeAll(async () => {
  api = await startReferralApi();
});
afterAll(async () => {
  await api?.close();
});

describe('GraphQL: updateProgram publishes rules, Program reads them', () => {
  const PROGRAM_RULES = /* GraphQL */ `
    query {
      program {
        name
        ruleVersion
        rules {
          id
          name
          trigger {
            type
            conversions
            forMonths
          }
          recipient
          reward {
            type
            discountPercent
            amountCents
            unit
          }
          tiers {
            fromConversions
            toConversions
            reward {
              type
              amountCents
              unit
            }
          }
          limits {
            period
            maxCount
            maxAmountCents
          }
          eligibility {
            newCustomersOnly
            minSubscriptionValueCents
          }
        }
        ruleVersions {
          version
          publishedBy
          publishedAt
          rules {
            id
          }
        }
      }
    }
  `;
  const UPDATE = /* GraphQL */ `
    mutation ($input: ProgramInput!) {
      updateProgram(input: $input) {
        name
        ruleVersion
      }
    }
  `;

  test('rules in, the same rules out, as the next version; a refused rule writes nothing', async () => {
    const tenant = await startReferralApi();
    try {
      const before = await tenant.gqlOk(PROGRAM_RULES);
      expect(before.program).toMatchObject({ ruleVersion: null, rules: [], ruleVersions: [] });

      const input = {
        name: 'Friends of the shop',
        rules: [
          { ...PER_FRIEND, tiers: [{ ...PER_FRIEND.tiers[0], toConversions: 4 }, PER_FRIEND.tiers[1]] },
          THREE_FRIENDS,
        ],
      };
      const updated = await tenant.gqlOk(UPDATE, { input });
      expect(updated.updateProgram).toEqual({ name: 'Friends of the shop', ruleVersion: 1 });
      const read = (await tenant.gqlOk(PROGRAM_RULES)).program;
      expect(read.rules.map((r: { id: string }) => r.id)).toEqual(['per-friend', 'three-friends']);
      expect(read.rules[0]).toMatchObject({
        trigger: { type: 'CONVERSION', conversions: null },
        reward: null,
        tiers: [
          {
            fromConversions: 1,
            toConversions: 4,
            reward: { type: 'CREDIT', amountCents: 1000, unit: 'USD' },
          },
          { fromConversions: 5, toConversions: null, reward: { type: 'CREDIT', amountCents: 2000 } },
        ],
        limits: [{ period: 'YEAR', maxCount: null, maxAmountCents: 50_000 }],
        eligibility: { newCustomersOnly: null },
      });
      expect(read.rules[1]).toMatchObject({
        trigger: { type: 'MILESTONE', conversions: 3 },
        reward: { discountPercent: 100 },
      });
      expect(read.ruleVersions).toEqual([
        {
          version: 1,
          publishedBy: expect.stringMatching(/^API key /),
          publishedAt: expect.any(Number),
          rules: [{ id: 'per-friend' }, { id: 'three-friends' }],
        },
      ]);

      const refused = await tenant.gql(UPDATE, {
        input: {
          name: 'Not saved',
          rules: [{ ...THREE_FRIENDS, reward: { type: 'PCT_DISCOUNT', discountPercent: 150 } }],
        },
      });
      expect(refused.errors[0].extensions.validationErrors).toEqual([
        { path: 'input.rules.0.reward.discountPercent', message: expect.stringMatching(/100/) },
      ]);
      const after = (await tenant.gqlOk(PROGRAM_RULES)).program;
      expect(after).toMatchObject({ name: 'Friends of the shop', ruleVersion: 1 });

      // Another tenant (this file's other one) sees its own program only: none of these rules.
      expect((await api.gqlOk(PROGRAM_RULES)).program).toMatchObject({
        ruleVersion: null,
        rules: [],
        ruleVersions: [],
      });
      const audit = await tenant.gw.deps
        .db('audit_log')
        .where({ tenant_id: tenant.tenantId, action: 'updateProgram' });
      expect(audit).toHaveLength(1);
      expect(audit[0].details.input.rules).toHaveLength(2);
    } finally {
      await tenant.close();
    }
  });

  test("docs/programs.md's mutation publishes its milestone rule", async () => {
    const guide = fs.readFileSync(path.join(PROJECT_ROOT, 'docs', 'programs.md'), 'utf8');
    const mutation = /```graphql\n([\s\S]*?)```/.exec(guide)![1]!;
    expect(await api.gqlOk(mutation)).toEqual({ updateProgram: { ruleVersion: 1 } });
    const { program } = await api.gqlOk('{ program { rules { id trigger { type conversions } } } }');
    expect(program.rules).toEqual([{ id: 'three-friends', trigger: { type: 'MILESTONE', conversions: 3 } }]);
  });
});

describe('explainRewards(referralId)', () => {
  const EXPLAIN = /* GraphQL */ `
    query ($id: ID!) {
      explainRewards(referralId: $id) {
        ruleId
        ruleName
        recipient
        outcome
        rewardId
        rewardStatus
        text
      }
    }
  `;

  test('each rule of the version: what it gave and where it stands, or why it gave nothing', async () => {
    const tenant = await startReferralApi();
    try {
      const db = tenant.gw.deps.db;
      await tenant.gqlOk(
        `mutation ($input: ProgramInput!) { updateProgram(input: $input) { ruleVersion } }`,
        { input: { rewardHoldDays: 14, rules: [PER_FRIEND, THREE_FRIENDS] } },
      );
      const r = await identifyReferrer(tenant, 'Ines');
      const friend = uid('acct-f');
      expect((await tenant.identify(friend, uid('user'), { referredByCode: r.code })).status).toBe(200);
      const { id: referralId } = await db('referrals')
        .where({ tenant_id: tenant.tenantId, referred_account_id: friend })
        .first('id');

      const before = (await tenant.gqlOk(EXPLAIN, { id: referralId })).explainRewards;
      expect(before.map((e: Record<string, unknown>) => [e.ruleId, e.outcome])).toEqual([
        ['per-friend', 'NOT_GRANTED'],
        ['three-friends', 'NOT_GRANTED'],
      ]);
      expect(before[0].text).toMatch(/gave nothing yet: the referral has not converted/);
      expect(before[1].text).toMatch(/has 0 of the 3 converted referrals it needs/);

      const paid = await tenant.call('PUT', `/open/account/${friend}/user/u-pay`, { accountStatus: 'PAID' });
      expect(paid.status).toBe(200);
      const after = (await tenant.gqlOk(EXPLAIN, { id: referralId })).explainRewards;
      expect(after[0]).toMatchObject({
        ruleId: 'per-friend',
        recipient: 'REFERRER',
        outcome: 'GRANTED',
        rewardId: expect.any(String),
        rewardStatus: 'PENDING',
      });
      expect(after[0].text).toMatch(
        /gave the referrer 10.00 USD of credit \(tier 1: from conversion 1\): the referral converted on \d{4}-\d\d-\d\d\. It is held until \d{4}-\d\d-\d\d\./,
      );
      expect(after[1].text).toMatch(/has 1 of the 3 converted referrals it needs/);

      // Another tenant's referral is not found, and says nothing about it.
      const foreign = await api.gql(EXPLAIN, { id: referralId });
      expect(foreign.errors[0].extensions.apiErrorCode ?? foreign.errors[0].extensions.code).toBe(
        'NOT_FOUND',
      );
      const bad = await tenant.gql(EXPLAIN, { id: 'not-an-id' });
      expect(bad.errors[0].extensions.validationErrors).toEqual([
        { path: 'referralId', message: 'must be a referral id' },
      ]);
    } finally {
      await tenant.close();
    }
  });

  test("a referral made before any rules: the program's fixed rewards", async () => {
    const r = await identifyReferrer(api, 'Fixa');
    const friend = uid('acct-f');
    expect((await api.identify(friend, uid('user'), { referredByCode: r.code })).status).toBe(200);
    const { id } = await api.gw.deps
      .db('referrals')
      .where({ tenant_id: api.tenantId, referred_account_id: friend })
      .first('id');
    await api.gw.deps.db('referrals').where({ id }).update({ rule_version: null });
    const explained = (await api.gqlOk(EXPLAIN, { id })).explainRewards;
    expect(explained.map((e: Record<string, unknown>) => [e.recipient, e.outcome])).toEqual([
      ['REFERRED', 'GRANTED'],
      ['REFERRER', 'NOT_GRANTED'],
    ]);
    expect(explained[1].text).toMatch(/when the referral converts; it has not yet/);
  });
});
