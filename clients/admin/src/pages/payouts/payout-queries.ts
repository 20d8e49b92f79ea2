/**
 * The Payouts pages' GraphQL documents and the shapes they answer (services/gateway/graphql/
 * payouts.graphql.ts): what is due, the runs and their payouts, the payees' holds and tax forms, the
 * policy, the tax threshold and the providers' connections.
 */
import { graphql } from '../../gql';
import type {
  DuePayeeFieldsFragment,
  PayoutFieldsFragment,
  PayoutRunFieldsFragment,
  PayoutRunQuery,
  PayoutSettingsQuery,
  PayoutsDueQuery,
} from '../../gql/graphql';

export type DuePayee = DuePayeeFieldsFragment;
export type PayoutRun = PayoutRunFieldsFragment;
export type PayoutRunDetail = PayoutRunQuery['payoutRun'];
export type Payout = PayoutFieldsFragment;
export type PayoutConnection = PayoutSettingsQuery['payoutConnections'][number];
export type PayoutPolicy = PayoutSettingsQuery['payoutPolicy'];
export type ProgramChoice = PayoutsDueQuery['programs'][number];

graphql(`
  fragment DuePayeeFields on DuePayee {
    accountId
    currency
    programAvailableCents
    availableCents
    payableCents
    blocker
    payee {
      accountId
      method {
        type
        masked
      }
      taxFormReceived
      taxCountry
      held
      heldReason
    }
    reasons {
      rewardId
      amountCents
      currency
      ruleId
      explanation
      dateGiven
    }
  }
`);

graphql(`
  fragment PayoutRunFields on PayoutRun {
    id
    programId
    status
    trigger
    requestedBy
    approvedBy
    payees
    createdAt
    approvedAt
    finishedAt
    workflowId
    workflowUrl
  }
`);

graphql(`
  fragment PayoutFields on Payout {
    id
    accountId
    method
    amountCents
    currency
    status
    providerRef
    providerMessage
    createdAt
    sentAt
    settledAt
  }
`);

/** The due list of a program (the default one without programId), and the programs to choose from. */
export const PAYOUTS_DUE = graphql(`
  query PayoutsDue($programId: ID, $after: ID, $first: Int) {
    programs {
      id
      name
      isDefault
      archivedAt
    }
    payoutsDue(programId: $programId, after: $after, first: $first) {
      payees {
        ...DuePayeeFields
      }
      next
    }
    payoutPolicy(programId: $programId) {
      programId
      minimumCents
      requireApproval
    }
  }
`);

export const PAYOUT_RUNS = graphql(`
  query PayoutRuns($first: Int) {
    programs {
      id
      name
      isDefault
      archivedAt
    }
    payoutRuns(first: $first) {
      ...PayoutRunFields
    }
  }
`);

export const PAYOUT_RUN = graphql(`
  query PayoutRun($id: ID!) {
    payoutRun(id: $id) {
      ...PayoutRunFields
      payouts {
        ...PayoutFields
      }
    }
  }
`);

export const PAYOUT_RUN_CSV = graphql(`
  query PayoutRunCsv($id: ID!) {
    payoutRunCsv(id: $id)
  }
`);

export const PAYOUT_SETTINGS = graphql(`
  query PayoutSettings($programId: ID) {
    programs {
      id
      name
      isDefault
      archivedAt
    }
    payoutPolicy(programId: $programId) {
      programId
      minimumCents
      schedule
      requireApproval
    }
    payoutTaxThreshold
    payoutConnections {
      provider
      keyHint
      webhookVerified
      connectedAt
    }
  }
`);

export const REQUEST_PAYOUT_RUN = graphql(`
  mutation RequestPayoutRun($input: PayoutRunInput) {
    requestPayoutRun(input: $input) {
      ...PayoutRunFields
    }
  }
`);

export const APPROVE_PAYOUT_RUN = graphql(`
  mutation ApprovePayoutRun($id: ID!) {
    approvePayoutRun(id: $id) {
      ...PayoutRunFields
    }
  }
`);

export const CANCEL_PAYOUT_RUN = graphql(`
  mutation CancelPayoutRun($id: ID!) {
    cancelPayoutRun(id: $id) {
      ...PayoutRunFields
    }
  }
`);

export const CANCEL_PAYOUT = graphql(`
  mutation CancelPayout($id: ID!) {
    cancelPayout(id: $id) {
      id
      status
    }
  }
`);

export const HOLD_PAYEE = graphql(`
  mutation HoldPayee($accountId: ID!, $held: Boolean!, $reason: String) {
    holdPayee(accountId: $accountId, held: $held, reason: $reason) {
      accountId
      held
      heldReason
    }
  }
`);

export const SET_TAX_STATUS = graphql(`
  mutation SetPayeeTaxStatus($accountId: ID!, $status: PayeeTaxStatusInput!) {
    setPayeeTaxStatus(accountId: $accountId, status: $status) {
      accountId
      taxFormReceived
      taxCountry
    }
  }
`);

export const SET_POLICY = graphql(`
  mutation SetPayoutPolicy($input: PayoutPolicyInput!) {
    setPayoutPolicy(input: $input) {
      programId
      minimumCents
      schedule
      requireApproval
    }
  }
`);

export const SET_TAX_THRESHOLD = graphql(`
  mutation SetPayoutTaxThreshold($thresholdCents: Int) {
    setPayoutTaxThreshold(thresholdCents: $thresholdCents)
  }
`);

export const CONNECT_PAYOUT_PROVIDER = graphql(`
  mutation ConnectPayoutProvider($input: PayoutConnectionInput!) {
    connectPayoutProvider(input: $input) {
      provider
      keyHint
      webhookVerified
      connectedAt
    }
  }
`);
