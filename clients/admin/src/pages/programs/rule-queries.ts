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
