/** simulateProgram as the simulation tests ask for it, and the rows a simulation must not write. */
import type { ReferralApi } from './referrals';

export const SIMULATE = /* GraphQL */ `
  fragment T on SimulationTotal {
    month
    unit
    rewards
    amount
  }
  query ($id: ID, $rules: [ProgramRuleInput!]!, $from: String!, $to: String!) {
    simulateProgram(id: $id, rules: $rules, from: $from, to: $to) {
      from
      to
      conversions
      payments
      events
      rules {
        ruleId
        totals {
          ...T
        }
        given {
          ...T
        }
      }
      wouldGive {
        ...T
      }
      given {
        ...T
      }
    }
  }
`;

/** The tenant's rows in the tables a simulation could write (other test files write theirs meanwhile). */
export async function rowCounts(api: ReferralApi): Promise<number[]> {
  const db = api.gw.deps.db;
  return Promise.all(
    ['rewards', 'referrals', 'rule_occurrences', 'program_rule_versions', 'audit_log'].map(async (table) =>
      Number(
        (await db(table).where({ tenant_id: api.tenantId }).count<{ count: string }[]>('* as count'))[0]!
          .count,
      ),
    ),
  );
}
