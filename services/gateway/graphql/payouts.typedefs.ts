/** The payouts part of the GraphQL schema (payouts.graphql.ts resolves it). */
export const payoutsTypeDefs = /* GraphQL */ `
  enum PayoutMethodType {
    PAYPAL
    STRIPE_CONNECT
    GIFT_CARD
  }
  enum PayoutSchedule {
    MANUAL
    WEEKLY
    MONTHLY
  }
  enum PayoutRunStatus {
    RESERVING
    AWAITING_APPROVAL
    SENDING
    SETTLING
    COMPLETED
    CANCELLED
  }
  enum PayoutStatus {
    RESERVED
    SENT
    PAID
    FAILED
    RETURNED
    UNCLAIMED
    CANCELLED
  }
  "Why a referrer with cash is not paid now."
  enum PayoutBlocker {
    NO_METHOD
    HELD
    BELOW_MINIMUM
    "Their balance is below zero: a refund or chargeback reversed a reward already paid out (a clawback)."
    NEGATIVE_BALANCE
    "Paid this year would pass the tenant's threshold and no tax form was received."
    TAX_FORM_NEEDED
  }
  "A payee's method as it may be shown: the details are sealed and never answered."
  type PayoutMethod {
    type: PayoutMethodType!
    "e.g. j•••@example.com, acct_…1234"
    masked: String!
    updatedAt: String!
  }
  type Payee {
    accountId: ID!
    method: PayoutMethod
    taxFormReceived: Boolean!
    taxCountry: String
    held: Boolean!
    heldReason: String
  }
  "A reward behind what a referrer is owed."
  type PayoutReason {
    rewardId: ID!
    amountCents: Float!
    currency: String!
    ruleId: String
    explanation: String
    dateGiven: String!
  }
  type DuePayee {
    accountId: ID!
    currency: String!
    programAvailableCents: Float!
    "In all programs; below zero, a clawback owed."
    availableCents: Float!
    "What a run would pay now (0 when blocked)."
    payableCents: Float!
    blocker: PayoutBlocker
    payee: Payee!
    reasons: [PayoutReason!]!
  }
  type PayoutsDue {
    payees: [DuePayee!]!
    "Pass as after for the next page; null on the last."
    next: ID
  }
  type Payout {
    id: ID!
    runId: ID!
    accountId: ID!
    programId: ID!
    method: PayoutMethodType!
    amountCents: Float!
    currency: String!
    status: PayoutStatus!
    "The provider's id of the payment (PayPal item, Stripe transfer, gift-card order)."
    providerRef: String
    "The provider's own words on a failure, return or unclaimed payout."
    providerMessage: String
    createdAt: String!
    sentAt: String
    settledAt: String
  }
  type PayoutRunTotal {
    status: PayoutStatus!
    count: Int!
    amountCents: Float!
  }
  type PayoutRun {
    id: ID!
    programId: ID!
    status: PayoutRunStatus!
    trigger: String!
    requestedBy: String!
    approvedBy: String
    payees: Int!
    createdAt: String!
    approvedAt: String
    finishedAt: String
    "The run's workflow id in Temporal's UI."
    workflowId: String!
    "The run's workflow in Temporal's Web UI (TEMPORAL_UI_URL)."
    workflowUrl: String!
    "The run's payouts (read when asked for)."
    payouts: [Payout!]!
    "Its payouts counted and summed by status (read when asked for)."
    totals: [PayoutRunTotal!]!
  }
  type PayoutPolicy {
    programId: ID!
    minimumCents: Float!
    schedule: PayoutSchedule!
    requireApproval: Boolean!
  }
  type PayoutConnection {
    provider: PayoutMethodType!
    keyHint: String!
    webhookVerified: Boolean!
    connectedAt: String!
  }
  "A referrer's cash in one currency, from the ledger."
  type CashBalance {
    currency: String!
    "Below zero: a clawback owed back from later earnings."
    availableCents: Float!
    pendingCents: Float!
    inFlightCents: Float!
    paidOutCents: Float!
  }
  type ReferrerPayouts {
    payee: Payee!
    balances: [CashBalance!]!
    payouts: [Payout!]!
  }
  type PayoutMethodResult {
    payee: Payee!
    "Stripe Connect: the onboarding link the referrer follows; null otherwise."
    onboardingUrl: String
  }
  input PayoutMethodInput {
    type: PayoutMethodType!
    email: String!
    "GIFT_CARD: the recipient's name."
    name: String
    "STRIPE_CONNECT: ISO 3166 country."
    country: String
  }
  input PayeeTaxStatusInput {
    formReceived: Boolean!
    country: String
  }
  input PayoutRunInput {
    programId: ID
    "A retried request with the same key answers the same run."
    idempotencyKey: String
  }
  input PayoutPolicyInput {
    programId: ID
    minimumCents: Int!
    schedule: PayoutSchedule!
    requireApproval: Boolean!
  }
  input PayoutConnectionInput {
    provider: PayoutMethodType!
    "PAYPAL"
    clientId: String
    "PAYPAL"
    secret: String
    "PAYPAL: the webhook's id, to verify its deliveries."
    webhookId: String
    "GIFT_CARD"
    apiKey: String
    "GIFT_CARD: the provider's campaign the cards are ordered from."
    campaignId: String
    "GIFT_CARD: the webhook's signing key."
    webhookSecret: String
  }
  extend type Query {
    "What is due in a program, by payee, with what blocks each and the rewards behind it."
    payoutsDue(programId: ID, after: ID, first: Int): PayoutsDue!
    "The tenant's payout runs, newest first."
    payoutRuns(first: Int): [PayoutRun!]!
    payoutRun(id: ID!): PayoutRun!
    "The run's payouts as CSV (RFC 4180, cells a spreadsheet would run as formulas neutralised)."
    payoutRunCsv(id: ID!): String!
    payoutPolicy(programId: ID): PayoutPolicy!
    payoutConnections: [PayoutConnection!]!
    "Yearly total (minor units, per currency) above which a payee without a tax form waits; null: none."
    payoutTaxThreshold: Float
    referrerPayouts(accountId: ID!): ReferrerPayouts!
  }
  extend type Mutation {
    "OWNER, ADMIN or the API key. Reserves the program's due balances and starts the run's workflow."
    requestPayoutRun(input: PayoutRunInput): PayoutRun!
    "OWNER or ADMIN signed in (never an API key). Sends a run awaiting approval."
    approvePayoutRun(id: ID!): PayoutRun!
    "OWNER, ADMIN or the API key. Cancels a run not sent yet; its reservations go back to the balances."
    cancelPayoutRun(id: ID!): PayoutRun!
    "OWNER, ADMIN or the API key. Cancels one payout of a run not sent yet."
    cancelPayout(id: ID!): Payout!
    "OWNER, ADMIN or the API key. A held payee is paid nothing until released."
    holdPayee(accountId: ID!, held: Boolean!, reason: String): Payee!
    setPayeeTaxStatus(accountId: ID!, status: PayeeTaxStatusInput!): Payee!
    setPayoutMethod(accountId: ID!, method: PayoutMethodInput!): PayoutMethodResult!
    setPayoutPolicy(input: PayoutPolicyInput!): PayoutPolicy!
    setPayoutTaxThreshold(thresholdCents: Int): Float
    connectPayoutProvider(input: PayoutConnectionInput!): PayoutConnection!
  }
`;
