/** The rule editor's GraphQL documents: the rules in force, every version, and publishing a new one. */
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

export const PROGRAM_RULES = graphql(`
  query ProgramRules {
    program {
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
  mutation PublishRules($rules: [ProgramRuleInput!]!) {
    updateProgram(input: { rules: $rules }) {
      ruleVersion
    }
  }
`);
