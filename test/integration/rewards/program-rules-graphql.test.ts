import fs from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../../../shared/config';
import { PER_FRIEND, THREE_FRIENDS } from '../../helpers/program-rules';
import { startReferralApi, type ReferralApi } from '../../helpers/referrals';

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
