/**
 * The rule editor's GraphQL documents: the rules in force, every version, publishing a new one, and
 * simulating a draft.
 */
import { graphql } from '../../gql';

export const RULE_FIELDS = graphql(`
  fragment RuleFields on ProgramRule {
    id
    name
    trigger {
      type
      forMonths
      eventKey
      field
      atLeast
      conversions
    }
    recipient
    reward {
      type
      discountPercent
      amountCents
      unit
      currency
      percentOfPayment
    }
    tiers {
      fromConversions
      toConversions
      reward {
        type
        discountPercent
        amountCents
        unit
        currency
        percentOfPayment
      }
    }
    limits {
      period
      maxCount
      maxAmountCents
    }
    eligibility {
      minSubscriptionValueCents
      newCustomersOnly
    }
  }
`);

/** `id`: a program's id; without one, the default program. */
export const PROGRAM_RULES = graphql(`
  query ProgramRules($id: ID) {
    program(id: $id) {
      id
      name
      isDefault
      ruleVersion
      rules {
        ...RuleFields
      }
      ruleVersions {
        version
        publishedBy
        publishedAt
        rules {
          ...RuleFields
        }
      }
    }
  }
`);

export const PUBLISH_RULES = graphql(`
  mutation PublishRules($id: ID, $rules: [ProgramRuleInput!]!) {
    updateProgram(id: $id, input: { rules: $rules }) {
      ruleVersion
    }
  }
`);

/** A month's rewards in a unit: a document spreads it by name, and codegen adds it to it. */
export const SIMULATION_TOTAL = graphql(`
  fragment SimulationTotalFields on SimulationTotal {
    month
    unit
    rewards
    amount
  }
`);

/** The draft replayed over a period's recorded conversions, payments and events (nothing is written). */
export const SIMULATE_RULES = graphql(`
  query SimulateRules($id: ID, $rules: [ProgramRuleInput!]!, $from: String!, $to: String!) {
    simulateProgram(id: $id, rules: $rules, from: $from, to: $to) {
      from
      to
      conversions
      payments
      events
      rules {
        ruleId
        ruleName
        totals {
          ...SimulationTotalFields
        }
        given {
          ...SimulationTotalFields
        }
      }
      wouldGive {
        ...SimulationTotalFields
      }
      given {
        ...SimulationTotalFields
      }
    }
  }
`);
