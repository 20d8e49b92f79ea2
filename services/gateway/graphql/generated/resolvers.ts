import type { GraphQLResolveInfo, GraphQLScalarType, GraphQLScalarTypeConfig } from 'graphql';
import type { AccountParent, ReferralParent, ReferralDetailParent, ProgramParent, PayoutRunParent } from '../parents';
import type { GraphQLContext } from '../context';
export type Maybe<T> = T | null;
export type InputMaybe<T> = Maybe<T>;
export type Omit<T, K extends keyof T> = Pick<T, Exclude<keyof T, K>>;
export type RequireFields<T, K extends keyof T> = Omit<T, K> & { [P in K]-?: NonNullable<T[P]> };
/** All built-in and custom scalars, mapped to their actual values */
export type Scalars = {
  ID: { input: string; output: string; }
  String: { input: string; output: string; }
  Boolean: { input: boolean; output: boolean; }
  Int: { input: number; output: number; }
  Float: { input: number; output: number; }
  /** A point in time as whole milliseconds since 1970-01-01T00:00:00Z. */
  EpochMillis: { input: number; output: number; }
  /** Any JSON value. */
  JSON: { input: unknown; output: unknown; }
};

export type Account = {
  __typename?: 'Account';
  currency: Scalars['String']['output'];
  dateCreated: Scalars['EpochMillis']['output'];
  id: Scalars['String']['output'];
  paymentProviderId?: Maybe<Scalars['String']['output']>;
  /** The 20 newest events of the account's users, newest first. */
  recentEvents: Array<UserEvent>;
  /** Referrals this account made. */
  referrals: Array<Referral>;
  /** The referral that brought this account, if any. */
  referredBy?: Maybe<Referral>;
  rewards: Array<Reward>;
  subscription?: Maybe<Subscription>;
  users: Array<AccountUser>;
};

/** A hand action on an account or a user: who, when, why, and what it did. */
export type AccountActionEntry = {
  __typename?: 'AccountActionEntry';
  accountId: Scalars['String']['output'];
  /** An operator's e-mail, or api for an API key. */
  actor: Scalars['String']['output'];
  at: Scalars['EpochMillis']['output'];
  id: Scalars['ID']['output'];
  kind: AccountActionKind;
  reason: Scalars['String']['output'];
  summary: Scalars['String']['output'];
  userId?: Maybe<Scalars['String']['output']>;
};

export type AccountActionKind =
  | 'ADJUST_CREDIT'
  | 'CHANGE_SHARE_CODE'
  | 'DELETE_USER'
  | 'REDEEM_CREDIT'
  | 'UPDATE_USER';

export type AccountActionResult = {
  __typename?: 'AccountActionResult';
  /** The account as it now is; null once deleteUser deleted it. */
  account?: Maybe<Account>;
  /** deleteUser: whether the account, left without users, went too. */
  accountDeleted: Scalars['Boolean']['output'];
  action: AccountActionEntry;
  /** The account's credit per unit now. */
  balance: Array<RewardBalance>;
  outcome: ActionOutcome;
  /** adjustCredit: the ADJUSTMENT reward it made. */
  reward?: Maybe<Reward>;
  /** The user acted on, as it now is; null for credit actions and once deleted. */
  user?: Maybe<AccountUser>;
};

export type AccountPage = {
  __typename?: 'AccountPage';
  /** Pass as after for the next page. */
  endCursor?: Maybe<Scalars['String']['output']>;
  hasNextPage: Scalars['Boolean']['output'];
  items: Array<AccountSummary>;
};

/** An account in the portal's list. */
export type AccountSummary = {
  __typename?: 'AccountSummary';
  dateCreated: Scalars['EpochMillis']['output'];
  /** The first user's e-mail. */
  email?: Maybe<Scalars['String']['output']>;
  id: Scalars['String']['output'];
  /** The first user's full name, among users that have a name. */
  name?: Maybe<Scalars['String']['output']>;
  referralsMade: Scalars['Int']['output'];
  userCount: Scalars['Int']['output'];
};

export type AccountUser = {
  __typename?: 'AccountUser';
  email?: Maybe<Scalars['String']['output']>;
  firstName?: Maybe<Scalars['String']['output']>;
  id: Scalars['String']['output'];
  lastName?: Maybe<Scalars['String']['output']>;
  shareCode?: Maybe<Scalars['String']['output']>;
  /** The share code's public link /r/{tenant}/{code}; null without a code. */
  shareLink?: Maybe<Scalars['String']['output']>;
};

export type ActionOutcome =
  /** Applied before with the same idempotencyKey (sent or derived): nothing changed now. */
  | 'ALREADY_APPLIED'
  /** Applied by this call. */
  | 'APPLIED';

/** One of the tenant's API keys, by its prefix (the key itself is never shown again). */
export type ApiKey = {
  __typename?: 'ApiKey';
  /** An MCP key's agent may ask for changes, each a pending action an OWNER or ADMIN approves; false otherwise. */
  allowChanges: Scalars['Boolean']['output'];
  /** Who minted it: cli:<command>, operator:<e-mail> or apiKey:<prefix>; null for keys older than scopes. */
  createdBy?: Maybe<Scalars['String']['output']>;
  dateCreated: Scalars['EpochMillis']['output'];
  /** Set once revoked; a revoked key is refused everywhere. */
  dateRevoked?: Maybe<Scalars['EpochMillis']['output']>;
  id: Scalars['ID']['output'];
  /** The key's first 16 characters, e.g. rsk_live_AbCdEfG. */
  prefix: Scalars['String']['output'];
  purpose: ApiKeyPurpose;
  scopes: Array<ApiKeyScope>;
};

/** API: the REST and GraphQL API. MCP: an AI agent's key, only for the MCP endpoint (docs/mcp.md). */
export type ApiKeyPurpose =
  | 'API'
  | 'MCP';

/** What a key may do beyond the integration API. */
export type ApiKeyScope =
  /** Create and revoke API keys (with at most its own scopes). */
  | 'KEYS'
  /** Invite operators, change roles, remove operators (never with a test-mode key). */
  | 'TEAM';

export type AttributionSource =
  | 'CODE'
  | 'COOKIE'
  | 'PROCESSOR';

/** Who made an audited change. */
export type AuditActorKind =
  | 'ANONYMOUS'
  | 'API_KEY'
  | 'CLI'
  | 'OPERATOR'
  | 'SFTP'
  | 'SYSTEM'
  | 'USER';

/** One change or sign-in, whoever made it: who, when, from where, what (secrets redacted). */
export type AuditEntry = {
  __typename?: 'AuditEntry';
  action: Scalars['String']['output'];
  actorKind: AuditActorKind;
  /** An API key's prefix, a user id, an SFTP key's fingerprint, the CLI command; null for an operator. */
  actorLabel?: Maybe<Scalars['String']['output']>;
  at: Scalars['EpochMillis']['output'];
  /** The client's address (TRUSTED_PROXIES decide whether X-Forwarded-For is believed). */
  clientAddress?: Maybe<Scalars['String']['output']>;
  details: Scalars['JSON']['output'];
  id: Scalars['ID']['output'];
  /** The operator who made it; null when another principal did (see actorKind and actorLabel). */
  operatorEmail?: Maybe<Scalars['String']['output']>;
  /** The entry as a sentence, e.g. 'ana@acme.example approved 2 referrals: duplicate check done'. */
  sentence: Scalars['String']['output'];
  target?: Maybe<Scalars['String']['output']>;
  userAgent?: Maybe<Scalars['String']['output']>;
};

export type AuditLogPage = {
  __typename?: 'AuditLogPage';
  /** Pass as after for the next page. */
  endCursor?: Maybe<Scalars['ID']['output']>;
  entries: Array<AuditEntry>;
  hasNextPage: Scalars['Boolean']['output'];
};

/** How the browser library is put on the merchant's pages, and what the service saw of it. */
export type BrowserIntegration = {
  __typename?: 'BrowserIntegration';
  /** When the first browser call arrived (a user-JWT call from a page, or the library's settings fetch); null: none yet. */
  firstBrowserCallAt?: Maybe<Scalars['EpochMillis']['output']>;
  /** Minting a user JWT on the merchant's server (Node); the API key comes from REFERRAL_API_KEY, never printed. */
  jwtSnippet: Scalars['String']['output'];
  /** Origins refused in the last 30 days that are still not allowed, most recent first (at most 50). */
  refusedOrigins: Array<RefusedOrigin>;
  /** The exact script tag for this tenant, with data-tenant. */
  scriptTag: Scalars['String']['output'];
  /** The browser library's content-hashed URL under PUBLIC_URL. */
  scriptUrl: Scalars['String']['output'];
  /** The referrer widget on a page (after the script tag). */
  widgetSnippet: Scalars['String']['output'];
};

export type BulkReferralActionInput = {
  action: BulkReferralActionKind;
  /** Each row is applied once under a key derived from this one and its id (derived from the call when absent). */
  idempotencyKey?: InputMaybe<Scalars['String']['input']>;
  /** 1 to 500 ids: referrals for CANCEL, GRANT_REWARD and NOTE; rewards for VOID_REWARD and MARK_FULFILLED. */
  ids: Array<Scalars['ID']['input']>;
  reason: Scalars['String']['input'];
  /** MARK_FULFILLED: the payment's reference. */
  reference?: InputMaybe<Scalars['String']['input']>;
  reward?: InputMaybe<ManualRewardInput>;
  /** GRANT_REWARD: the side and the reward. */
  side?: InputMaybe<ReferralSide>;
};

export type BulkReferralActionKind =
  | 'CANCEL'
  | 'GRANT_REWARD'
  | 'MARK_FULFILLED'
  | 'NOTE'
  | 'VOID_REWARD';

export type BulkRowOutcome =
  | 'ALREADY_APPLIED'
  | 'APPLIED'
  /** Not a referral or reward of this tenant. */
  | 'NOT_FOUND'
  /** The state rules refused it (message and problem say why). */
  | 'REFUSED';

export type BulkRowResult = {
  __typename?: 'BulkRowResult';
  id: Scalars['ID']['output'];
  message?: Maybe<Scalars['String']['output']>;
  outcome: BulkRowOutcome;
  problem?: Maybe<Scalars['String']['output']>;
};

/** A referrer's cash in one currency, from the ledger. */
export type CashBalance = {
  __typename?: 'CashBalance';
  /** Below zero: a clawback owed back from later earnings. */
  availableCents: Scalars['Float']['output'];
  currency: Scalars['String']['output'];
  inFlightCents: Scalars['Float']['output'];
  paidOutCents: Scalars['Float']['output'];
  pendingCents: Scalars['Float']['output'];
};

/** Each processor's own fields: Braintree merchantId, publicKey and privateKey; Stripe secretKey (and webhookSecret for an endpoint registered by hand). */
export type ConnectPaymentProcessorInput = {
  /** Braintree. */
  merchantId?: InputMaybe<Scalars['String']['input']>;
  /** Braintree. Encrypted at rest and never returned. */
  privateKey?: InputMaybe<Scalars['String']['input']>;
  processor: PaymentProcessorKind;
  /** Braintree. */
  publicKey?: InputMaybe<Scalars['String']['input']>;
  /** Stripe: a secret (sk_…) or restricted (rk_…) key of the tenant's mode (test keys for a test_ tenant). Encrypted at rest and never returned. */
  secretKey?: InputMaybe<Scalars['String']['input']>;
  /** Stripe: the signing secret (whsec_…) of an endpoint the merchant registered by hand; without it we create the endpoint. Encrypted at rest and never returned. */
  webhookSecret?: InputMaybe<Scalars['String']['input']>;
};

export type CreateWebhookEndpointInput = {
  /** At most 500 characters. */
  description?: InputMaybe<Scalars['String']['input']>;
  /** Event type names (see webhookEventTypes); empty or omitted: every type. */
  eventTypes?: InputMaybe<Array<Scalars['String']['input']>>;
  /** https URL (http only where WEBHOOK_ALLOW_HTTP is set); private and loopback hosts are refused. */
  url: Scalars['String']['input'];
};

/** A new key, shown this once: store it now. */
export type CreatedApiKey = {
  __typename?: 'CreatedApiKey';
  allowChanges: Scalars['Boolean']['output'];
  createdBy?: Maybe<Scalars['String']['output']>;
  dateCreated: Scalars['EpochMillis']['output'];
  id: Scalars['ID']['output'];
  key: Scalars['String']['output'];
  prefix: Scalars['String']['output'];
  purpose: ApiKeyPurpose;
  scopes: Array<ApiKeyScope>;
};

/** A new endpoint and its signing secret, shown this once: store it now. */
export type CreatedWebhookEndpoint = {
  __typename?: 'CreatedWebhookEndpoint';
  endpoint: WebhookEndpoint;
  id: Scalars['ID']['output'];
  /** whsec_ followed by base64: verify deliveries with it (Standard Webhooks). */
  secret: Scalars['String']['output'];
};

export type CreditAmount = {
  __typename?: 'CreditAmount';
  /** In the unit's cents, as reward amounts are (amountCents). */
  amount: Scalars['Float']['output'];
  unit: Scalars['String']['output'];
};

export type DailyPoint = {
  __typename?: 'DailyPoint';
  clicks: Scalars['Int']['output'];
  converted: Scalars['Int']['output'];
  /** YYYY-MM-DD (UTC) */
  date: Scalars['String']['output'];
  started: Scalars['Int']['output'];
};

export type Dashboard = {
  __typename?: 'Dashboard';
  /** Share-link visits in the range. */
  clicks: Scalars['Int']['output'];
  /** referralsConverted / referralsStarted, 0 without starts, at most 1. */
  conversionRate: Scalars['Float']['output'];
  /** Now, for the whole tenant: available credit minus what was redeemed of it, per unit. */
  creditOutstanding: Array<CreditAmount>;
  /** One entry per day of the range, ascending, zeros included. */
  daily: Array<DailyPoint>;
  from: Scalars['String']['output'];
  /** The top 10 referrers of the range by conversions, then referrals started. */
  leaderboard: Array<LeaderboardEntry>;
  /** Operator numbers: attribution sources, rewards per side, revenue, reward cost and return. */
  numbers: DashboardNumbers;
  /** Referrals converted (paid) in the range. */
  referralsConverted: Scalars['Int']['output'];
  /** Referrals started in the range. */
  referralsStarted: Scalars['Int']['output'];
  /** Rewards given in the range and not cancelled, both sides together (numbers counts them apart). */
  rewardsGiven: Scalars['Int']['output'];
  to: Scalars['String']['output'];
};

export type DashboardNumbers = {
  __typename?: 'DashboardNumbers';
  /** referralsFromClicks / clicks, at most 1; null without clicks. */
  clickShare?: Maybe<Scalars['Float']['output']>;
  /** Referrals started in the range directly: a code given to the API, an import or the payment processor. */
  referralsDirect: Scalars['Int']['output'];
  /** Referrals started in the range through a share link's click (the tracking cookie). */
  referralsFromClicks: Scalars['Int']['output'];
  returnOnRewards: Array<ReturnFigure>;
  revenue: Array<RevenueFigure>;
  rewardCost: Array<RewardCostFigure>;
  rewardsToReferred: Scalars['Int']['output'];
  /** Rewards given in the range (not cancelled) to referrers, and to referred friends, counted apart. */
  rewardsToReferrers: Scalars['Int']['output'];
};

/** UTC calendar days written YYYY-MM-DD, both included; at most 366 days. */
export type DateRangeInput = {
  from: Scalars['String']['input'];
  to: Scalars['String']['input'];
};

export type DuePayee = {
  __typename?: 'DuePayee';
  accountId: Scalars['ID']['output'];
  /** In all programs; below zero, a clawback owed. */
  availableCents: Scalars['Float']['output'];
  blocker?: Maybe<PayoutBlocker>;
  currency: Scalars['String']['output'];
  /** What a run would pay now (0 when blocked). */
  payableCents: Scalars['Float']['output'];
  payee: Payee;
  programAvailableCents: Scalars['Float']['output'];
  reasons: Array<PayoutReason>;
};

export type FraudAction =
  /** Nothing: the signal is only recorded. */
  | 'ALLOW'
  /** Make no referral; the request's answer says REFUSED and why. */
  | 'BLOCK'
  /** The referral proceeds; its rewards wait as PENDING_REVIEW for an operator's decision (reviewReferrals). */
  | 'REVIEW';

export type FraudRule = {
  __typename?: 'FraudRule';
  action: FraudAction;
  signal: FraudSignal;
};

export type FraudRuleInput = {
  action: FraudAction;
  signal: FraudSignal;
};

export type FraudSignal =
  /** The friend's e-mail is at a disposable-mail domain. */
  | 'DISPOSABLE_EMAIL'
  /** The friend identified from a client address or device the referrer used recently. */
  | 'SAME_CLIENT'
  /** The friend's and the referrer's e-mails are one mailbox (case, +tags, dots in Gmail-style addresses). */
  | 'SAME_EMAIL'
  /** The friend and the referrer have the same first and last name. */
  | 'SAME_NAME'
  /** More attributions to the referrer within an hour than the program allows. */
  | 'VELOCITY';

/** A fraud signal found at a referral's attribution. */
export type FraudSignalHit = {
  __typename?: 'FraudSignalHit';
  /** What was found, in words an operator can check. */
  evidence: Scalars['String']['output'];
  signal: FraudSignal;
};

/** A generated Ed25519 key pair, shown this once: save the private key now (it is not stored). */
export type GeneratedSftpKey = {
  __typename?: 'GeneratedSftpKey';
  fingerprint: Scalars['String']['output'];
  host: Scalars['String']['output'];
  port: Scalars['Int']['output'];
  /** OpenSSH format; save it as a file of mode 0600. */
  privateKey: Scalars['String']['output'];
  publicKey: Scalars['String']['output'];
  username: Scalars['String']['output'];
};

export type Job = {
  __typename?: 'Job';
  dateCompleted?: Maybe<Scalars['EpochMillis']['output']>;
  dateCreated: Scalars['EpochMillis']['output'];
  dateStarted?: Maybe<Scalars['EpochMillis']['output']>;
  /** Why a FAILED job could not go on (with line numbers). */
  error?: Maybe<Scalars['String']['output']>;
  /** The uploaded file of an import; null for an export. */
  fileRef?: Maybe<Scalars['String']['output']>;
  /** An export's filters; null for an import. */
  filters?: Maybe<JobFilters>;
  id: Scalars['ID']['output'];
  name?: Maybe<Scalars['String']['output']>;
  outputFormat: Scalars['String']['output'];
  /** API (or PORTAL, SFTP). */
  requester: Scalars['String']['output'];
  /** The result file, once the job has ended; GET /export/download. An import's: line,status,message per data row. An export's: the exported CSV (COMPLETED only). */
  resultFileRef?: Maybe<Scalars['String']['output']>;
  stats: JobStats;
  status: JobStatus;
  type: Scalars['String']['output'];
};

/** An export's filters as given (from and to normalised to ISO 8601 UTC). */
export type JobFilters = {
  __typename?: 'JobFilters';
  from?: Maybe<Scalars['String']['output']>;
  programId?: Maybe<Scalars['String']['output']>;
  status?: Maybe<Scalars['String']['output']>;
  to?: Maybe<Scalars['String']['output']>;
};

/** Which rows an export holds; each filter is optional. */
export type JobFiltersInput = {
  /** Rows created at or after: an ISO 8601 date (2026-05-01, midnight UTC) or date and time with offset. */
  from?: InputMaybe<Scalars['String']['input']>;
  /** A program's id; refused for a type without programs (users, user events, webhook deliveries). */
  programId?: InputMaybe<Scalars['String']['input']>;
  /** One of the export type's statuses (docs/exports.md); refused for a type without statuses. */
  status?: InputMaybe<Scalars['String']['input']>;
  /** Rows created before (same forms as from). */
  to?: InputMaybe<Scalars['String']['input']>;
};

export type JobInput = {
  /** What POST /export/upload returned; required by every MUTATION/… type, absent for an export (QUERY/…). */
  fileRef?: InputMaybe<Scalars['String']['input']>;
  /** An export's filters (QUERY/… types only). */
  filters?: InputMaybe<JobFiltersInput>;
  /** 8 to 64 characters of A-Z a-z 0-9 - _ .; createJob with a key it saw before returns that job. */
  idempotencyKey?: InputMaybe<Scalars['String']['input']>;
  name?: InputMaybe<Scalars['String']['input']>;
  /** CSV (the default, and the only one for now). */
  outputFormat?: InputMaybe<Scalars['String']['input']>;
  /** An import: MUTATION/USER, MUTATION/DELETE_USER, MUTATION/USER_EVENT or MUTATION/REDEEMABLE_REWARD_BALANCE. An export (docs/exports.md): QUERY/REFERRALS, QUERY/REWARDS, QUERY/LEDGER_ENTRIES, QUERY/PAYOUTS, QUERY/USERS, QUERY/USER_EVENTS or QUERY/WEBHOOK_DELIVERIES. */
  type: Scalars['String']['input'];
};

export type JobList = {
  __typename?: 'JobList';
  jobs: Array<Job>;
  totalCount: Scalars['Int']['output'];
};

export type JobStats = {
  __typename?: 'JobStats';
  /** Rejected rows (see the result file). */
  recordsFailed: Scalars['Int']['output'];
  /** Data rows handled so far, applied or rejected (an export: rows written). */
  recordsProcessed: Scalars['Int']['output'];
  /** Data rows in the file (an export: rows to write), once the job has started. */
  recordsTotal?: Maybe<Scalars['Int']['output']>;
};

export type JobStatus =
  | 'ABORTED'
  | 'COMPLETED'
  | 'FAILED'
  | 'IN_PROGRESS'
  | 'PENDING';

export type JobValidation = {
  __typename?: 'JobValidation';
  /** 'line N: ...' problems (the header is line 1), at most 100; empty means a job can be created. */
  errors: Array<Scalars['String']['output']>;
};

export type LeaderboardEntry = {
  __typename?: 'LeaderboardEntry';
  accountId: Scalars['String']['output'];
  /** The referrer's first and last name; null when unknown. */
  name?: Maybe<Scalars['String']['output']>;
  referralsConverted: Scalars['Int']['output'];
  referralsStarted: Scalars['Int']['output'];
  shareCode?: Maybe<Scalars['String']['output']>;
  userId: Scalars['String']['output'];
};

/** The tenant's sender; null name and address: MAIL_FROM's. */
export type MailSender = {
  __typename?: 'MailSender';
  address?: Maybe<Scalars['String']['output']>;
  /** Domains the address may be in (MAIL_SENDER_DOMAINS). */
  allowedDomains: Array<Scalars['String']['output']>;
  /** What recipients see, Name <address>. */
  effective: Scalars['String']['output'];
  name?: Maybe<Scalars['String']['output']>;
  /** False: SMTP_URL is unset and nothing is sent (deliveries are NOT_SENT). */
  smtpConfigured: Scalars['Boolean']['output'];
};

/** An address the tenant never mails again. */
export type MailSuppression = {
  __typename?: 'MailSuppression';
  createdAt: Scalars['EpochMillis']['output'];
  email: Scalars['String']['output'];
  /** UNSUBSCRIBED, REFUSED or MANUAL. */
  reason: Scalars['String']['output'];
};

/** A manual reward: a percent discount or credit in a unit (minor units, e.g. USD cents). */
export type ManualRewardInput = {
  amountCents?: InputMaybe<Scalars['Int']['input']>;
  discountPercent?: InputMaybe<Scalars['Int']['input']>;
  type: RewardType;
  unit?: InputMaybe<Scalars['String']['input']>;
};

/** A change an AI agent asked for over MCP (docs/mcp.md), which runs only once approved. */
export type McpAction = {
  __typename?: 'McpAction';
  dateCreated: Scalars['EpochMillis']['output'];
  dateDecided?: Maybe<Scalars['EpochMillis']['output']>;
  /** The OWNER's or ADMIN's e-mail who decided. */
  decidedBy?: Maybe<Scalars['String']['output']>;
  id: Scalars['ID']['output'];
  /** The tool's input as the agent gave it. */
  input: Scalars['JSON']['output'];
  /** A rejection's reason. */
  reason?: Maybe<Scalars['String']['output']>;
  /** The MCP key that asked, by its prefix. */
  requestedBy: Scalars['String']['output'];
  /** What running it answered, or why it failed. */
  result?: Maybe<Scalars['JSON']['output']>;
  status: McpActionStatus;
  /** What it does, in words. */
  summary: Scalars['String']['output'];
  tool: McpActionTool;
};

export type McpActionStatus =
  /** Approved and applied once. */
  | 'APPLIED'
  /** Approved and running. */
  | 'APPROVED'
  /** Approved, but refused when it ran (result says why). */
  | 'FAILED'
  /** Awaiting an OWNER's or ADMIN's decision; nothing has changed. */
  | 'PENDING'
  /** Rejected: it never runs. */
  | 'REJECTED';

export type McpActionTool =
  /** Change a program's settings. */
  | 'CHANGE_PROGRAM'
  /** Create an import job from an uploaded file. */
  | 'CREATE_JOB'
  /** Approve or deny referrals awaiting review. */
  | 'REVIEW_REFERRALS';

export type Mutation = {
  __typename?: 'Mutation';
  _empty?: Maybe<Scalars['Boolean']['output']>;
  /** Stops a job that is not final: a PENDING one at once, a running one after its current chunk (rows already applied stay applied). */
  abortJob?: Maybe<Job>;
  addMailSuppression: MailSuppression;
  /** Adds a note (the reason is the note) to the referral. */
  addReferralNote: ReferralActionResult;
  /** OWNER, ADMIN or the API key. One public key in OpenSSH form (Ed25519, ECDSA, or RSA of 2048 bits or more). */
  addSftpKey: SftpKey;
  /** Adds credit (positive, in the unit's minor units) as an ADJUSTMENT reward that does not expire, or removes it (negative) from the available credit, oldest first; never more than is available. unit: the program's credit unit (or the account's currency) when absent. */
  adjustCredit: AccountActionResult;
  /** Adds one origin to the program's allowedOrigins (at most 50); an origin already listed changes nothing. */
  allowBrowserOrigin: Program;
  /** OWNER or ADMIN in the portal: runs the pending action once through the same use case as the API (409 when it is not PENDING). */
  approveMcpAction: McpAction;
  /** OWNER or ADMIN signed in (never an API key). Sends a run awaiting approval. */
  approvePayoutRun: PayoutRun;
  /** Archives a program: its codes stop referring new friends and its share links answer 404; its referrals run to their end. The default program cannot be archived. */
  archiveProgram: Program;
  /** One action on 1 to 500 referrals or rewards, with a result per row. */
  bulkReferralAction: Array<BulkRowResult>;
  /** OWNER, ADMIN or the API key. Cancels one payout of a run not sent yet. */
  cancelPayout: Payout;
  /** OWNER, ADMIN or the API key. Cancels a run not sent yet; its reservations go back to the balances. */
  cancelPayoutRun: PayoutRun;
  /** Ends the referral now and voids its live rewards (redeemed, expired and fulfilled ones stay). */
  cancelReferral: ReferralActionResult;
  /** OWNER only; the last OWNER cannot be demoted (LAST_OWNER). */
  changeOperatorRole: Operator;
  /** Gives the user a new share code (unique in the tenant); the old one keeps resolving to them for 30 days. */
  changeShareCode: AccountActionResult;
  /** Checks the keys with the processor before storing them: keys it refuses (or a key of the other mode) are VALIDATION_FAILED naming the fields, an unreachable processor SERVICE_UNAVAILABLE; nothing is stored then. Stripe: creates our webhook endpoint unless webhookSecret is given; connecting again replaces the connection and removes the endpoint it replaced. */
  connectPaymentProcessor: PaymentProcessorConnection;
  connectPayoutProvider: PayoutConnection;
  /** OWNER, ADMIN or a key with KEYS; scopes only an OWNER (or a key holding them) may grant. At most MAX_API_KEYS_PER_TENANT active keys. purpose MCP (OWNER or ADMIN only): a key for AI agents on the MCP endpoint, read-only unless allowChanges. */
  createApiKey: CreatedApiKey;
  createJob: Job;
  /** A new program, starting from the default program's offer, texts, cookie, fraud policy, hold and expiry, with the input's in place (name required; settings every program shares are refused). With rules, publishes them as its version 1. */
  createProgram: Program;
  /** OWNER, ADMIN or the API key. At most 20 endpoints per tenant (CONFLICT above). */
  createWebhookEndpoint: CreatedWebhookEndpoint;
  /** Deletes the user as the DELETE_USER import job does (an account left without users goes too unless preserveEmptyAccount). */
  deleteUser: AccountActionResult;
  /** OWNER, ADMIN or the API key. Answers the deleted endpoint; another tenant's is NOT_FOUND. */
  deleteWebhookEndpoint: WebhookEndpoint;
  /** OWNER, ADMIN or the API key; every key is refused at the next connection until enabled again. */
  disableSftp: SftpSettings;
  /** True when a connection was removed. Stripe: our webhook endpoint is removed first (SERVICE_UNAVAILABLE, and nothing changes, when Stripe cannot be reached). */
  disconnectPaymentProcessor: Scalars['Boolean']['output'];
  /** OWNER, ADMIN or the API key. */
  enableSftp: SftpSettings;
  /** OWNER, ADMIN or the API key. Creates an Ed25519 key pair and keeps only its public key. */
  generateSftpKey: GeneratedSftpKey;
  /** Gives a reward on a side of the referral, AVAILABLE at once (credit granted by hand does not expire). */
  grantReward: ReferralActionResult;
  /** OWNER, ADMIN or the API key. A held payee is paid nothing until released. */
  holdPayee: Payee;
  /** OWNER only; the operator is pending until they use the one-time link answered here. */
  inviteOperator: OperatorAccessLink;
  logUserEvent: UserEventResult;
  /** Events of several users, stored all or nothing under one optional idempotency key. */
  logUserEvents: Array<UserEventResult>;
  /** Records that an AVAILABLE credit reward (id: the reward's) was paid outside the service: REDEEMED, with the reference. */
  markRewardFulfilled: ReferralActionResult;
  /** Moves the referral, and its referrer reward if nothing was taken from it, to another referrer. */
  reattributeReferral: ReferralActionResult;
  /** Redeems available credit oldest first, all or nothing (never more than available). */
  redeemCredit: AccountActionResult;
  /** Redeems credit oldest first, all or nothing (INSUFFICIENT_BALANCE otherwise). */
  redeemRewardBalance: RewardBalance;
  /** OWNER only; a new link for a pending invitee (the old one stops working). */
  reissueInvitation: OperatorAccessLink;
  /** OWNER or ADMIN in the portal: the pending action never runs. */
  rejectMcpAction: McpAction;
  removeMailSuppression: Scalars['Boolean']['output'];
  /** OWNER only; the last OWNER cannot be removed (LAST_OWNER). Their sessions end. */
  removeOperator: Operator;
  removeProgramLogo: Program;
  /** OWNER, ADMIN or the API key. Replays to an enabled endpoint every event since a time (at most 1000, oldest first) that it wants and did not receive: no 2xx answer and no retry pending. */
  replayFailedWebhookEvents: WebhookReplayBatch;
  /** OWNER, ADMIN or the API key. Delivers an event again (same payload and webhook-id: receivers dedupe on it) to one enabled endpoint, or to every enabled endpoint that wants its type. */
  replayWebhookEvent: WebhookReplay;
  /** OWNER, ADMIN or the API key. Reserves the program's due balances and starts the run's workflow. */
  requestPayoutRun: PayoutRun;
  /** Back to the built-in text. */
  resetNotificationTemplate: NotificationTemplate;
  /** OWNER only; the operator's password stops working, their sessions end, and a new link is answered. */
  resetOperatorAccess: OperatorAccessLink;
  /** Approves or denies 1 to 100 referrals awaiting review, with a reason; each decision is applied once by the referral's lifecycle workflow. */
  reviewReferrals: Array<ReviewResult>;
  /** OWNER, ADMIN or a key with KEYS. Another tenant's key is NOT_FOUND. */
  revokeApiKey: ApiKey;
  /** OWNER, ADMIN or the API key. Another tenant's key is NOT_FOUND. */
  revokeSftpKey: SftpKey;
  /** OWNER, ADMIN or the API key. A new secret; the former one keeps signing for 24 hours. */
  rotateWebhookSecret: RotatedWebhookSecret;
  /** Sends the template in force with example values to an address, now. */
  sendTestNotification: NotificationDelivery;
  /** OWNER, ADMIN or the API key. Sends an event of type webhook.test (not in the catalogue; data: endpointId, message) to this one enabled endpoint. */
  sendTestWebhook: WebhookTestSent;
  /** The tenant's sender name and address (null: MAIL_FROM's); the address must be in an allowed domain. */
  setMailSender: MailSender;
  setNotificationEnabled: NotificationSetting;
  /** The signed-in operator's daily digest (new referrals awaiting review, failed webhooks and payouts). */
  setOperatorDigest: Scalars['Boolean']['output'];
  setPayeeTaxStatus: Payee;
  setPayoutMethod: PayoutMethodResult;
  setPayoutPolicy: PayoutPolicy;
  setPayoutTaxThreshold?: Maybe<Scalars['Float']['output']>;
  /** OWNER (signed-in operator) only: every operator of the tenant must sign in with two factors. Answers the new setting. */
  setRequireTwoFactor: Scalars['Boolean']['output'];
  /** Saves the program's own subject and body for a kind and locale; unknown variables are refused, named. */
  updateNotificationTemplate: NotificationTemplate;
  /** Changes a program (without an id, the default program); with rules, publishes them as its next version. Settings every program shares can be set on the default program only. */
  updateProgram: Program;
  /** Edits a user's e-mail, names or locale. */
  updateUser: AccountActionResult;
  /** OWNER, ADMIN or the API key. Another tenant's endpoint is NOT_FOUND. */
  updateWebhookEndpoint: WebhookEndpoint;
  /** Sets the hosted pages' logo: a PNG or JPEG image (at most 512 KB, 2048x2048) as base64; re-encoded to PNG. A WebP is refused (no decoder yet). */
  uploadProgramLogo: Program;
  /** Cancels a reward (id: the reward's) that is held, awaiting review or available and untouched. */
  voidReward: ReferralActionResult;
};


export type MutationAbortJobArgs = {
  id: Scalars['ID']['input'];
};


export type MutationAddMailSuppressionArgs = {
  email: Scalars['String']['input'];
};


export type MutationAddReferralNoteArgs = {
  id: Scalars['ID']['input'];
  idempotencyKey?: InputMaybe<Scalars['String']['input']>;
  reason: Scalars['String']['input'];
};


export type MutationAddSftpKeyArgs = {
  publicKey: Scalars['String']['input'];
};


export type MutationAdjustCreditArgs = {
  accountId: Scalars['ID']['input'];
  amountCents: Scalars['Int']['input'];
  idempotencyKey?: InputMaybe<Scalars['String']['input']>;
  reason: Scalars['String']['input'];
  unit?: InputMaybe<Scalars['String']['input']>;
};


export type MutationAllowBrowserOriginArgs = {
  origin: Scalars['String']['input'];
};


export type MutationApproveMcpActionArgs = {
  id: Scalars['ID']['input'];
};


export type MutationApprovePayoutRunArgs = {
  id: Scalars['ID']['input'];
};


export type MutationArchiveProgramArgs = {
  id: Scalars['ID']['input'];
};


export type MutationBulkReferralActionArgs = {
  input: BulkReferralActionInput;
};


export type MutationCancelPayoutArgs = {
  id: Scalars['ID']['input'];
};


export type MutationCancelPayoutRunArgs = {
  id: Scalars['ID']['input'];
};


export type MutationCancelReferralArgs = {
  id: Scalars['ID']['input'];
  idempotencyKey?: InputMaybe<Scalars['String']['input']>;
  reason: Scalars['String']['input'];
};


export type MutationChangeOperatorRoleArgs = {
  email: Scalars['String']['input'];
  role: OperatorRole;
};


export type MutationChangeShareCodeArgs = {
  accountId: Scalars['ID']['input'];
  code: Scalars['String']['input'];
  idempotencyKey?: InputMaybe<Scalars['String']['input']>;
  reason: Scalars['String']['input'];
  userId: Scalars['ID']['input'];
};


export type MutationConnectPaymentProcessorArgs = {
  input: ConnectPaymentProcessorInput;
};


export type MutationConnectPayoutProviderArgs = {
  input: PayoutConnectionInput;
};


export type MutationCreateApiKeyArgs = {
  allowChanges?: InputMaybe<Scalars['Boolean']['input']>;
  purpose?: InputMaybe<ApiKeyPurpose>;
  scopes?: InputMaybe<Array<ApiKeyScope>>;
};


export type MutationCreateJobArgs = {
  jobInput: JobInput;
};


export type MutationCreateProgramArgs = {
  input: ProgramInput;
};


export type MutationCreateWebhookEndpointArgs = {
  input: CreateWebhookEndpointInput;
};


export type MutationDeleteUserArgs = {
  accountId: Scalars['ID']['input'];
  doNotTrack?: InputMaybe<Scalars['Boolean']['input']>;
  idempotencyKey?: InputMaybe<Scalars['String']['input']>;
  preserveEmptyAccount?: InputMaybe<Scalars['Boolean']['input']>;
  reason: Scalars['String']['input'];
  userId: Scalars['ID']['input'];
};


export type MutationDeleteWebhookEndpointArgs = {
  id: Scalars['ID']['input'];
};


export type MutationGenerateSftpKeyArgs = {
  comment?: InputMaybe<Scalars['String']['input']>;
};


export type MutationGrantRewardArgs = {
  id: Scalars['ID']['input'];
  idempotencyKey?: InputMaybe<Scalars['String']['input']>;
  reason: Scalars['String']['input'];
  reward: ManualRewardInput;
  side: ReferralSide;
};


export type MutationHoldPayeeArgs = {
  accountId: Scalars['ID']['input'];
  held: Scalars['Boolean']['input'];
  reason?: InputMaybe<Scalars['String']['input']>;
};


export type MutationInviteOperatorArgs = {
  email: Scalars['String']['input'];
  role: OperatorRole;
};


export type MutationLogUserEventArgs = {
  userEventInput: UserEventInput;
};


export type MutationLogUserEventsArgs = {
  idempotencyKey?: InputMaybe<Scalars['String']['input']>;
  userEventInput: Array<UserEventInput>;
};


export type MutationMarkRewardFulfilledArgs = {
  id: Scalars['ID']['input'];
  idempotencyKey?: InputMaybe<Scalars['String']['input']>;
  reason: Scalars['String']['input'];
  reference: Scalars['String']['input'];
};


export type MutationReattributeReferralArgs = {
  id: Scalars['ID']['input'];
  idempotencyKey?: InputMaybe<Scalars['String']['input']>;
  reason: Scalars['String']['input'];
  to: ReferrerTargetInput;
};


export type MutationRedeemCreditArgs = {
  accountId: Scalars['ID']['input'];
  amountCents: Scalars['Int']['input'];
  idempotencyKey?: InputMaybe<Scalars['String']['input']>;
  reason: Scalars['String']['input'];
  reference?: InputMaybe<Scalars['String']['input']>;
  unit?: InputMaybe<Scalars['String']['input']>;
};


export type MutationRedeemRewardBalanceArgs = {
  accountId: Scalars['String']['input'];
  amount: Scalars['Int']['input'];
  unit: Scalars['String']['input'];
};


export type MutationReissueInvitationArgs = {
  email: Scalars['String']['input'];
};


export type MutationRejectMcpActionArgs = {
  id: Scalars['ID']['input'];
  reason: Scalars['String']['input'];
};


export type MutationRemoveMailSuppressionArgs = {
  email: Scalars['String']['input'];
};


export type MutationRemoveOperatorArgs = {
  email: Scalars['String']['input'];
};


export type MutationReplayFailedWebhookEventsArgs = {
  endpointId: Scalars['ID']['input'];
  since: Scalars['EpochMillis']['input'];
};


export type MutationReplayWebhookEventArgs = {
  endpointId?: InputMaybe<Scalars['ID']['input']>;
  eventId: Scalars['ID']['input'];
};


export type MutationRequestPayoutRunArgs = {
  input?: InputMaybe<PayoutRunInput>;
};


export type MutationResetNotificationTemplateArgs = {
  kind: NotificationKind;
  locale: Scalars['String']['input'];
  programId?: InputMaybe<Scalars['ID']['input']>;
};


export type MutationResetOperatorAccessArgs = {
  email: Scalars['String']['input'];
};


export type MutationReviewReferralsArgs = {
  decision: ReviewDecision;
  ids: Array<Scalars['ID']['input']>;
  reason: Scalars['String']['input'];
};


export type MutationRevokeApiKeyArgs = {
  id: Scalars['ID']['input'];
};


export type MutationRevokeSftpKeyArgs = {
  fingerprint: Scalars['String']['input'];
};


export type MutationRotateWebhookSecretArgs = {
  id: Scalars['ID']['input'];
};


export type MutationSendTestNotificationArgs = {
  kind: NotificationKind;
  locale: Scalars['String']['input'];
  programId?: InputMaybe<Scalars['ID']['input']>;
  to: Scalars['String']['input'];
};


export type MutationSendTestWebhookArgs = {
  endpointId: Scalars['ID']['input'];
};


export type MutationSetMailSenderArgs = {
  address?: InputMaybe<Scalars['String']['input']>;
  name?: InputMaybe<Scalars['String']['input']>;
};


export type MutationSetNotificationEnabledArgs = {
  enabled: Scalars['Boolean']['input'];
  kind: NotificationKind;
  programId?: InputMaybe<Scalars['ID']['input']>;
};


export type MutationSetOperatorDigestArgs = {
  enabled: Scalars['Boolean']['input'];
};


export type MutationSetPayeeTaxStatusArgs = {
  accountId: Scalars['ID']['input'];
  status: PayeeTaxStatusInput;
};


export type MutationSetPayoutMethodArgs = {
  accountId: Scalars['ID']['input'];
  method: PayoutMethodInput;
};


export type MutationSetPayoutPolicyArgs = {
  input: PayoutPolicyInput;
};


export type MutationSetPayoutTaxThresholdArgs = {
  thresholdCents?: InputMaybe<Scalars['Int']['input']>;
};


export type MutationSetRequireTwoFactorArgs = {
  required: Scalars['Boolean']['input'];
};


export type MutationUpdateNotificationTemplateArgs = {
  body: Scalars['String']['input'];
  kind: NotificationKind;
  locale: Scalars['String']['input'];
  programId?: InputMaybe<Scalars['ID']['input']>;
  subject: Scalars['String']['input'];
};


export type MutationUpdateProgramArgs = {
  id?: InputMaybe<Scalars['ID']['input']>;
  input: ProgramInput;
};


export type MutationUpdateUserArgs = {
  accountId: Scalars['ID']['input'];
  idempotencyKey?: InputMaybe<Scalars['String']['input']>;
  input: UserEditInput;
  reason: Scalars['String']['input'];
  userId: Scalars['ID']['input'];
};


export type MutationUpdateWebhookEndpointArgs = {
  id: Scalars['ID']['input'];
  input: UpdateWebhookEndpointInput;
};


export type MutationUploadProgramLogoArgs = {
  imageBase64: Scalars['String']['input'];
};


export type MutationVoidRewardArgs = {
  id: Scalars['ID']['input'];
  idempotencyKey?: InputMaybe<Scalars['String']['input']>;
  reason: Scalars['String']['input'];
};

/** One message to one recipient, and what became of it. */
export type NotificationDelivery = {
  __typename?: 'NotificationDelivery';
  createdAt: Scalars['EpochMillis']['output'];
  id: Scalars['ID']['output'];
  /** A NotificationKind, or OPERATOR_INVITATION, OPERATOR_PASSWORD_RESET, OPERATOR_DIGEST (mail to operators). */
  kind: Scalars['String']['output'];
  recipient: Scalars['String']['output'];
  /** The SMTP server's answer, or why it was not sent. */
  response?: Maybe<Scalars['String']['output']>;
  sentAt?: Maybe<Scalars['EpochMillis']['output']>;
  /** PENDING (being sent or retried), SENT, REFUSED (a 5xx), SUPPRESSED (suppression list or do-not-track), NOT_SENT (no address, no SMTP_URL), DISABLED (the program turned the kind off). */
  status: Scalars['String']['output'];
};

/** A notification e-mail a program sends (docs/notifications.md). */
export type NotificationKind =
  /** To the referrer: credit expires in 7 days. */
  | 'CREDIT_EXPIRING'
  /** To the referrer: a friend signed up with their code. */
  | 'FRIEND_SIGNED_UP'
  /** To the friend: a welcome with the offer. */
  | 'FRIEND_WELCOME'
  /** To the referrer: a payout was sent. */
  | 'PAYOUT_SENT'
  /** To the referrer: a held reward became available. */
  | 'REWARD_AVAILABLE'
  /** To the referrer: a reward was earned. */
  | 'REWARD_EARNED';

/** A message as it would be sent, with example values. */
export type NotificationPreview = {
  __typename?: 'NotificationPreview';
  html: Scalars['String']['output'];
  subject: Scalars['String']['output'];
  text: Scalars['String']['output'];
};

/** A program's switch for one kind. */
export type NotificationSetting = {
  __typename?: 'NotificationSetting';
  enabled: Scalars['Boolean']['output'];
  kind: NotificationKind;
  /** REFERRER or FRIEND. */
  recipient: Scalars['String']['output'];
  /** The variables its template may use, without braces (referrer.firstName, …). */
  variables: Array<Scalars['String']['output']>;
};

/** The subject and body in force for a program, kind and locale (en, fr, de). */
export type NotificationTemplate = {
  __typename?: 'NotificationTemplate';
  /** Plain text, paragraphs parted by a blank line, {{variables}}. */
  body: Scalars['String']['output'];
  /** False: the built-in text. */
  customized: Scalars['Boolean']['output'];
  kind: NotificationKind;
  locale: Scalars['String']['output'];
  subject: Scalars['String']['output'];
  updatedAt?: Maybe<Scalars['EpochMillis']['output']>;
};

/** A person who signs in to the admin portal. */
export type Operator = {
  __typename?: 'Operator';
  dateCreated: Scalars['EpochMillis']['output'];
  email: Scalars['String']['output'];
  /** True until the operator sets a password with their one-time link (invited, or access reset). */
  pending: Scalars['Boolean']['output'];
  role: OperatorRole;
};

/** An operator and their one-time link to set a password (shown this once; only its hash is kept). */
export type OperatorAccessLink = {
  __typename?: 'OperatorAccessLink';
  email: Scalars['String']['output'];
  expiresAt: Scalars['EpochMillis']['output'];
  link: Scalars['String']['output'];
  role: OperatorRole;
};

export type OperatorRole =
  | 'ADMIN'
  | 'OWNER'
  | 'VIEWER';

export type Payee = {
  __typename?: 'Payee';
  accountId: Scalars['ID']['output'];
  held: Scalars['Boolean']['output'];
  heldReason?: Maybe<Scalars['String']['output']>;
  method?: Maybe<PayoutMethod>;
  taxCountry?: Maybe<Scalars['String']['output']>;
  taxFormReceived: Scalars['Boolean']['output'];
};

export type PayeeTaxStatusInput = {
  country?: InputMaybe<Scalars['String']['input']>;
  formReceived: Scalars['Boolean']['input'];
};

/** The tenant's payment-processor connection. Test-mode tenants use the SANDBOX. */
export type PaymentProcessorConnection = {
  __typename?: 'PaymentProcessorConnection';
  connectedAt: Scalars['EpochMillis']['output'];
  environment: PaymentProcessorEnvironment;
  /** Stripe: the key's kind, mode and last four characters, e.g. sk_test_…4242. */
  keyHint?: Maybe<Scalars['String']['output']>;
  /** Braintree's merchant id; Stripe's account id when the key may read it. */
  merchantId?: Maybe<Scalars['String']['output']>;
  processor: PaymentProcessorKind;
  /** Braintree's public key. */
  publicKey?: Maybe<Scalars['String']['output']>;
  /** The notification kinds (Braintree) or event types (Stripe) the webhook must deliver. */
  webhookEvents: Array<Scalars['String']['output']>;
  webhookRegistration: ProcessorWebhookRegistration;
  /** Where the processor delivers its webhooks for this tenant. */
  webhookUrl: Scalars['String']['output'];
};

export type PaymentProcessorEnvironment =
  | 'PRODUCTION'
  | 'SANDBOX';

export type PaymentProcessorKind =
  | 'BRAINTREE'
  | 'STRIPE';

export type Payout = {
  __typename?: 'Payout';
  accountId: Scalars['ID']['output'];
  amountCents: Scalars['Float']['output'];
  createdAt: Scalars['String']['output'];
  currency: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  method: PayoutMethodType;
  programId: Scalars['ID']['output'];
  /** The provider's own words on a failure, return or unclaimed payout. */
  providerMessage?: Maybe<Scalars['String']['output']>;
  /** The provider's id of the payment (PayPal item, Stripe transfer, gift-card order). */
  providerRef?: Maybe<Scalars['String']['output']>;
  runId: Scalars['ID']['output'];
  sentAt?: Maybe<Scalars['String']['output']>;
  settledAt?: Maybe<Scalars['String']['output']>;
  status: PayoutStatus;
};

/** Why a referrer with cash is not paid now. */
export type PayoutBlocker =
  | 'BELOW_MINIMUM'
  | 'HELD'
  /** Their balance is below zero: a refund or chargeback reversed a reward already paid out (a clawback). */
  | 'NEGATIVE_BALANCE'
  | 'NO_METHOD'
  /** Paid this year would pass the tenant's threshold and no tax form was received. */
  | 'TAX_FORM_NEEDED';

export type PayoutConnection = {
  __typename?: 'PayoutConnection';
  connectedAt: Scalars['String']['output'];
  keyHint: Scalars['String']['output'];
  provider: PayoutMethodType;
  webhookVerified: Scalars['Boolean']['output'];
};

export type PayoutConnectionInput = {
  /** GIFT_CARD */
  apiKey?: InputMaybe<Scalars['String']['input']>;
  /** GIFT_CARD: the provider's campaign the cards are ordered from. */
  campaignId?: InputMaybe<Scalars['String']['input']>;
  /** PAYPAL */
  clientId?: InputMaybe<Scalars['String']['input']>;
  provider: PayoutMethodType;
  /** PAYPAL */
  secret?: InputMaybe<Scalars['String']['input']>;
  /** PAYPAL: the webhook's id, to verify its deliveries. */
  webhookId?: InputMaybe<Scalars['String']['input']>;
  /** GIFT_CARD: the webhook's signing key. */
  webhookSecret?: InputMaybe<Scalars['String']['input']>;
};

/** A payee's method as it may be shown: the details are sealed and never answered. */
export type PayoutMethod = {
  __typename?: 'PayoutMethod';
  /** e.g. j•••@example.com, acct_…1234 */
  masked: Scalars['String']['output'];
  type: PayoutMethodType;
  updatedAt: Scalars['String']['output'];
};

export type PayoutMethodInput = {
  /** STRIPE_CONNECT: ISO 3166 country. */
  country?: InputMaybe<Scalars['String']['input']>;
  email: Scalars['String']['input'];
  /** GIFT_CARD: the recipient's name. */
  name?: InputMaybe<Scalars['String']['input']>;
  type: PayoutMethodType;
};

export type PayoutMethodResult = {
  __typename?: 'PayoutMethodResult';
  /** Stripe Connect: the onboarding link the referrer follows; null otherwise. */
  onboardingUrl?: Maybe<Scalars['String']['output']>;
  payee: Payee;
};

export type PayoutMethodType =
  | 'GIFT_CARD'
  | 'PAYPAL'
  | 'STRIPE_CONNECT';

export type PayoutPolicy = {
  __typename?: 'PayoutPolicy';
  minimumCents: Scalars['Float']['output'];
  programId: Scalars['ID']['output'];
  requireApproval: Scalars['Boolean']['output'];
  schedule: PayoutSchedule;
};

export type PayoutPolicyInput = {
  minimumCents: Scalars['Int']['input'];
  programId?: InputMaybe<Scalars['ID']['input']>;
  requireApproval: Scalars['Boolean']['input'];
  schedule: PayoutSchedule;
};

/** A reward behind what a referrer is owed. */
export type PayoutReason = {
  __typename?: 'PayoutReason';
  amountCents: Scalars['Float']['output'];
  currency: Scalars['String']['output'];
  dateGiven: Scalars['String']['output'];
  explanation?: Maybe<Scalars['String']['output']>;
  rewardId: Scalars['ID']['output'];
  ruleId?: Maybe<Scalars['String']['output']>;
};

export type PayoutRun = {
  __typename?: 'PayoutRun';
  approvedAt?: Maybe<Scalars['String']['output']>;
  approvedBy?: Maybe<Scalars['String']['output']>;
  createdAt: Scalars['String']['output'];
  finishedAt?: Maybe<Scalars['String']['output']>;
  id: Scalars['ID']['output'];
  payees: Scalars['Int']['output'];
  /** The run's payouts (read when asked for). */
  payouts: Array<Payout>;
  programId: Scalars['ID']['output'];
  requestedBy: Scalars['String']['output'];
  status: PayoutRunStatus;
  /** Its payouts counted and summed by status (read when asked for). */
  totals: Array<PayoutRunTotal>;
  trigger: Scalars['String']['output'];
  /** The run's workflow id in Temporal's UI. */
  workflowId: Scalars['String']['output'];
  /** The run's workflow in Temporal's Web UI (TEMPORAL_UI_URL). */
  workflowUrl: Scalars['String']['output'];
};

export type PayoutRunInput = {
  /** A retried request with the same key answers the same run. */
  idempotencyKey?: InputMaybe<Scalars['String']['input']>;
  programId?: InputMaybe<Scalars['ID']['input']>;
};

export type PayoutRunStatus =
  | 'AWAITING_APPROVAL'
  | 'CANCELLED'
  | 'COMPLETED'
  | 'RESERVING'
  | 'SENDING'
  | 'SETTLING';

export type PayoutRunTotal = {
  __typename?: 'PayoutRunTotal';
  amountCents: Scalars['Float']['output'];
  count: Scalars['Int']['output'];
  status: PayoutStatus;
};

export type PayoutSchedule =
  | 'MANUAL'
  | 'MONTHLY'
  | 'WEEKLY';

export type PayoutStatus =
  | 'CANCELLED'
  | 'FAILED'
  | 'PAID'
  | 'RESERVED'
  | 'RETURNED'
  | 'SENT'
  | 'UNCLAIMED';

export type PayoutsDue = {
  __typename?: 'PayoutsDue';
  /** Pass as after for the next page; null on the last. */
  next?: Maybe<Scalars['ID']['output']>;
  payees: Array<DuePayee>;
};

/** A person behind an account id: a user of the tenant. */
export type Person = {
  __typename?: 'Person';
  accountId: Scalars['String']['output'];
  email?: Maybe<Scalars['String']['output']>;
  /** First and last name; null when the user gave none. */
  name?: Maybe<Scalars['String']['output']>;
  /** Null when the account has no user yet. */
  userId?: Maybe<Scalars['String']['output']>;
};

/** A webhook delivery from the processor and what it came to. */
export type ProcessorNotification = {
  __typename?: 'ProcessorNotification';
  /** The processor customer the event names (Stripe). */
  customerId?: Maybe<Scalars['String']['output']>;
  id: Scalars['ID']['output'];
  /** The processor's kind, e.g. subscription_charged_successfully or invoice.paid (unreadable: authentic but unparsable). */
  kind: Scalars['String']['output'];
  /** What applying it came to (account, result), or why it was rejected; null while it waits. */
  outcome?: Maybe<Scalars['JSON']['output']>;
  processedAt?: Maybe<Scalars['EpochMillis']['output']>;
  /** The processor: BRAINTREE or STRIPE. */
  processor: Scalars['String']['output'];
  receivedAt: Scalars['EpochMillis']['output'];
  /** RECEIVED (waiting for its workflow), WAITING (no account tied to its customer yet; applied when one is), PROCESSED, RECORDED, IGNORED, FAILED or REJECTED. */
  status: Scalars['String']['output'];
  /** The object it concerns: a subscription or transaction (Braintree); a customer, session, invoice, subscription, charge or dispute (Stripe). */
  subjectId?: Maybe<Scalars['String']['output']>;
};

/** How the processor's webhook reaches us. */
export type ProcessorWebhookRegistration =
  /** We created the endpoint at the processor (Stripe, with a key that may). */
  | 'AUTOMATIC'
  /** The merchant registers webhookUrl for webhookEvents (Braintree always; Stripe when the key may not create endpoints, with its signing secret given). */
  | 'MANUAL'
  /** Stripe, registered by hand: connect again with the endpoint's signing secret (webhookSecret); until then no event can be verified. */
  | 'SECRET_NEEDED';

/** The tenant's referral program. */
export type Program = {
  __typename?: 'Program';
  /** Origins (https://shop.example) allowed to call the user-JWT routes from a browser (CORS). */
  allowedOrigins: Array<Scalars['String']['output']>;
  /** When it was archived (null: open). An archived program takes no new referrals or codes; its referrals run to their end. */
  archivedAt?: Maybe<Scalars['EpochMillis']['output']>;
  /** The hosted pages' accent colour, #rrggbb (text on it is black or white, whichever contrasts more). */
  brandColor?: Maybe<Scalars['String']['output']>;
  /** An accepted user event with this key converts a referred account's referral. */
  conversionEventKey?: Maybe<Scalars['String']['output']>;
  /** Days after which unredeemed CREDIT expires, from when it becomes AVAILABLE (null: never). */
  creditExpiryDays?: Maybe<Scalars['Int']['output']>;
  /** A host name (CNAME to the gateway) serving /{code} as this program's share links; unique across tenants. */
  customHost?: Maybe<Scalars['String']['output']>;
  discountId: Scalars['String']['output'];
  /** What each fraud signal does to an attribution; a signal not listed is ALLOW. */
  fraudPolicy: Array<FraudRule>;
  /** The program's id: default for the tenant's first program, prg_… for the others. */
  id: Scalars['ID']['output'];
  /** The tenant's first program: its settings shared by every program (origins, hosts, the processor's discount, the brand) are set here. */
  isDefault: Scalars['Boolean']['output'];
  landingButtonText?: Maybe<Scalars['String']['output']>;
  /** The landing page's headline, text and button; variables {name}, {offer}, {program}. */
  landingHeadline?: Maybe<Scalars['String']['output']>;
  landingText?: Maybe<Scalars['String']['output']>;
  landingUrl?: Maybe<Scalars['String']['output']>;
  /** The widget shows the program's top referrers this month and overall, by first name or initial (off by default). */
  leaderboardEnabled: Scalars['Boolean']['output'];
  /** The uploaded logo's content hash and its path on the gateway (null: none). */
  logoHash?: Maybe<Scalars['String']['output']>;
  logoUrl?: Maybe<Scalars['String']['output']>;
  /** More attributions to one referrer within an hour raise the VELOCITY fraud signal (null: no limit). */
  maxAttributionsPerReferrerPerHour?: Maybe<Scalars['Int']['output']>;
  maxReferrerDiscountPercent: Scalars['Int']['output'];
  name: Scalars['String']['output'];
  /** A user event with this key, revenue and currency is a payment of the account (PAYMENT rules). */
  paymentEventKey?: Maybe<Scalars['String']['output']>;
  /** Lifetime of the browser library's tracking cookie, in days (1-730). */
  referralCookieDays: Scalars['Int']['output'];
  /** A later share link's code replaces the one in the tracking cookie (default: the first is kept). */
  referralCookieLastClickWins: Scalars['Boolean']['output'];
  referredDiscountPercent: Scalars['Int']['output'];
  referrerReward: ReferrerRewardSettings;
  /** User JWTs without exp are refused (401). Off by default. */
  requireUserJwtExp: Scalars['Boolean']['output'];
  /** Days a referrer's reward stays PENDING after its referral converts (0: AVAILABLE at once); cancelled instead if the referred account cancels meanwhile. */
  rewardHoldDays: Scalars['Int']['output'];
  /** Their version (null while none are published); a referral keeps the version of its attribution. */
  ruleVersion?: Maybe<Scalars['Int']['output']>;
  /** Every published version, newest first. */
  ruleVersions: Array<ProgramRuleVersion>;
  /** The rules referrals attributed from now on are rewarded by ([] while none are published: the fixed referrerReward applies). */
  rules: Array<ProgramRule>;
  /** The widget's e-mail subject, a template like shareMessage; null: the default. */
  shareEmailSubject?: Maybe<Scalars['String']['output']>;
  /** Users' share links on the merchant's domain: this URL with ?{shareParam}={code} (null: /r/{tenant}/{code}). */
  shareLinkUrl?: Maybe<Scalars['String']['output']>;
  /** The widget's share message: a template with {program}, {offer}, {link} and {name} (the referrer's first name); null: the default for the friend's locale. */
  shareMessage?: Maybe<Scalars['String']['output']>;
  /** The query parameter of share links on shareLinkUrl (default ref; rsCode is always read too). */
  shareParam: Scalars['String']['output'];
  /** Hosted pages: where the hosted page's continue link goes, with rsCode (null: websiteUrl). */
  signupUrl?: Maybe<Scalars['String']['output']>;
  /** The program's website, linked from the hosted landing page. */
  websiteUrl?: Maybe<Scalars['String']['output']>;
  /** The widget's headline (null: the library's text for the user's locale). */
  widgetHeadline?: Maybe<Scalars['String']['output']>;
  widgetSubheadline?: Maybe<Scalars['String']['output']>;
};

export type ProgramInput = {
  allowedOrigins?: InputMaybe<Array<Scalars['String']['input']>>;
  brandColor?: InputMaybe<Scalars['String']['input']>;
  conversionEventKey?: InputMaybe<Scalars['String']['input']>;
  creditExpiryDays?: InputMaybe<Scalars['Int']['input']>;
  customHost?: InputMaybe<Scalars['String']['input']>;
  discountId?: InputMaybe<Scalars['String']['input']>;
  fraudPolicy?: InputMaybe<Array<FraudRuleInput>>;
  landingButtonText?: InputMaybe<Scalars['String']['input']>;
  landingHeadline?: InputMaybe<Scalars['String']['input']>;
  landingText?: InputMaybe<Scalars['String']['input']>;
  landingUrl?: InputMaybe<Scalars['String']['input']>;
  leaderboardEnabled?: InputMaybe<Scalars['Boolean']['input']>;
  maxAttributionsPerReferrerPerHour?: InputMaybe<Scalars['Int']['input']>;
  maxReferrerDiscountPercent?: InputMaybe<Scalars['Int']['input']>;
  name?: InputMaybe<Scalars['String']['input']>;
  paymentEventKey?: InputMaybe<Scalars['String']['input']>;
  referralCookieDays?: InputMaybe<Scalars['Int']['input']>;
  referralCookieLastClickWins?: InputMaybe<Scalars['Boolean']['input']>;
  referredDiscountPercent?: InputMaybe<Scalars['Int']['input']>;
  referrerReward?: InputMaybe<ReferrerRewardInput>;
  requireUserJwtExp?: InputMaybe<Scalars['Boolean']['input']>;
  rewardHoldDays?: InputMaybe<Scalars['Int']['input']>;
  /** Publishes these rules as the program's next version (validated first: nothing is written when one is refused). */
  rules?: InputMaybe<Array<ProgramRuleInput>>;
  shareEmailSubject?: InputMaybe<Scalars['String']['input']>;
  shareLinkUrl?: InputMaybe<Scalars['String']['input']>;
  shareMessage?: InputMaybe<Scalars['String']['input']>;
  shareParam?: InputMaybe<Scalars['String']['input']>;
  signupUrl?: InputMaybe<Scalars['String']['input']>;
  websiteUrl?: InputMaybe<Scalars['String']['input']>;
  widgetHeadline?: InputMaybe<Scalars['String']['input']>;
  widgetSubheadline?: InputMaybe<Scalars['String']['input']>;
};

/** One rule of the program: a trigger, a recipient, a reward or tiers of rewards, limits (docs/programs.md). */
export type ProgramRule = {
  __typename?: 'ProgramRule';
  eligibility: RuleEligibility;
  id: Scalars['String']['output'];
  limits: Array<RuleLimit>;
  name: Scalars['String']['output'];
  recipient: RuleRecipient;
  reward?: Maybe<RuleReward>;
  tiers?: Maybe<Array<RuleTier>>;
  trigger: RuleTrigger;
};

export type ProgramRuleInput = {
  eligibility?: InputMaybe<RuleEligibilityInput>;
  id: Scalars['String']['input'];
  limits?: InputMaybe<Array<RuleLimitInput>>;
  name: Scalars['String']['input'];
  recipient: RuleRecipient;
  reward?: InputMaybe<RuleRewardInput>;
  tiers?: InputMaybe<Array<RuleTierInput>>;
  trigger: RuleTriggerInput;
};

export type ProgramRuleVersion = {
  __typename?: 'ProgramRuleVersion';
  /** Epoch milliseconds. */
  publishedAt: Scalars['Float']['output'];
  /** Who published it: an operator's e-mail, an API key's prefix or a user id. */
  publishedBy: Scalars['String']['output'];
  rules: Array<ProgramRule>;
  version: Scalars['Int']['output'];
};

/** What draft rules would have given over a period, next to what was given (docs/programs.md, Simulate). */
export type ProgramSimulation = {
  __typename?: 'ProgramSimulation';
  /** Conversions of the program in the period, replayed in the order they happened. */
  conversions: Scalars['Int']['output'];
  /** Recorded user events of the period with a key of the draft's EVENT rules (0 when it has none). */
  events: Scalars['Int']['output'];
  from: Scalars['String']['output'];
  /** What the program gave in the period: its rules' rewards and its fixed referrer rewards, not cancelled (the friend's sign-up discount is left out: rules do not replace it). */
  given: Array<SimulationTotal>;
  /** Recorded payments due in the period, replayed for the draft's PAYMENT rules (0 when it has none); refunded or charged-back payments are left out. */
  payments: Scalars['Int']['output'];
  /** Per rule, what it would have given. */
  rules: Array<SimulatedRule>;
  to: Scalars['String']['output'];
  /** What the draft rules would have given in all. */
  wouldGive: Array<SimulationTotal>;
};

export type Query = {
  __typename?: 'Query';
  _empty?: Maybe<Scalars['Boolean']['output']>;
  /** Null for an account this tenant does not have. */
  account?: Maybe<Account>;
  /** Newest first; search matches an account id, user id, e-mail or share code exactly; query matches part of a name, e-mail, id or share code in any case and without accents, best matches first (exact, then prefix, then part, then similar) (first 1 to 100, default 25). */
  accounts: AccountPage;
  /** The tenant's active keys, newest first. */
  apiKeys: Array<ApiKey>;
  /** Newest first (OWNER and ADMIN). */
  auditLog: AuditLogPage;
  browserIntegration: BrowserIntegration;
  /** Cash owed to the account per currency (CASH rewards of program rules), below zero while a reversal's debt is unpaid; null for an unknown account. */
  cashBalance?: Maybe<Array<RewardBalance>>;
  dashboard: Dashboard;
  /** For each rule of the referral's version, what it gave and why or why not. NOT_FOUND for another tenant's referral. */
  explainRewards: Array<RewardExplanation>;
  job?: Maybe<Job>;
  /** Jobs, newest first (limit 1 to 100, default 20). */
  jobs: JobList;
  mailSender: MailSender;
  mailSuppressions: Array<MailSuppression>;
  /** Agents' actions, newest first: PENDING ones without a status (first: 1 to 200, default 50). */
  mcpPendingActions: Array<McpAction>;
  /** Newest first; status filters (PENDING, SENT, REFUSED, SUPPRESSED, NOT_SENT, DISABLED). */
  notificationDeliveries: Array<NotificationDelivery>;
  /** Renders a subject and body with example values; unknown variables are refused, named. */
  notificationPreview: NotificationPreview;
  /** Each kind's switch in the program (default program without an id). */
  notificationSettings: Array<NotificationSetting>;
  notificationTemplate: NotificationTemplate;
  /** Whether the signed-in operator receives the daily digest (setOperatorDigest). */
  operatorDigest: Scalars['Boolean']['output'];
  operators: Array<Operator>;
  paymentProcessor?: Maybe<PaymentProcessorConnection>;
  payoutConnections: Array<PayoutConnection>;
  payoutPolicy: PayoutPolicy;
  payoutRun: PayoutRun;
  /** The run's payouts as CSV (RFC 4180, cells a spreadsheet would run as formulas neutralised). */
  payoutRunCsv: Scalars['String']['output'];
  /** The tenant's payout runs, newest first. */
  payoutRuns: Array<PayoutRun>;
  /** Yearly total (minor units, per currency) above which a payee without a tax form waits; null: none. */
  payoutTaxThreshold?: Maybe<Scalars['Float']['output']>;
  /** What is due in a program, by payee, with what blocks each and the rewards behind it. */
  payoutsDue: PayoutsDue;
  /** Newest first; first is 1 to 100 (default 20). */
  processorNotifications: Array<ProcessorNotification>;
  /** A program by id; without one, the default program. */
  program: Program;
  /** The tenant's programs: the default one first, then the others by creation (archived ones too). */
  programs: Array<Program>;
  /** Null when the tenant has no such referral. */
  referral?: Maybe<ReferralDetail>;
  /** Newest first (first 1 to 100, default 25). */
  referrals: ReferralPage;
  /** Referrals the fraud policy held for review (REVIEW) that await a decision, with their signals; newest first, or best matches first with query (as ReferralFilter.query) (first 1 to 100, default 25). */
  referralsForReview: ReferralPage;
  referrerPayouts: ReferrerPayouts;
  /** Credit per unit; null for an unknown account. */
  rewardBalance?: Maybe<Array<RewardBalance>>;
  sftp: SftpSettings;
  /** The tenant's active SFTP keys, newest first. */
  sftpKeys: Array<SftpKey>;
  /** Replays the program's recorded conversions, payments and user events from from to to (UTC days, both included, at most 366 days) against draft rules, without writing anything. Without an id, the default program. */
  simulateProgram: ProgramSimulation;
  /** The tenant named in the path (and authenticated by its API key). */
  tenant: Tenant;
  /** A user's events, newest first (limit 1 to 100, default 20). */
  userEvents: UserEventList;
  validateJobCreation: JobValidation;
  /** An endpoint's delivery attempts, newest first (1 to 100 a page, 25 by default). Another tenant's endpoint is NOT_FOUND. */
  webhookDeliveries: WebhookDeliveryPage;
  /** The tenant's webhook endpoints, newest first. */
  webhookEndpoints: Array<WebhookEndpoint>;
  /** The catalogue of event types, with what each means. */
  webhookEventTypes: Array<WebhookEventType>;
};


export type QueryAccountArgs = {
  id: Scalars['String']['input'];
};


export type QueryAccountsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  query?: InputMaybe<Scalars['String']['input']>;
  search?: InputMaybe<Scalars['String']['input']>;
};


export type QueryAuditLogArgs = {
  action?: InputMaybe<Scalars['String']['input']>;
  actor?: InputMaybe<Scalars['String']['input']>;
  after?: InputMaybe<Scalars['ID']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  from?: InputMaybe<Scalars['String']['input']>;
  to?: InputMaybe<Scalars['String']['input']>;
};


export type QueryCashBalanceArgs = {
  accountId: Scalars['String']['input'];
};


export type QueryDashboardArgs = {
  range: DateRangeInput;
};


export type QueryExplainRewardsArgs = {
  referralId: Scalars['ID']['input'];
};


export type QueryJobArgs = {
  id: Scalars['ID']['input'];
};


export type QueryJobsArgs = {
  limit?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
  status?: InputMaybe<JobStatus>;
};


export type QueryMailSuppressionsArgs = {
  limit?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
};


export type QueryMcpPendingActionsArgs = {
  first?: InputMaybe<Scalars['Int']['input']>;
  status?: InputMaybe<McpActionStatus>;
};


export type QueryNotificationDeliveriesArgs = {
  limit?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
  status?: InputMaybe<Scalars['String']['input']>;
};


export type QueryNotificationPreviewArgs = {
  body: Scalars['String']['input'];
  kind: NotificationKind;
  locale: Scalars['String']['input'];
  programId?: InputMaybe<Scalars['ID']['input']>;
  subject: Scalars['String']['input'];
};


export type QueryNotificationSettingsArgs = {
  programId?: InputMaybe<Scalars['ID']['input']>;
};


export type QueryNotificationTemplateArgs = {
  kind: NotificationKind;
  locale: Scalars['String']['input'];
  programId?: InputMaybe<Scalars['ID']['input']>;
};


export type QueryPayoutPolicyArgs = {
  programId?: InputMaybe<Scalars['ID']['input']>;
};


export type QueryPayoutRunArgs = {
  id: Scalars['ID']['input'];
};


export type QueryPayoutRunCsvArgs = {
  id: Scalars['ID']['input'];
};


export type QueryPayoutRunsArgs = {
  first?: InputMaybe<Scalars['Int']['input']>;
};


export type QueryPayoutsDueArgs = {
  after?: InputMaybe<Scalars['ID']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  programId?: InputMaybe<Scalars['ID']['input']>;
};


export type QueryProcessorNotificationsArgs = {
  first?: InputMaybe<Scalars['Int']['input']>;
};


export type QueryProgramArgs = {
  id?: InputMaybe<Scalars['ID']['input']>;
};


export type QueryReferralArgs = {
  id: Scalars['ID']['input'];
};


export type QueryReferralsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  filter?: InputMaybe<ReferralFilter>;
  first?: InputMaybe<Scalars['Int']['input']>;
};


export type QueryReferralsForReviewArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  query?: InputMaybe<Scalars['String']['input']>;
};


export type QueryReferrerPayoutsArgs = {
  accountId: Scalars['ID']['input'];
};


export type QueryRewardBalanceArgs = {
  accountId: Scalars['String']['input'];
};


export type QuerySimulateProgramArgs = {
  from: Scalars['String']['input'];
  id?: InputMaybe<Scalars['ID']['input']>;
  rules: Array<ProgramRuleInput>;
  to: Scalars['String']['input'];
};


export type QueryUserEventsArgs = {
  accountId: Scalars['String']['input'];
  limit?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
  userId: Scalars['String']['input'];
};


export type QueryValidateJobCreationArgs = {
  jobInput: JobInput;
};


export type QueryWebhookDeliveriesArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  endpointId: Scalars['ID']['input'];
  first?: InputMaybe<Scalars['Int']['input']>;
};

export type Referral = {
  __typename?: 'Referral';
  attributionSource: AttributionSource;
  dateReferralEnded?: Maybe<Scalars['EpochMillis']['output']>;
  dateReferralPaid?: Maybe<Scalars['EpochMillis']['output']>;
  dateReferralStarted: Scalars['EpochMillis']['output'];
  /** What looked suspicious at attribution, each with its evidence; empty when nothing did. */
  fraudSignals: Array<FraudSignalHit>;
  /** The referred account's first user (by creation). */
  friend: Person;
  id: Scalars['ID']['output'];
  referralCodeUsed: Scalars['String']['output'];
  referredAccountId: Scalars['String']['output'];
  referredReward?: Maybe<Reward>;
  /** The referring user. */
  referrer: Person;
  referrerAccountId: Scalars['String']['output'];
  /** Null until the referral converts. */
  referrerReward?: Maybe<Reward>;
  referrerUserId: Scalars['String']['output'];
  /** The review the fraud policy asked for (REVIEW) and its decision; null when none was asked for. */
  review?: Maybe<ReferralReview>;
  status: ReferralStatus;
};

/** A hand action or note on a referral: who, when, why. */
export type ReferralActionEntry = {
  __typename?: 'ReferralActionEntry';
  action: ReferralActionKind;
  /** An operator's e-mail, or api for an API key. */
  actor: Scalars['String']['output'];
  at: Scalars['EpochMillis']['output'];
  id: Scalars['ID']['output'];
  /** The reason given (for a NOTE, the note itself). */
  reason: Scalars['String']['output'];
  /** A fulfilment's reference (MARK_FULFILLED). */
  reference?: Maybe<Scalars['String']['output']>;
  /** The reward acted on or granted, if any. */
  rewardId?: Maybe<Scalars['ID']['output']>;
  /** What it did, in words. */
  summary: Scalars['String']['output'];
};

export type ReferralActionKind =
  | 'CANCEL'
  | 'GRANT_REWARD'
  | 'MARK_FULFILLED'
  | 'NOTE'
  | 'REATTRIBUTE'
  | 'VOID_REWARD';

export type ReferralActionResult = {
  __typename?: 'ReferralActionResult';
  action: ReferralActionEntry;
  outcome: ActionOutcome;
  /** The referral as it now is. */
  referral: Referral;
};

export type ReferralDetail = {
  __typename?: 'ReferralDetail';
  /** Hand actions and notes, oldest first. */
  actions: Array<ReferralActionEntry>;
  /** Rewards operators granted on this referral (GRANT_REWARD), oldest first. */
  grantedRewards: Array<Reward>;
  referral: Referral;
  /** Oldest first. */
  timeline: Array<TimelineEntry>;
  /** The referral's lifecycle workflow. */
  workflowId: Scalars['String']['output'];
  /** Its page in the Temporal UI. */
  workflowUrl: Scalars['String']['output'];
};

/** All given conditions hold. Dates are UTC days (YYYY-MM-DD, inclusive) of the start. */
export type ReferralFilter = {
  /** The code used, any case. */
  code?: InputMaybe<Scalars['String']['input']>;
  from?: InputMaybe<Scalars['String']['input']>;
  /** Part of a name, e-mail, id (account, user or referral) or share code of the referrer or the friend, in any case and without accents; best matches first (exact, then prefix, then part, then similar). */
  query?: InputMaybe<Scalars['String']['input']>;
  /** An account id (referrer or referred), user id, e-mail or code used, matched exactly (e-mail and code in any case). */
  search?: InputMaybe<Scalars['String']['input']>;
  status?: InputMaybe<ReferralStatus>;
  to?: InputMaybe<Scalars['String']['input']>;
};

export type ReferralPage = {
  __typename?: 'ReferralPage';
  /** Pass as after for the next page. */
  endCursor?: Maybe<Scalars['String']['output']>;
  hasNextPage: Scalars['Boolean']['output'];
  items: Array<Referral>;
};

export type ReferralReview = {
  __typename?: 'ReferralReview';
  dateReviewed?: Maybe<Scalars['EpochMillis']['output']>;
  /** The operator's reason; null while PENDING. */
  reason?: Maybe<Scalars['String']['output']>;
  /** Who decided: an operator's e-mail, or api for an API key. */
  reviewedBy?: Maybe<Scalars['String']['output']>;
  status: ReviewStatus;
};

export type ReferralSide =
  /** The referred account. */
  | 'REFERRED'
  /** The referrer (their account and user). */
  | 'REFERRER';

export type ReferralStatus =
  | 'CONVERTED'
  | 'ENDED'
  | 'IN_PROGRESS';

export type ReferrerPayouts = {
  __typename?: 'ReferrerPayouts';
  balances: Array<CashBalance>;
  payee: Payee;
  payouts: Array<Payout>;
};

export type ReferrerRewardInput = {
  amountCents?: InputMaybe<Scalars['Float']['input']>;
  discountPercent?: InputMaybe<Scalars['Int']['input']>;
  type: RewardType;
  unit?: InputMaybe<Scalars['String']['input']>;
};

/** What a referrer earns when a referral converts. */
export type ReferrerRewardSettings = {
  __typename?: 'ReferrerRewardSettings';
  amountCents?: Maybe<Scalars['Float']['output']>;
  discountPercent?: Maybe<Scalars['Int']['output']>;
  type: RewardType;
  unit?: Maybe<Scalars['String']['output']>;
};

/** The new referrer: accountId and userId, or a share code. */
export type ReferrerTargetInput = {
  accountId?: InputMaybe<Scalars['String']['input']>;
  code?: InputMaybe<Scalars['String']['input']>;
  userId?: InputMaybe<Scalars['String']['input']>;
};

/** An origin whose browser calls were refused because the program's allowedOrigins does not list it. */
export type RefusedOrigin = {
  __typename?: 'RefusedOrigin';
  firstSeenAt: Scalars['EpochMillis']['output'];
  lastSeenAt: Scalars['EpochMillis']['output'];
  origin: Scalars['String']['output'];
  /** Requests and preflights refused (counted per gateway, written in batches). */
  requests: Scalars['Float']['output'];
};

export type ReturnFigure = {
  __typename?: 'ReturnFigure';
  currency: Scalars['String']['output'];
  /** Total revenue over the cost given and pending; null without cost. */
  ratio?: Maybe<Scalars['Float']['output']>;
};

/** Operator numbers: revenue of referred customers in one currency, in major units as subscription.value is stored. */
export type RevenueFigure = {
  __typename?: 'RevenueFigure';
  currency: Scalars['String']['output'];
  /** Referred customers whose first payment fell in the range. */
  customers: Scalars['Int']['output'];
  /** Their subscription value, once each. */
  firstPayment: Scalars['Float']['output'];
  /** Their subscription value times the billing periods paid since the first payment (to the end, or now; a month counts 30 days). */
  total: Scalars['Float']['output'];
};

export type ReviewDecision =
  /** The rewards become AVAILABLE (or PENDING until the program's hold ends) and the discount sync follows. */
  | 'APPROVE'
  /** The rewards are cancelled. */
  | 'DENY';

export type ReviewOutcome =
  /** Decided before: a decision is final, and sending it again changes nothing. */
  | 'ALREADY_DECIDED'
  /** Decided by this call. */
  | 'DECIDED'
  /** The tenant has no such referral. */
  | 'NOT_FOUND'
  /** The fraud policy never held this referral for review. */
  | 'NOT_UNDER_REVIEW';

export type ReviewResult = {
  __typename?: 'ReviewResult';
  id: Scalars['ID']['output'];
  outcome: ReviewOutcome;
  /** The referral as it now is (null when NOT_FOUND). */
  referral?: Maybe<Referral>;
};

export type ReviewStatus =
  | 'APPROVED'
  | 'DENIED'
  /** Awaiting an operator's decision; the referral's rewards are PENDING_REVIEW. */
  | 'PENDING';

export type Reward = {
  __typename?: 'Reward';
  amountCents?: Maybe<Scalars['Float']['output']>;
  dateCancelled?: Maybe<Scalars['EpochMillis']['output']>;
  dateExpired?: Maybe<Scalars['EpochMillis']['output']>;
  /** Epoch milliseconds. */
  dateGiven: Scalars['EpochMillis']['output'];
  dateRedeemed?: Maybe<Scalars['EpochMillis']['output']>;
  discountPercent?: Maybe<Scalars['Int']['output']>;
  /** When an AVAILABLE credit reward's unredeemed part expires. */
  expiresAt?: Maybe<Scalars['EpochMillis']['output']>;
  /** When a PENDING reward's hold ends. */
  holdUntil?: Maybe<Scalars['EpochMillis']['output']>;
  id: Scalars['ID']['output'];
  redeemedCents: Scalars['Float']['output'];
  /** Null for an ADJUSTMENT. */
  referralId?: Maybe<Scalars['ID']['output']>;
  rewardSource: RewardSource;
  status: RewardStatus;
  type: RewardType;
  unit?: Maybe<Scalars['String']['output']>;
};

export type RewardBalance = {
  __typename?: 'RewardBalance';
  available: Scalars['Float']['output'];
  /** Credit that expired unredeemed. */
  expired: Scalars['Float']['output'];
  /** When the next part of the available credit expires; null if none does. */
  nextExpiry?: Maybe<Scalars['EpochMillis']['output']>;
  /** Credit granted but held or awaiting review (not redeemable yet). */
  pending: Scalars['Float']['output'];
  totalAssigned: Scalars['Float']['output'];
  totalRedeemed: Scalars['Float']['output'];
  unit: Scalars['String']['output'];
};

/** What rewards given in the range cost one side in one currency (major units); cancelled rewards cost nothing. */
export type RewardCostFigure = {
  __typename?: 'RewardCostFigure';
  /** Credit amounts, and each percent discount as that percent of one billing period of the subscription. */
  costGiven: Scalars['Float']['output'];
  costPending: Scalars['Float']['output'];
  currency: Scalars['String']['output'];
  rewardsGiven: Scalars['Int']['output'];
  rewardsPending: Scalars['Int']['output'];
  side: RewardSide;
};

/** What one rule (or the program's fixed reward) gave on a referral and why, or why it gave nothing. */
export type RewardExplanation = {
  __typename?: 'RewardExplanation';
  outcome: RewardOutcome;
  recipient: RuleRecipient;
  /** The reward given, and its status now. */
  rewardId?: Maybe<Scalars['ID']['output']>;
  rewardStatus?: Maybe<RewardStatus>;
  /** The rule (null: the program's fixed reward, for a referral made before any rules). */
  ruleId?: Maybe<Scalars['String']['output']>;
  ruleName: Scalars['String']['output'];
  /** A sentence: what was given for which event, or the reason nothing was (a limit named, a milestone not reached, not converted yet), and where the reward stands (held until a date, awaiting review, cancelled). */
  text: Scalars['String']['output'];
};

export type RewardOutcome =
  | 'GRANTED'
  | 'NOT_GRANTED';

export type RewardSide =
  | 'REFERRED'
  | 'REFERRER';

export type RewardSource =
  /** Credit an operator added or removed by hand (adjustCredit): on no referral. */
  | 'ADJUSTMENT'
  | 'FRIEND_SIGNUP'
  | 'REFERRED';

export type RewardStatus =
  | 'AVAILABLE'
  | 'CANCELLED'
  /** Credit whose unredeemed part expired (creditExpiryDays); redeemedCents stays redeemed. */
  | 'EXPIRED'
  /** Held until holdUntil (the program's rewardHoldDays); cancelled instead if the referred account cancels. */
  | 'PENDING'
  /** Its referral awaits an operator's review (the fraud policy's REVIEW). */
  | 'PENDING_REVIEW'
  | 'REDEEMED';

export type RewardType =
  /** Money owed to the referrer, kept in the balance until paid out: given by a program rule only. */
  | 'CASH'
  | 'CREDIT'
  /** An amount off in a currency: given by a program rule only. */
  | 'FIXED_DISCOUNT'
  | 'PCT_DISCOUNT';

/** A rotated signing secret, shown this once; the former one keeps signing until previousSecretExpiresAt. */
export type RotatedWebhookSecret = {
  __typename?: 'RotatedWebhookSecret';
  endpoint: WebhookEndpoint;
  previousSecretExpiresAt: Scalars['EpochMillis']['output'];
  secret: Scalars['String']['output'];
};

export type RuleEligibility = {
  __typename?: 'RuleEligibility';
  minSubscriptionValueCents?: Maybe<Scalars['Float']['output']>;
  newCustomersOnly?: Maybe<Scalars['Boolean']['output']>;
};

export type RuleEligibilityInput = {
  minSubscriptionValueCents?: InputMaybe<Scalars['Float']['input']>;
  newCustomersOnly?: InputMaybe<Scalars['Boolean']['input']>;
};

export type RuleLimit = {
  __typename?: 'RuleLimit';
  maxAmountCents?: Maybe<Scalars['Float']['output']>;
  maxCount?: Maybe<Scalars['Int']['output']>;
  period: RuleLimitPeriod;
};

export type RuleLimitInput = {
  maxAmountCents?: InputMaybe<Scalars['Float']['input']>;
  maxCount?: InputMaybe<Scalars['Int']['input']>;
  period: RuleLimitPeriod;
};

export type RuleLimitPeriod =
  | 'LIFETIME'
  | 'MONTH'
  | 'YEAR';

export type RuleRecipient =
  | 'REFERRED'
  | 'REFERRER';

export type RuleReward = {
  __typename?: 'RuleReward';
  amountCents?: Maybe<Scalars['Float']['output']>;
  /** FIXED_DISCOUNT and CASH: an ISO 4217 code. */
  currency?: Maybe<Scalars['String']['output']>;
  discountPercent?: Maybe<Scalars['Int']['output']>;
  /** CASH on a PAYMENT rule: a share of the payment instead of amountCents. */
  percentOfPayment?: Maybe<Scalars['Float']['output']>;
  type: RuleRewardType;
  /** CREDIT: the credit's unit (e.g. USD). */
  unit?: Maybe<Scalars['String']['output']>;
};

export type RuleRewardInput = {
  amountCents?: InputMaybe<Scalars['Float']['input']>;
  currency?: InputMaybe<Scalars['String']['input']>;
  discountPercent?: InputMaybe<Scalars['Int']['input']>;
  percentOfPayment?: InputMaybe<Scalars['Float']['input']>;
  type: RuleRewardType;
  unit?: InputMaybe<Scalars['String']['input']>;
};

export type RuleRewardType =
  /** Money owed to the referrer (an amount, or a percentage of the payment); kept in the balance until paid out. */
  | 'CASH'
  | 'CREDIT'
  /** An amount off in a currency. */
  | 'FIXED_DISCOUNT'
  | 'PCT_DISCOUNT';

export type RuleTier = {
  __typename?: 'RuleTier';
  fromConversions: Scalars['Int']['output'];
  reward: RuleReward;
  toConversions?: Maybe<Scalars['Int']['output']>;
};

export type RuleTierInput = {
  fromConversions: Scalars['Int']['input'];
  reward: RuleRewardInput;
  toConversions?: InputMaybe<Scalars['Int']['input']>;
};

export type RuleTrigger = {
  __typename?: 'RuleTrigger';
  atLeast?: Maybe<Scalars['Float']['output']>;
  /** MILESTONE: the count of converted referrals. */
  conversions?: Maybe<Scalars['Int']['output']>;
  /** EVENT: the user event's key, and optionally a numeric field that must be at least atLeast. */
  eventKey?: Maybe<Scalars['String']['output']>;
  field?: Maybe<Scalars['String']['output']>;
  /** PAYMENT: months after the conversion (null: for life). */
  forMonths?: Maybe<Scalars['Int']['output']>;
  type: RuleTriggerType;
};

export type RuleTriggerInput = {
  atLeast?: InputMaybe<Scalars['Float']['input']>;
  conversions?: InputMaybe<Scalars['Int']['input']>;
  eventKey?: InputMaybe<Scalars['String']['input']>;
  field?: InputMaybe<Scalars['String']['input']>;
  forMonths?: InputMaybe<Scalars['Int']['input']>;
  type: RuleTriggerType;
};

export type RuleTriggerType =
  /** The referral's first PAID. */
  | 'CONVERSION'
  /** A user event of the referred account, once per referred account. */
  | 'EVENT'
  /** The referrer's converted referrals reach a count. */
  | 'MILESTONE'
  /** Each payment reported for the referred account: processor charges, PAID syncs with a value, events of the payment event key. */
  | 'PAYMENT';

/** An SSH public key that may upload for the tenant, by its OpenSSH fingerprint. */
export type SftpKey = {
  __typename?: 'SftpKey';
  comment?: Maybe<Scalars['String']['output']>;
  dateCreated: Scalars['EpochMillis']['output'];
  /** The last successful SFTP sign-in with this key. */
  dateLastUsed?: Maybe<Scalars['EpochMillis']['output']>;
  /** Set once revoked; a revoked key is refused at the next connection. */
  dateRevoked?: Maybe<Scalars['EpochMillis']['output']>;
  /** SHA256:<base64>, as ssh-keygen -l prints it. */
  fingerprint: Scalars['String']['output'];
  /** e.g. ssh-ed25519, ssh-rsa, ecdsa-sha2-nistp256. */
  keyType: Scalars['String']['output'];
};

/** The SFTP integration: whether it is on, and how to connect (sftp -P <port> <username>@<host>). */
export type SftpSettings = {
  __typename?: 'SftpSettings';
  enabled: Scalars['Boolean']['output'];
  host: Scalars['String']['output'];
  port: Scalars['Int']['output'];
  /** The tenant's alias. */
  username: Scalars['String']['output'];
};

export type SimulatedRule = {
  __typename?: 'SimulatedRule';
  /** What the program's published rule of this id (any version) gave in the period, not cancelled. */
  given: Array<SimulationTotal>;
  ruleId: Scalars['String']['output'];
  ruleName: Scalars['String']['output'];
  /** What the rule would have given. */
  totals: Array<SimulationTotal>;
};

/** Rewards in a UTC month and a unit: a currency or credit unit (amount in cents), or PERCENT (percent discounts, summed). */
export type SimulationTotal = {
  __typename?: 'SimulationTotal';
  amount: Scalars['Float']['output'];
  /** YYYY-MM (UTC). */
  month: Scalars['String']['output'];
  rewards: Scalars['Int']['output'];
  unit: Scalars['String']['output'];
};

export type Subscription = {
  __typename?: 'Subscription';
  billingIntervalType?: Maybe<Scalars['String']['output']>;
  billingIntervalValue?: Maybe<Scalars['Int']['output']>;
  status?: Maybe<Scalars['String']['output']>;
  value?: Maybe<Scalars['Float']['output']>;
};

/** The program owner the credentials belong to. */
export type Tenant = {
  __typename?: 'Tenant';
  alias: Scalars['String']['output'];
  /** Creation time, epoch milliseconds. */
  dateCreated: Scalars['EpochMillis']['output'];
  mode: TenantMode;
  name: Scalars['String']['output'];
};

export type TenantMode =
  | 'LIVE'
  | 'TEST';

export type TimelineEntry = {
  __typename?: 'TimelineEntry';
  at: Scalars['EpochMillis']['output'];
  description: Scalars['String']['output'];
  kind: TimelineKind;
};

export type TimelineKind =
  | 'ATTRIBUTED'
  | 'CONVERTED'
  | 'ENDED'
  /** An operator's review decision (the description names who and why). */
  | 'REVIEWED'
  | 'REWARD_CANCELLED'
  /** Credit whose unredeemed part expired. */
  | 'REWARD_EXPIRED'
  | 'REWARD_GIVEN'
  | 'REWARD_REDEEMED';

/** Only the fields given change. */
export type UpdateWebhookEndpointInput = {
  description?: InputMaybe<Scalars['String']['input']>;
  /** true re-enables a disabled endpoint (clearing the reason); false disables it. */
  enabled?: InputMaybe<Scalars['Boolean']['input']>;
  eventTypes?: InputMaybe<Array<Scalars['String']['input']>>;
  url?: InputMaybe<Scalars['String']['input']>;
};

/** The user fields identification sets; null clears one; at least one. */
export type UserEditInput = {
  email?: InputMaybe<Scalars['String']['input']>;
  firstName?: InputMaybe<Scalars['String']['input']>;
  lastName?: InputMaybe<Scalars['String']['input']>;
  locale?: InputMaybe<Scalars['String']['input']>;
};

export type UserEvent = {
  __typename?: 'UserEvent';
  dateReceived: Scalars['EpochMillis']['output'];
  dateTriggered: Scalars['EpochMillis']['output'];
  fields: Scalars['JSON']['output'];
  id: Scalars['ID']['output'];
  key: Scalars['String']['output'];
};

export type UserEventDataInput = {
  /** When it happened; default: when it was received. */
  dateTriggered?: InputMaybe<Scalars['EpochMillis']['input']>;
  /** A JSON object of at most 16 KB whose strings are at most 1,500 UTF-8 bytes. */
  fields?: InputMaybe<Scalars['JSON']['input']>;
  /** The event kind, e.g. purchase (1 to 255 characters). */
  key: Scalars['String']['input'];
};

export type UserEventInput = {
  accountId: Scalars['String']['input'];
  events: Array<UserEventDataInput>;
  /** 8 to 64 characters of A-Z a-z 0-9 - _ . (a UUID fits); a repeat within 24 hours is IDEMPOTENCY_KEY_USED. */
  idempotencyKey?: InputMaybe<Scalars['String']['input']>;
  userId: Scalars['String']['input'];
};

export type UserEventList = {
  __typename?: 'UserEventList';
  events: Array<UserEvent>;
  totalCount: Scalars['Int']['output'];
};

export type UserEventResult = {
  __typename?: 'UserEventResult';
  accountId: Scalars['String']['output'];
  events: Array<UserEvent>;
  userId: Scalars['String']['output'];
};

/** One HTTP attempt of a webhook delivery. */
export type WebhookDelivery = {
  __typename?: 'WebhookDelivery';
  /** 1 for the first attempt of a delivery (a replay starts at 1 again). */
  attempt: Scalars['Int']['output'];
  dateStarted: Scalars['EpochMillis']['output'];
  endpointId: Scalars['ID']['output'];
  error?: Maybe<Scalars['String']['output']>;
  /** The event's id: the webhook-id header, the same for every attempt and replay. */
  eventId: Scalars['ID']['output'];
  eventType: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  latencyMs: Scalars['Int']['output'];
  outcome: WebhookDeliveryOutcome;
  /** The answer's first 512 bytes, as text. */
  responseExcerpt?: Maybe<Scalars['String']['output']>;
  /** Null when no answer came (refused, timed out, or the URL guard refused the host). */
  statusCode?: Maybe<Scalars['Int']['output']>;
};

/** What one delivery attempt came to. */
export type WebhookDeliveryOutcome =
  /** The last attempt of the schedule failed: the delivery gave up (replay it). */
  | 'ABANDONED'
  /** No 2xx answer (or none at all); the delivery tries again on its schedule. */
  | 'FAILED'
  /** 410 Gone: the endpoint was disabled and the delivery stopped. */
  | 'GONE'
  /** A 2xx answer: delivered. */
  | 'SUCCEEDED'
  /** Sent, with no outcome recorded: in flight now, or its worker stopped before the answer was logged (the receiver may have it); the delivery goes on with the same webhook-id. */
  | 'UNKNOWN';

export type WebhookDeliveryPage = {
  __typename?: 'WebhookDeliveryPage';
  /** Pass as after for the next page. */
  endCursor?: Maybe<Scalars['String']['output']>;
  hasNextPage: Scalars['Boolean']['output'];
  items: Array<WebhookDelivery>;
};

/** Where the tenant receives webhooks. The signing secret is never shown again after creation or rotation. */
export type WebhookEndpoint = {
  __typename?: 'WebhookEndpoint';
  dateCreated: Scalars['EpochMillis']['output'];
  dateDisabled?: Maybe<Scalars['EpochMillis']['output']>;
  dateUpdated: Scalars['EpochMillis']['output'];
  description: Scalars['String']['output'];
  disabledReason?: Maybe<Scalars['String']['output']>;
  /** False once disabled (by an operator, a 410 Gone answer, or three days of failed deliveries). */
  enabled: Scalars['Boolean']['output'];
  /** Event type names it receives; empty means every type. */
  eventTypes: Array<Scalars['String']['output']>;
  id: Scalars['ID']['output'];
  /** Until when the secret replaced by the last rotation still signs deliveries (beside the new one). */
  previousSecretExpiresAt?: Maybe<Scalars['EpochMillis']['output']>;
  url: Scalars['String']['output'];
};

/** An outbound webhook event type of the catalogue. */
export type WebhookEventType = {
  __typename?: 'WebhookEventType';
  description: Scalars['String']['output'];
  /** e.g. referral.converted */
  name: Scalars['String']['output'];
};

/** Deliveries started again for one event. */
export type WebhookReplay = {
  __typename?: 'WebhookReplay';
  /** The endpoints it is delivered to again. */
  endpointIds: Array<Scalars['ID']['output']>;
  eventId: Scalars['ID']['output'];
};

/** Events replayed to one endpoint. */
export type WebhookReplayBatch = {
  __typename?: 'WebhookReplayBatch';
  endpointId: Scalars['ID']['output'];
  eventIds: Array<Scalars['ID']['output']>;
};

/** A webhook.test event on its way to one endpoint. */
export type WebhookTestSent = {
  __typename?: 'WebhookTestSent';
  endpointId: Scalars['ID']['output'];
  eventId: Scalars['ID']['output'];
};



export type ResolverTypeWrapper<T> = Promise<T> | T;


export type ResolverWithResolve<TResult, TParent, TContext, TArgs> = {
  resolve: ResolverFn<TResult, TParent, TContext, TArgs>;
};
export type Resolver<TResult, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>, TArgs = Record<PropertyKey, never>> = ResolverFn<TResult, TParent, TContext, TArgs> | ResolverWithResolve<TResult, TParent, TContext, TArgs>;

export type ResolverFn<TResult, TParent, TContext, TArgs> = (
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => Promise<TResult> | TResult;

export type SubscriptionSubscribeFn<TResult, TParent, TContext, TArgs> = (
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => AsyncIterable<TResult> | Promise<AsyncIterable<TResult>>;

export type SubscriptionResolveFn<TResult, TParent, TContext, TArgs> = (
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => TResult | Promise<TResult>;

export interface SubscriptionSubscriberObject<TResult, TKey extends string, TParent, TContext, TArgs> {
  subscribe: SubscriptionSubscribeFn<{ [key in TKey]: TResult }, TParent, TContext, TArgs>;
  resolve?: SubscriptionResolveFn<TResult, { [key in TKey]: TResult }, TContext, TArgs>;
}

export interface SubscriptionResolverObject<TResult, TParent, TContext, TArgs> {
  subscribe: SubscriptionSubscribeFn<any, TParent, TContext, TArgs>;
  resolve: SubscriptionResolveFn<TResult, any, TContext, TArgs>;
}

export type SubscriptionObject<TResult, TKey extends string, TParent, TContext, TArgs> =
  | SubscriptionSubscriberObject<TResult, TKey, TParent, TContext, TArgs>
  | SubscriptionResolverObject<TResult, TParent, TContext, TArgs>;

export type SubscriptionResolver<TResult, TKey extends string, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>, TArgs = Record<PropertyKey, never>> =
  | ((...args: any[]) => SubscriptionObject<TResult, TKey, TParent, TContext, TArgs>)
  | SubscriptionObject<TResult, TKey, TParent, TContext, TArgs>;

export type TypeResolveFn<TTypes, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>> = (
  parent: TParent,
  context: TContext,
  info: GraphQLResolveInfo
) => Maybe<TTypes> | Promise<Maybe<TTypes>>;

export type IsTypeOfResolverFn<T = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>> = (obj: T, context: TContext, info: GraphQLResolveInfo) => boolean | Promise<boolean>;

export type NextResolverFn<T> = () => Promise<T>;

export type DirectiveResolverFn<TResult = Record<PropertyKey, never>, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>, TArgs = Record<PropertyKey, never>> = (
  next: NextResolverFn<TResult>,
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => TResult | Promise<TResult>;





/** Mapping between all available schema types and the resolvers types */
export type ResolversTypes = {
  Account: ResolverTypeWrapper<AccountParent>;
  AccountActionEntry: ResolverTypeWrapper<AccountActionEntry>;
  AccountActionKind: AccountActionKind;
  AccountActionResult: ResolverTypeWrapper<Omit<AccountActionResult, 'account'> & { account?: Maybe<ResolversTypes['Account']> }>;
  AccountPage: ResolverTypeWrapper<AccountPage>;
  AccountSummary: ResolverTypeWrapper<AccountSummary>;
  AccountUser: ResolverTypeWrapper<AccountUser>;
  ActionOutcome: ActionOutcome;
  ApiKey: ResolverTypeWrapper<ApiKey>;
  ApiKeyPurpose: ApiKeyPurpose;
  ApiKeyScope: ApiKeyScope;
  AttributionSource: AttributionSource;
  AuditActorKind: AuditActorKind;
  AuditEntry: ResolverTypeWrapper<AuditEntry>;
  AuditLogPage: ResolverTypeWrapper<AuditLogPage>;
  Boolean: ResolverTypeWrapper<Scalars['Boolean']['output']>;
  BrowserIntegration: ResolverTypeWrapper<BrowserIntegration>;
  BulkReferralActionInput: BulkReferralActionInput;
  BulkReferralActionKind: BulkReferralActionKind;
  BulkRowOutcome: BulkRowOutcome;
  BulkRowResult: ResolverTypeWrapper<BulkRowResult>;
  CashBalance: ResolverTypeWrapper<CashBalance>;
  ConnectPaymentProcessorInput: ConnectPaymentProcessorInput;
  CreateWebhookEndpointInput: CreateWebhookEndpointInput;
  CreatedApiKey: ResolverTypeWrapper<CreatedApiKey>;
  CreatedWebhookEndpoint: ResolverTypeWrapper<CreatedWebhookEndpoint>;
  CreditAmount: ResolverTypeWrapper<CreditAmount>;
  DailyPoint: ResolverTypeWrapper<DailyPoint>;
  Dashboard: ResolverTypeWrapper<Dashboard>;
  DashboardNumbers: ResolverTypeWrapper<DashboardNumbers>;
  DateRangeInput: DateRangeInput;
  DuePayee: ResolverTypeWrapper<DuePayee>;
  EpochMillis: ResolverTypeWrapper<Scalars['EpochMillis']['output']>;
  Float: ResolverTypeWrapper<Scalars['Float']['output']>;
  FraudAction: FraudAction;
  FraudRule: ResolverTypeWrapper<FraudRule>;
  FraudRuleInput: FraudRuleInput;
  FraudSignal: FraudSignal;
  FraudSignalHit: ResolverTypeWrapper<FraudSignalHit>;
  GeneratedSftpKey: ResolverTypeWrapper<GeneratedSftpKey>;
  ID: ResolverTypeWrapper<Scalars['ID']['output']>;
  Int: ResolverTypeWrapper<Scalars['Int']['output']>;
  JSON: ResolverTypeWrapper<Scalars['JSON']['output']>;
  Job: ResolverTypeWrapper<Job>;
  JobFilters: ResolverTypeWrapper<JobFilters>;
  JobFiltersInput: JobFiltersInput;
  JobInput: JobInput;
  JobList: ResolverTypeWrapper<JobList>;
  JobStats: ResolverTypeWrapper<JobStats>;
  JobStatus: JobStatus;
  JobValidation: ResolverTypeWrapper<JobValidation>;
  LeaderboardEntry: ResolverTypeWrapper<LeaderboardEntry>;
  MailSender: ResolverTypeWrapper<MailSender>;
  MailSuppression: ResolverTypeWrapper<MailSuppression>;
  ManualRewardInput: ManualRewardInput;
  McpAction: ResolverTypeWrapper<McpAction>;
  McpActionStatus: McpActionStatus;
  McpActionTool: McpActionTool;
  Mutation: ResolverTypeWrapper<Record<PropertyKey, never>>;
  NotificationDelivery: ResolverTypeWrapper<NotificationDelivery>;
  NotificationKind: NotificationKind;
  NotificationPreview: ResolverTypeWrapper<NotificationPreview>;
  NotificationSetting: ResolverTypeWrapper<NotificationSetting>;
  NotificationTemplate: ResolverTypeWrapper<NotificationTemplate>;
  Operator: ResolverTypeWrapper<Operator>;
  OperatorAccessLink: ResolverTypeWrapper<OperatorAccessLink>;
  OperatorRole: OperatorRole;
  Payee: ResolverTypeWrapper<Payee>;
  PayeeTaxStatusInput: PayeeTaxStatusInput;
  PaymentProcessorConnection: ResolverTypeWrapper<PaymentProcessorConnection>;
  PaymentProcessorEnvironment: PaymentProcessorEnvironment;
  PaymentProcessorKind: PaymentProcessorKind;
  Payout: ResolverTypeWrapper<Payout>;
  PayoutBlocker: PayoutBlocker;
  PayoutConnection: ResolverTypeWrapper<PayoutConnection>;
  PayoutConnectionInput: PayoutConnectionInput;
  PayoutMethod: ResolverTypeWrapper<PayoutMethod>;
  PayoutMethodInput: PayoutMethodInput;
  PayoutMethodResult: ResolverTypeWrapper<PayoutMethodResult>;
  PayoutMethodType: PayoutMethodType;
  PayoutPolicy: ResolverTypeWrapper<PayoutPolicy>;
  PayoutPolicyInput: PayoutPolicyInput;
  PayoutReason: ResolverTypeWrapper<PayoutReason>;
  PayoutRun: ResolverTypeWrapper<PayoutRunParent>;
  PayoutRunInput: PayoutRunInput;
  PayoutRunStatus: PayoutRunStatus;
  PayoutRunTotal: ResolverTypeWrapper<PayoutRunTotal>;
  PayoutSchedule: PayoutSchedule;
  PayoutStatus: PayoutStatus;
  PayoutsDue: ResolverTypeWrapper<PayoutsDue>;
  Person: ResolverTypeWrapper<Person>;
  ProcessorNotification: ResolverTypeWrapper<ProcessorNotification>;
  ProcessorWebhookRegistration: ProcessorWebhookRegistration;
  Program: ResolverTypeWrapper<ProgramParent>;
  ProgramInput: ProgramInput;
  ProgramRule: ResolverTypeWrapper<ProgramRule>;
  ProgramRuleInput: ProgramRuleInput;
  ProgramRuleVersion: ResolverTypeWrapper<ProgramRuleVersion>;
  ProgramSimulation: ResolverTypeWrapper<ProgramSimulation>;
  Query: ResolverTypeWrapper<Record<PropertyKey, never>>;
  Referral: ResolverTypeWrapper<ReferralParent>;
  ReferralActionEntry: ResolverTypeWrapper<ReferralActionEntry>;
  ReferralActionKind: ReferralActionKind;
  ReferralActionResult: ResolverTypeWrapper<Omit<ReferralActionResult, 'referral'> & { referral: ResolversTypes['Referral'] }>;
  ReferralDetail: ResolverTypeWrapper<ReferralDetailParent>;
  ReferralFilter: ReferralFilter;
  ReferralPage: ResolverTypeWrapper<Omit<ReferralPage, 'items'> & { items: Array<ResolversTypes['Referral']> }>;
  ReferralReview: ResolverTypeWrapper<ReferralReview>;
  ReferralSide: ReferralSide;
  ReferralStatus: ReferralStatus;
  ReferrerPayouts: ResolverTypeWrapper<ReferrerPayouts>;
  ReferrerRewardInput: ReferrerRewardInput;
  ReferrerRewardSettings: ResolverTypeWrapper<ReferrerRewardSettings>;
  ReferrerTargetInput: ReferrerTargetInput;
  RefusedOrigin: ResolverTypeWrapper<RefusedOrigin>;
  ReturnFigure: ResolverTypeWrapper<ReturnFigure>;
  RevenueFigure: ResolverTypeWrapper<RevenueFigure>;
  ReviewDecision: ReviewDecision;
  ReviewOutcome: ReviewOutcome;
  ReviewResult: ResolverTypeWrapper<Omit<ReviewResult, 'referral'> & { referral?: Maybe<ResolversTypes['Referral']> }>;
  ReviewStatus: ReviewStatus;
  Reward: ResolverTypeWrapper<Reward>;
  RewardBalance: ResolverTypeWrapper<RewardBalance>;
  RewardCostFigure: ResolverTypeWrapper<RewardCostFigure>;
  RewardExplanation: ResolverTypeWrapper<RewardExplanation>;
  RewardOutcome: RewardOutcome;
  RewardSide: RewardSide;
  RewardSource: RewardSource;
  RewardStatus: RewardStatus;
  RewardType: RewardType;
  RotatedWebhookSecret: ResolverTypeWrapper<RotatedWebhookSecret>;
  RuleEligibility: ResolverTypeWrapper<RuleEligibility>;
  RuleEligibilityInput: RuleEligibilityInput;
  RuleLimit: ResolverTypeWrapper<RuleLimit>;
  RuleLimitInput: RuleLimitInput;
  RuleLimitPeriod: RuleLimitPeriod;
  RuleRecipient: RuleRecipient;
  RuleReward: ResolverTypeWrapper<RuleReward>;
  RuleRewardInput: RuleRewardInput;
  RuleRewardType: RuleRewardType;
  RuleTier: ResolverTypeWrapper<RuleTier>;
  RuleTierInput: RuleTierInput;
  RuleTrigger: ResolverTypeWrapper<RuleTrigger>;
  RuleTriggerInput: RuleTriggerInput;
  RuleTriggerType: RuleTriggerType;
  SftpKey: ResolverTypeWrapper<SftpKey>;
  SftpSettings: ResolverTypeWrapper<SftpSettings>;
  SimulatedRule: ResolverTypeWrapper<SimulatedRule>;
  SimulationTotal: ResolverTypeWrapper<SimulationTotal>;
  String: ResolverTypeWrapper<Scalars['String']['output']>;
  Subscription: ResolverTypeWrapper<Record<PropertyKey, never>>;
  Tenant: ResolverTypeWrapper<Tenant>;
  TenantMode: TenantMode;
  TimelineEntry: ResolverTypeWrapper<TimelineEntry>;
  TimelineKind: TimelineKind;
  UpdateWebhookEndpointInput: UpdateWebhookEndpointInput;
  UserEditInput: UserEditInput;
  UserEvent: ResolverTypeWrapper<UserEvent>;
  UserEventDataInput: UserEventDataInput;
  UserEventInput: UserEventInput;
  UserEventList: ResolverTypeWrapper<UserEventList>;
  UserEventResult: ResolverTypeWrapper<UserEventResult>;
  WebhookDelivery: ResolverTypeWrapper<WebhookDelivery>;
  WebhookDeliveryOutcome: WebhookDeliveryOutcome;
  WebhookDeliveryPage: ResolverTypeWrapper<WebhookDeliveryPage>;
  WebhookEndpoint: ResolverTypeWrapper<WebhookEndpoint>;
  WebhookEventType: ResolverTypeWrapper<WebhookEventType>;
  WebhookReplay: ResolverTypeWrapper<WebhookReplay>;
  WebhookReplayBatch: ResolverTypeWrapper<WebhookReplayBatch>;
  WebhookTestSent: ResolverTypeWrapper<WebhookTestSent>;
};

/** Mapping between all available schema types and the resolvers parents */
export type ResolversParentTypes = {
  Account: AccountParent;
  AccountActionEntry: AccountActionEntry;
  AccountActionResult: Omit<AccountActionResult, 'account'> & { account?: Maybe<ResolversParentTypes['Account']> };
  AccountPage: AccountPage;
  AccountSummary: AccountSummary;
  AccountUser: AccountUser;
  ApiKey: ApiKey;
  AuditEntry: AuditEntry;
  AuditLogPage: AuditLogPage;
  Boolean: Scalars['Boolean']['output'];
  BrowserIntegration: BrowserIntegration;
  BulkReferralActionInput: BulkReferralActionInput;
  BulkRowResult: BulkRowResult;
  CashBalance: CashBalance;
  ConnectPaymentProcessorInput: ConnectPaymentProcessorInput;
  CreateWebhookEndpointInput: CreateWebhookEndpointInput;
  CreatedApiKey: CreatedApiKey;
  CreatedWebhookEndpoint: CreatedWebhookEndpoint;
  CreditAmount: CreditAmount;
  DailyPoint: DailyPoint;
  Dashboard: Dashboard;
  DashboardNumbers: DashboardNumbers;
  DateRangeInput: DateRangeInput;
  DuePayee: DuePayee;
  EpochMillis: Scalars['EpochMillis']['output'];
  Float: Scalars['Float']['output'];
  FraudRule: FraudRule;
  FraudRuleInput: FraudRuleInput;
  FraudSignalHit: FraudSignalHit;
  GeneratedSftpKey: GeneratedSftpKey;
  ID: Scalars['ID']['output'];
  Int: Scalars['Int']['output'];
  JSON: Scalars['JSON']['output'];
  Job: Job;
  JobFilters: JobFilters;
  JobFiltersInput: JobFiltersInput;
  JobInput: JobInput;
  JobList: JobList;
  JobStats: JobStats;
  JobValidation: JobValidation;
  LeaderboardEntry: LeaderboardEntry;
  MailSender: MailSender;
  MailSuppression: MailSuppression;
  ManualRewardInput: ManualRewardInput;
  McpAction: McpAction;
  Mutation: Record<PropertyKey, never>;
  NotificationDelivery: NotificationDelivery;
  NotificationPreview: NotificationPreview;
  NotificationSetting: NotificationSetting;
  NotificationTemplate: NotificationTemplate;
  Operator: Operator;
  OperatorAccessLink: OperatorAccessLink;
  Payee: Payee;
  PayeeTaxStatusInput: PayeeTaxStatusInput;
  PaymentProcessorConnection: PaymentProcessorConnection;
  Payout: Payout;
  PayoutConnection: PayoutConnection;
  PayoutConnectionInput: PayoutConnectionInput;
  PayoutMethod: PayoutMethod;
  PayoutMethodInput: PayoutMethodInput;
  PayoutMethodResult: PayoutMethodResult;
  PayoutPolicy: PayoutPolicy;
  PayoutPolicyInput: PayoutPolicyInput;
  PayoutReason: PayoutReason;
  PayoutRun: PayoutRunParent;
  PayoutRunInput: PayoutRunInput;
  PayoutRunTotal: PayoutRunTotal;
  PayoutsDue: PayoutsDue;
  Person: Person;
  ProcessorNotification: ProcessorNotification;
  Program: ProgramParent;
  ProgramInput: ProgramInput;
  ProgramRule: ProgramRule;
  ProgramRuleInput: ProgramRuleInput;
  ProgramRuleVersion: ProgramRuleVersion;
  ProgramSimulation: ProgramSimulation;
  Query: Record<PropertyKey, never>;
  Referral: ReferralParent;
  ReferralActionEntry: ReferralActionEntry;
  ReferralActionResult: Omit<ReferralActionResult, 'referral'> & { referral: ResolversParentTypes['Referral'] };
  ReferralDetail: ReferralDetailParent;
  ReferralFilter: ReferralFilter;
  ReferralPage: Omit<ReferralPage, 'items'> & { items: Array<ResolversParentTypes['Referral']> };
  ReferralReview: ReferralReview;
  ReferrerPayouts: ReferrerPayouts;
  ReferrerRewardInput: ReferrerRewardInput;
  ReferrerRewardSettings: ReferrerRewardSettings;
  ReferrerTargetInput: ReferrerTargetInput;
  RefusedOrigin: RefusedOrigin;
  ReturnFigure: ReturnFigure;
  RevenueFigure: RevenueFigure;
  ReviewResult: Omit<ReviewResult, 'referral'> & { referral?: Maybe<ResolversParentTypes['Referral']> };
  Reward: Reward;
  RewardBalance: RewardBalance;
  RewardCostFigure: RewardCostFigure;
  RewardExplanation: RewardExplanation;
  RotatedWebhookSecret: RotatedWebhookSecret;
  RuleEligibility: RuleEligibility;
  RuleEligibilityInput: RuleEligibilityInput;
  RuleLimit: RuleLimit;
  RuleLimitInput: RuleLimitInput;
  RuleReward: RuleReward;
  RuleRewardInput: RuleRewardInput;
  RuleTier: RuleTier;
  RuleTierInput: RuleTierInput;
  RuleTrigger: RuleTrigger;
  RuleTriggerInput: RuleTriggerInput;
  SftpKey: SftpKey;
  SftpSettings: SftpSettings;
  SimulatedRule: SimulatedRule;
  SimulationTotal: SimulationTotal;
  String: Scalars['String']['output'];
  Subscription: Record<PropertyKey, never>;
  Tenant: Tenant;
  TimelineEntry: TimelineEntry;
  UpdateWebhookEndpointInput: UpdateWebhookEndpointInput;
  UserEditInput: UserEditInput;
  UserEvent: UserEvent;
  UserEventDataInput: UserEventDataInput;
  UserEventInput: UserEventInput;
  UserEventList: UserEventList;
  UserEventResult: UserEventResult;
  WebhookDelivery: WebhookDelivery;
  WebhookDeliveryPage: WebhookDeliveryPage;
  WebhookEndpoint: WebhookEndpoint;
  WebhookEventType: WebhookEventType;
  WebhookReplay: WebhookReplay;
  WebhookReplayBatch: WebhookReplayBatch;
  WebhookTestSent: WebhookTestSent;
};

export type AccountResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Account'] = ResolversParentTypes['Account']> = {
  currency?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  dateCreated?: Resolver<ResolversTypes['EpochMillis'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  paymentProviderId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  recentEvents?: Resolver<Array<ResolversTypes['UserEvent']>, ParentType, ContextType>;
  referrals?: Resolver<Array<ResolversTypes['Referral']>, ParentType, ContextType>;
  referredBy?: Resolver<Maybe<ResolversTypes['Referral']>, ParentType, ContextType>;
  rewards?: Resolver<Array<ResolversTypes['Reward']>, ParentType, ContextType>;
  subscription?: Resolver<Maybe<ResolversTypes['Subscription']>, ParentType, ContextType>;
  users?: Resolver<Array<ResolversTypes['AccountUser']>, ParentType, ContextType>;
};

export type AccountActionEntryResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['AccountActionEntry'] = ResolversParentTypes['AccountActionEntry']> = {
  accountId?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  actor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  at?: Resolver<ResolversTypes['EpochMillis'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  kind?: Resolver<ResolversTypes['AccountActionKind'], ParentType, ContextType>;
  reason?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  summary?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  userId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type AccountActionResultResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['AccountActionResult'] = ResolversParentTypes['AccountActionResult']> = {
  account?: Resolver<Maybe<ResolversTypes['Account']>, ParentType, ContextType>;
  accountDeleted?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  action?: Resolver<ResolversTypes['AccountActionEntry'], ParentType, ContextType>;
  balance?: Resolver<Array<ResolversTypes['RewardBalance']>, ParentType, ContextType>;
  outcome?: Resolver<ResolversTypes['ActionOutcome'], ParentType, ContextType>;
  reward?: Resolver<Maybe<ResolversTypes['Reward']>, ParentType, ContextType>;
  user?: Resolver<Maybe<ResolversTypes['AccountUser']>, ParentType, ContextType>;
};

export type AccountPageResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['AccountPage'] = ResolversParentTypes['AccountPage']> = {
  endCursor?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  hasNextPage?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  items?: Resolver<Array<ResolversTypes['AccountSummary']>, ParentType, ContextType>;
};

export type AccountSummaryResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['AccountSummary'] = ResolversParentTypes['AccountSummary']> = {
  dateCreated?: Resolver<ResolversTypes['EpochMillis'], ParentType, ContextType>;
  email?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  name?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  referralsMade?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  userCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type AccountUserResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['AccountUser'] = ResolversParentTypes['AccountUser']> = {
  email?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  firstName?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  lastName?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  shareCode?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  shareLink?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type ApiKeyResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ApiKey'] = ResolversParentTypes['ApiKey']> = {
  allowChanges?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  createdBy?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  dateCreated?: Resolver<ResolversTypes['EpochMillis'], ParentType, ContextType>;
  dateRevoked?: Resolver<Maybe<ResolversTypes['EpochMillis']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  prefix?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  purpose?: Resolver<ResolversTypes['ApiKeyPurpose'], ParentType, ContextType>;
  scopes?: Resolver<Array<ResolversTypes['ApiKeyScope']>, ParentType, ContextType>;
};

export type AuditEntryResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['AuditEntry'] = ResolversParentTypes['AuditEntry']> = {
  action?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  actorKind?: Resolver<ResolversTypes['AuditActorKind'], ParentType, ContextType>;
  actorLabel?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  at?: Resolver<ResolversTypes['EpochMillis'], ParentType, ContextType>;
  clientAddress?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  details?: Resolver<ResolversTypes['JSON'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  operatorEmail?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  sentence?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  target?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  userAgent?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type AuditLogPageResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['AuditLogPage'] = ResolversParentTypes['AuditLogPage']> = {
  endCursor?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  entries?: Resolver<Array<ResolversTypes['AuditEntry']>, ParentType, ContextType>;
  hasNextPage?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
};

export type BrowserIntegrationResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['BrowserIntegration'] = ResolversParentTypes['BrowserIntegration']> = {
  firstBrowserCallAt?: Resolver<Maybe<ResolversTypes['EpochMillis']>, ParentType, ContextType>;
  jwtSnippet?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  refusedOrigins?: Resolver<Array<ResolversTypes['RefusedOrigin']>, ParentType, ContextType>;
  scriptTag?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  scriptUrl?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  widgetSnippet?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type BulkRowResultResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['BulkRowResult'] = ResolversParentTypes['BulkRowResult']> = {
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  message?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  outcome?: Resolver<ResolversTypes['BulkRowOutcome'], ParentType, ContextType>;
  problem?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type CashBalanceResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['CashBalance'] = ResolversParentTypes['CashBalance']> = {
  availableCents?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  currency?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  inFlightCents?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  paidOutCents?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  pendingCents?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
};

export type CreatedApiKeyResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['CreatedApiKey'] = ResolversParentTypes['CreatedApiKey']> = {
  allowChanges?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  createdBy?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  dateCreated?: Resolver<ResolversTypes['EpochMillis'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  key?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  prefix?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  purpose?: Resolver<ResolversTypes['ApiKeyPurpose'], ParentType, ContextType>;
  scopes?: Resolver<Array<ResolversTypes['ApiKeyScope']>, ParentType, ContextType>;
};

export type CreatedWebhookEndpointResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['CreatedWebhookEndpoint'] = ResolversParentTypes['CreatedWebhookEndpoint']> = {
  endpoint?: Resolver<ResolversTypes['WebhookEndpoint'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  secret?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type CreditAmountResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['CreditAmount'] = ResolversParentTypes['CreditAmount']> = {
  amount?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  unit?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type DailyPointResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['DailyPoint'] = ResolversParentTypes['DailyPoint']> = {
  clicks?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  converted?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  date?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  started?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type DashboardResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Dashboard'] = ResolversParentTypes['Dashboard']> = {
  clicks?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  conversionRate?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  creditOutstanding?: Resolver<Array<ResolversTypes['CreditAmount']>, ParentType, ContextType>;
  daily?: Resolver<Array<ResolversTypes['DailyPoint']>, ParentType, ContextType>;
  from?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  leaderboard?: Resolver<Array<ResolversTypes['LeaderboardEntry']>, ParentType, ContextType>;
  numbers?: Resolver<ResolversTypes['DashboardNumbers'], ParentType, ContextType>;
  referralsConverted?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  referralsStarted?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  rewardsGiven?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  to?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type DashboardNumbersResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['DashboardNumbers'] = ResolversParentTypes['DashboardNumbers']> = {
  clickShare?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
  referralsDirect?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  referralsFromClicks?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  returnOnRewards?: Resolver<Array<ResolversTypes['ReturnFigure']>, ParentType, ContextType>;
  revenue?: Resolver<Array<ResolversTypes['RevenueFigure']>, ParentType, ContextType>;
  rewardCost?: Resolver<Array<ResolversTypes['RewardCostFigure']>, ParentType, ContextType>;
  rewardsToReferred?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  rewardsToReferrers?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type DuePayeeResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['DuePayee'] = ResolversParentTypes['DuePayee']> = {
  accountId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  availableCents?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  blocker?: Resolver<Maybe<ResolversTypes['PayoutBlocker']>, ParentType, ContextType>;
  currency?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  payableCents?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  payee?: Resolver<ResolversTypes['Payee'], ParentType, ContextType>;
  programAvailableCents?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  reasons?: Resolver<Array<ResolversTypes['PayoutReason']>, ParentType, ContextType>;
};

export interface EpochMillisScalarConfig extends GraphQLScalarTypeConfig<ResolversTypes['EpochMillis'], any> {
  name: 'EpochMillis';
}

export type FraudRuleResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['FraudRule'] = ResolversParentTypes['FraudRule']> = {
  action?: Resolver<ResolversTypes['FraudAction'], ParentType, ContextType>;
  signal?: Resolver<ResolversTypes['FraudSignal'], ParentType, ContextType>;
};

export type FraudSignalHitResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['FraudSignalHit'] = ResolversParentTypes['FraudSignalHit']> = {
  evidence?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  signal?: Resolver<ResolversTypes['FraudSignal'], ParentType, ContextType>;
};

export type GeneratedSftpKeyResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['GeneratedSftpKey'] = ResolversParentTypes['GeneratedSftpKey']> = {
  fingerprint?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  host?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  port?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  privateKey?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  publicKey?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  username?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export interface JsonScalarConfig extends GraphQLScalarTypeConfig<ResolversTypes['JSON'], any> {
  name: 'JSON';
}

export type JobResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Job'] = ResolversParentTypes['Job']> = {
  dateCompleted?: Resolver<Maybe<ResolversTypes['EpochMillis']>, ParentType, ContextType>;
  dateCreated?: Resolver<ResolversTypes['EpochMillis'], ParentType, ContextType>;
  dateStarted?: Resolver<Maybe<ResolversTypes['EpochMillis']>, ParentType, ContextType>;
  error?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  fileRef?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  filters?: Resolver<Maybe<ResolversTypes['JobFilters']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  name?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  outputFormat?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  requester?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  resultFileRef?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  stats?: Resolver<ResolversTypes['JobStats'], ParentType, ContextType>;
  status?: Resolver<ResolversTypes['JobStatus'], ParentType, ContextType>;
  type?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type JobFiltersResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['JobFilters'] = ResolversParentTypes['JobFilters']> = {
  from?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  programId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  status?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  to?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type JobListResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['JobList'] = ResolversParentTypes['JobList']> = {
  jobs?: Resolver<Array<ResolversTypes['Job']>, ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type JobStatsResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['JobStats'] = ResolversParentTypes['JobStats']> = {
  recordsFailed?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  recordsProcessed?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  recordsTotal?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
};

export type JobValidationResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['JobValidation'] = ResolversParentTypes['JobValidation']> = {
  errors?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
};

export type LeaderboardEntryResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['LeaderboardEntry'] = ResolversParentTypes['LeaderboardEntry']> = {
  accountId?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  name?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  referralsConverted?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  referralsStarted?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  shareCode?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  userId?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type MailSenderResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['MailSender'] = ResolversParentTypes['MailSender']> = {
  address?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  allowedDomains?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
  effective?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  name?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  smtpConfigured?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
};

export type MailSuppressionResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['MailSuppression'] = ResolversParentTypes['MailSuppression']> = {
  createdAt?: Resolver<ResolversTypes['EpochMillis'], ParentType, ContextType>;
  email?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  reason?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type McpActionResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['McpAction'] = ResolversParentTypes['McpAction']> = {
  dateCreated?: Resolver<ResolversTypes['EpochMillis'], ParentType, ContextType>;
  dateDecided?: Resolver<Maybe<ResolversTypes['EpochMillis']>, ParentType, ContextType>;
  decidedBy?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  input?: Resolver<ResolversTypes['JSON'], ParentType, ContextType>;
  reason?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  requestedBy?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  result?: Resolver<Maybe<ResolversTypes['JSON']>, ParentType, ContextType>;
  status?: Resolver<ResolversTypes['McpActionStatus'], ParentType, ContextType>;
  summary?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  tool?: Resolver<ResolversTypes['McpActionTool'], ParentType, ContextType>;
};

export type MutationResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Mutation'] = ResolversParentTypes['Mutation']> = {
  _empty?: Resolver<Maybe<ResolversTypes['Boolean']>, ParentType, ContextType>;
  abortJob?: Resolver<Maybe<ResolversTypes['Job']>, ParentType, ContextType, RequireFields<MutationAbortJobArgs, 'id'>>;
  addMailSuppression?: Resolver<ResolversTypes['MailSuppression'], ParentType, ContextType, RequireFields<MutationAddMailSuppressionArgs, 'email'>>;
  addReferralNote?: Resolver<ResolversTypes['ReferralActionResult'], ParentType, ContextType, RequireFields<MutationAddReferralNoteArgs, 'id' | 'reason'>>;
  addSftpKey?: Resolver<ResolversTypes['SftpKey'], ParentType, ContextType, RequireFields<MutationAddSftpKeyArgs, 'publicKey'>>;
  adjustCredit?: Resolver<ResolversTypes['AccountActionResult'], ParentType, ContextType, RequireFields<MutationAdjustCreditArgs, 'accountId' | 'amountCents' | 'reason'>>;
  allowBrowserOrigin?: Resolver<ResolversTypes['Program'], ParentType, ContextType, RequireFields<MutationAllowBrowserOriginArgs, 'origin'>>;
  approveMcpAction?: Resolver<ResolversTypes['McpAction'], ParentType, ContextType, RequireFields<MutationApproveMcpActionArgs, 'id'>>;
  approvePayoutRun?: Resolver<ResolversTypes['PayoutRun'], ParentType, ContextType, RequireFields<MutationApprovePayoutRunArgs, 'id'>>;
  archiveProgram?: Resolver<ResolversTypes['Program'], ParentType, ContextType, RequireFields<MutationArchiveProgramArgs, 'id'>>;
  bulkReferralAction?: Resolver<Array<ResolversTypes['BulkRowResult']>, ParentType, ContextType, RequireFields<MutationBulkReferralActionArgs, 'input'>>;
  cancelPayout?: Resolver<ResolversTypes['Payout'], ParentType, ContextType, RequireFields<MutationCancelPayoutArgs, 'id'>>;
  cancelPayoutRun?: Resolver<ResolversTypes['PayoutRun'], ParentType, ContextType, RequireFields<MutationCancelPayoutRunArgs, 'id'>>;
  cancelReferral?: Resolver<ResolversTypes['ReferralActionResult'], ParentType, ContextType, RequireFields<MutationCancelReferralArgs, 'id' | 'reason'>>;
  changeOperatorRole?: Resolver<ResolversTypes['Operator'], ParentType, ContextType, RequireFields<MutationChangeOperatorRoleArgs, 'email' | 'role'>>;
  changeShareCode?: Resolver<ResolversTypes['AccountActionResult'], ParentType, ContextType, RequireFields<MutationChangeShareCodeArgs, 'accountId' | 'code' | 'reason' | 'userId'>>;
  connectPaymentProcessor?: Resolver<ResolversTypes['PaymentProcessorConnection'], ParentType, ContextType, RequireFields<MutationConnectPaymentProcessorArgs, 'input'>>;
  connectPayoutProvider?: Resolver<ResolversTypes['PayoutConnection'], ParentType, ContextType, RequireFields<MutationConnectPayoutProviderArgs, 'input'>>;
  createApiKey?: Resolver<ResolversTypes['CreatedApiKey'], ParentType, ContextType, Partial<MutationCreateApiKeyArgs>>;
  createJob?: Resolver<ResolversTypes['Job'], ParentType, ContextType, RequireFields<MutationCreateJobArgs, 'jobInput'>>;
  createProgram?: Resolver<ResolversTypes['Program'], ParentType, ContextType, RequireFields<MutationCreateProgramArgs, 'input'>>;
  createWebhookEndpoint?: Resolver<ResolversTypes['CreatedWebhookEndpoint'], ParentType, ContextType, RequireFields<MutationCreateWebhookEndpointArgs, 'input'>>;
  deleteUser?: Resolver<ResolversTypes['AccountActionResult'], ParentType, ContextType, RequireFields<MutationDeleteUserArgs, 'accountId' | 'reason' | 'userId'>>;
  deleteWebhookEndpoint?: Resolver<ResolversTypes['WebhookEndpoint'], ParentType, ContextType, RequireFields<MutationDeleteWebhookEndpointArgs, 'id'>>;
  disableSftp?: Resolver<ResolversTypes['SftpSettings'], ParentType, ContextType>;
  disconnectPaymentProcessor?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  enableSftp?: Resolver<ResolversTypes['SftpSettings'], ParentType, ContextType>;
  generateSftpKey?: Resolver<ResolversTypes['GeneratedSftpKey'], ParentType, ContextType, Partial<MutationGenerateSftpKeyArgs>>;
  grantReward?: Resolver<ResolversTypes['ReferralActionResult'], ParentType, ContextType, RequireFields<MutationGrantRewardArgs, 'id' | 'reason' | 'reward' | 'side'>>;
  holdPayee?: Resolver<ResolversTypes['Payee'], ParentType, ContextType, RequireFields<MutationHoldPayeeArgs, 'accountId' | 'held'>>;
  inviteOperator?: Resolver<ResolversTypes['OperatorAccessLink'], ParentType, ContextType, RequireFields<MutationInviteOperatorArgs, 'email' | 'role'>>;
  logUserEvent?: Resolver<ResolversTypes['UserEventResult'], ParentType, ContextType, RequireFields<MutationLogUserEventArgs, 'userEventInput'>>;
  logUserEvents?: Resolver<Array<ResolversTypes['UserEventResult']>, ParentType, ContextType, RequireFields<MutationLogUserEventsArgs, 'userEventInput'>>;
  markRewardFulfilled?: Resolver<ResolversTypes['ReferralActionResult'], ParentType, ContextType, RequireFields<MutationMarkRewardFulfilledArgs, 'id' | 'reason' | 'reference'>>;
  reattributeReferral?: Resolver<ResolversTypes['ReferralActionResult'], ParentType, ContextType, RequireFields<MutationReattributeReferralArgs, 'id' | 'reason' | 'to'>>;
  redeemCredit?: Resolver<ResolversTypes['AccountActionResult'], ParentType, ContextType, RequireFields<MutationRedeemCreditArgs, 'accountId' | 'amountCents' | 'reason'>>;
  redeemRewardBalance?: Resolver<ResolversTypes['RewardBalance'], ParentType, ContextType, RequireFields<MutationRedeemRewardBalanceArgs, 'accountId' | 'amount' | 'unit'>>;
  reissueInvitation?: Resolver<ResolversTypes['OperatorAccessLink'], ParentType, ContextType, RequireFields<MutationReissueInvitationArgs, 'email'>>;
  rejectMcpAction?: Resolver<ResolversTypes['McpAction'], ParentType, ContextType, RequireFields<MutationRejectMcpActionArgs, 'id' | 'reason'>>;
  removeMailSuppression?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType, RequireFields<MutationRemoveMailSuppressionArgs, 'email'>>;
  removeOperator?: Resolver<ResolversTypes['Operator'], ParentType, ContextType, RequireFields<MutationRemoveOperatorArgs, 'email'>>;
  removeProgramLogo?: Resolver<ResolversTypes['Program'], ParentType, ContextType>;
  replayFailedWebhookEvents?: Resolver<ResolversTypes['WebhookReplayBatch'], ParentType, ContextType, RequireFields<MutationReplayFailedWebhookEventsArgs, 'endpointId' | 'since'>>;
  replayWebhookEvent?: Resolver<ResolversTypes['WebhookReplay'], ParentType, ContextType, RequireFields<MutationReplayWebhookEventArgs, 'eventId'>>;
  requestPayoutRun?: Resolver<ResolversTypes['PayoutRun'], ParentType, ContextType, Partial<MutationRequestPayoutRunArgs>>;
  resetNotificationTemplate?: Resolver<ResolversTypes['NotificationTemplate'], ParentType, ContextType, RequireFields<MutationResetNotificationTemplateArgs, 'kind' | 'locale'>>;
  resetOperatorAccess?: Resolver<ResolversTypes['OperatorAccessLink'], ParentType, ContextType, RequireFields<MutationResetOperatorAccessArgs, 'email'>>;
  reviewReferrals?: Resolver<Array<ResolversTypes['ReviewResult']>, ParentType, ContextType, RequireFields<MutationReviewReferralsArgs, 'decision' | 'ids' | 'reason'>>;
  revokeApiKey?: Resolver<ResolversTypes['ApiKey'], ParentType, ContextType, RequireFields<MutationRevokeApiKeyArgs, 'id'>>;
  revokeSftpKey?: Resolver<ResolversTypes['SftpKey'], ParentType, ContextType, RequireFields<MutationRevokeSftpKeyArgs, 'fingerprint'>>;
  rotateWebhookSecret?: Resolver<ResolversTypes['RotatedWebhookSecret'], ParentType, ContextType, RequireFields<MutationRotateWebhookSecretArgs, 'id'>>;
  sendTestNotification?: Resolver<ResolversTypes['NotificationDelivery'], ParentType, ContextType, RequireFields<MutationSendTestNotificationArgs, 'kind' | 'locale' | 'to'>>;
  sendTestWebhook?: Resolver<ResolversTypes['WebhookTestSent'], ParentType, ContextType, RequireFields<MutationSendTestWebhookArgs, 'endpointId'>>;
  setMailSender?: Resolver<ResolversTypes['MailSender'], ParentType, ContextType, Partial<MutationSetMailSenderArgs>>;
  setNotificationEnabled?: Resolver<ResolversTypes['NotificationSetting'], ParentType, ContextType, RequireFields<MutationSetNotificationEnabledArgs, 'enabled' | 'kind'>>;
  setOperatorDigest?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType, RequireFields<MutationSetOperatorDigestArgs, 'enabled'>>;
  setPayeeTaxStatus?: Resolver<ResolversTypes['Payee'], ParentType, ContextType, RequireFields<MutationSetPayeeTaxStatusArgs, 'accountId' | 'status'>>;
  setPayoutMethod?: Resolver<ResolversTypes['PayoutMethodResult'], ParentType, ContextType, RequireFields<MutationSetPayoutMethodArgs, 'accountId' | 'method'>>;
  setPayoutPolicy?: Resolver<ResolversTypes['PayoutPolicy'], ParentType, ContextType, RequireFields<MutationSetPayoutPolicyArgs, 'input'>>;
  setPayoutTaxThreshold?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType, Partial<MutationSetPayoutTaxThresholdArgs>>;
  setRequireTwoFactor?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType, RequireFields<MutationSetRequireTwoFactorArgs, 'required'>>;
  updateNotificationTemplate?: Resolver<ResolversTypes['NotificationTemplate'], ParentType, ContextType, RequireFields<MutationUpdateNotificationTemplateArgs, 'body' | 'kind' | 'locale' | 'subject'>>;
  updateProgram?: Resolver<ResolversTypes['Program'], ParentType, ContextType, RequireFields<MutationUpdateProgramArgs, 'input'>>;
  updateUser?: Resolver<ResolversTypes['AccountActionResult'], ParentType, ContextType, RequireFields<MutationUpdateUserArgs, 'accountId' | 'input' | 'reason' | 'userId'>>;
  updateWebhookEndpoint?: Resolver<ResolversTypes['WebhookEndpoint'], ParentType, ContextType, RequireFields<MutationUpdateWebhookEndpointArgs, 'id' | 'input'>>;
  uploadProgramLogo?: Resolver<ResolversTypes['Program'], ParentType, ContextType, RequireFields<MutationUploadProgramLogoArgs, 'imageBase64'>>;
  voidReward?: Resolver<ResolversTypes['ReferralActionResult'], ParentType, ContextType, RequireFields<MutationVoidRewardArgs, 'id' | 'reason'>>;
};

export type NotificationDeliveryResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['NotificationDelivery'] = ResolversParentTypes['NotificationDelivery']> = {
  createdAt?: Resolver<ResolversTypes['EpochMillis'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  kind?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  recipient?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  response?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  sentAt?: Resolver<Maybe<ResolversTypes['EpochMillis']>, ParentType, ContextType>;
  status?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type NotificationPreviewResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['NotificationPreview'] = ResolversParentTypes['NotificationPreview']> = {
  html?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  subject?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  text?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type NotificationSettingResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['NotificationSetting'] = ResolversParentTypes['NotificationSetting']> = {
  enabled?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  kind?: Resolver<ResolversTypes['NotificationKind'], ParentType, ContextType>;
  recipient?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  variables?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
};

export type NotificationTemplateResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['NotificationTemplate'] = ResolversParentTypes['NotificationTemplate']> = {
  body?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  customized?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  kind?: Resolver<ResolversTypes['NotificationKind'], ParentType, ContextType>;
  locale?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  subject?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  updatedAt?: Resolver<Maybe<ResolversTypes['EpochMillis']>, ParentType, ContextType>;
};

export type OperatorResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Operator'] = ResolversParentTypes['Operator']> = {
  dateCreated?: Resolver<ResolversTypes['EpochMillis'], ParentType, ContextType>;
  email?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  pending?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  role?: Resolver<ResolversTypes['OperatorRole'], ParentType, ContextType>;
};

export type OperatorAccessLinkResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['OperatorAccessLink'] = ResolversParentTypes['OperatorAccessLink']> = {
  email?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  expiresAt?: Resolver<ResolversTypes['EpochMillis'], ParentType, ContextType>;
  link?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  role?: Resolver<ResolversTypes['OperatorRole'], ParentType, ContextType>;
};

export type PayeeResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Payee'] = ResolversParentTypes['Payee']> = {
  accountId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  held?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  heldReason?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  method?: Resolver<Maybe<ResolversTypes['PayoutMethod']>, ParentType, ContextType>;
  taxCountry?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  taxFormReceived?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
};

export type PaymentProcessorConnectionResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['PaymentProcessorConnection'] = ResolversParentTypes['PaymentProcessorConnection']> = {
  connectedAt?: Resolver<ResolversTypes['EpochMillis'], ParentType, ContextType>;
  environment?: Resolver<ResolversTypes['PaymentProcessorEnvironment'], ParentType, ContextType>;
  keyHint?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  merchantId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  processor?: Resolver<ResolversTypes['PaymentProcessorKind'], ParentType, ContextType>;
  publicKey?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  webhookEvents?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
  webhookRegistration?: Resolver<ResolversTypes['ProcessorWebhookRegistration'], ParentType, ContextType>;
  webhookUrl?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type PayoutResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Payout'] = ResolversParentTypes['Payout']> = {
  accountId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  amountCents?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  currency?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  method?: Resolver<ResolversTypes['PayoutMethodType'], ParentType, ContextType>;
  programId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  providerMessage?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  providerRef?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  runId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  sentAt?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  settledAt?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  status?: Resolver<ResolversTypes['PayoutStatus'], ParentType, ContextType>;
};

export type PayoutConnectionResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['PayoutConnection'] = ResolversParentTypes['PayoutConnection']> = {
  connectedAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  keyHint?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  provider?: Resolver<ResolversTypes['PayoutMethodType'], ParentType, ContextType>;
  webhookVerified?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
};

export type PayoutMethodResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['PayoutMethod'] = ResolversParentTypes['PayoutMethod']> = {
  masked?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  type?: Resolver<ResolversTypes['PayoutMethodType'], ParentType, ContextType>;
  updatedAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type PayoutMethodResultResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['PayoutMethodResult'] = ResolversParentTypes['PayoutMethodResult']> = {
  onboardingUrl?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  payee?: Resolver<ResolversTypes['Payee'], ParentType, ContextType>;
};

export type PayoutPolicyResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['PayoutPolicy'] = ResolversParentTypes['PayoutPolicy']> = {
  minimumCents?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  programId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  requireApproval?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  schedule?: Resolver<ResolversTypes['PayoutSchedule'], ParentType, ContextType>;
};

export type PayoutReasonResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['PayoutReason'] = ResolversParentTypes['PayoutReason']> = {
  amountCents?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  currency?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  dateGiven?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  explanation?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  rewardId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  ruleId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type PayoutRunResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['PayoutRun'] = ResolversParentTypes['PayoutRun']> = {
  approvedAt?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  approvedBy?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  finishedAt?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  payees?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  payouts?: Resolver<Array<ResolversTypes['Payout']>, ParentType, ContextType>;
  programId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  requestedBy?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  status?: Resolver<ResolversTypes['PayoutRunStatus'], ParentType, ContextType>;
  totals?: Resolver<Array<ResolversTypes['PayoutRunTotal']>, ParentType, ContextType>;
  trigger?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  workflowId?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  workflowUrl?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type PayoutRunTotalResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['PayoutRunTotal'] = ResolversParentTypes['PayoutRunTotal']> = {
  amountCents?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  count?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  status?: Resolver<ResolversTypes['PayoutStatus'], ParentType, ContextType>;
};

export type PayoutsDueResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['PayoutsDue'] = ResolversParentTypes['PayoutsDue']> = {
  next?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  payees?: Resolver<Array<ResolversTypes['DuePayee']>, ParentType, ContextType>;
};

export type PersonResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Person'] = ResolversParentTypes['Person']> = {
  accountId?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  email?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  name?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  userId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type ProcessorNotificationResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ProcessorNotification'] = ResolversParentTypes['ProcessorNotification']> = {
  customerId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  kind?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  outcome?: Resolver<Maybe<ResolversTypes['JSON']>, ParentType, ContextType>;
  processedAt?: Resolver<Maybe<ResolversTypes['EpochMillis']>, ParentType, ContextType>;
  processor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  receivedAt?: Resolver<ResolversTypes['EpochMillis'], ParentType, ContextType>;
  status?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  subjectId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type ProgramResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Program'] = ResolversParentTypes['Program']> = {
  allowedOrigins?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
  archivedAt?: Resolver<Maybe<ResolversTypes['EpochMillis']>, ParentType, ContextType>;
  brandColor?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  conversionEventKey?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  creditExpiryDays?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  customHost?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  discountId?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  fraudPolicy?: Resolver<Array<ResolversTypes['FraudRule']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  isDefault?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  landingButtonText?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  landingHeadline?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  landingText?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  landingUrl?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  leaderboardEnabled?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  logoHash?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  logoUrl?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  maxAttributionsPerReferrerPerHour?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  maxReferrerDiscountPercent?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  paymentEventKey?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  referralCookieDays?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  referralCookieLastClickWins?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  referredDiscountPercent?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  referrerReward?: Resolver<ResolversTypes['ReferrerRewardSettings'], ParentType, ContextType>;
  requireUserJwtExp?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  rewardHoldDays?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  ruleVersion?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  ruleVersions?: Resolver<Array<ResolversTypes['ProgramRuleVersion']>, ParentType, ContextType>;
  rules?: Resolver<Array<ResolversTypes['ProgramRule']>, ParentType, ContextType>;
  shareEmailSubject?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  shareLinkUrl?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  shareMessage?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  shareParam?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  signupUrl?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  websiteUrl?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  widgetHeadline?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  widgetSubheadline?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type ProgramRuleResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ProgramRule'] = ResolversParentTypes['ProgramRule']> = {
  eligibility?: Resolver<ResolversTypes['RuleEligibility'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  limits?: Resolver<Array<ResolversTypes['RuleLimit']>, ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  recipient?: Resolver<ResolversTypes['RuleRecipient'], ParentType, ContextType>;
  reward?: Resolver<Maybe<ResolversTypes['RuleReward']>, ParentType, ContextType>;
  tiers?: Resolver<Maybe<Array<ResolversTypes['RuleTier']>>, ParentType, ContextType>;
  trigger?: Resolver<ResolversTypes['RuleTrigger'], ParentType, ContextType>;
};

export type ProgramRuleVersionResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ProgramRuleVersion'] = ResolversParentTypes['ProgramRuleVersion']> = {
  publishedAt?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  publishedBy?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  rules?: Resolver<Array<ResolversTypes['ProgramRule']>, ParentType, ContextType>;
  version?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type ProgramSimulationResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ProgramSimulation'] = ResolversParentTypes['ProgramSimulation']> = {
  conversions?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  events?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  from?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  given?: Resolver<Array<ResolversTypes['SimulationTotal']>, ParentType, ContextType>;
  payments?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  rules?: Resolver<Array<ResolversTypes['SimulatedRule']>, ParentType, ContextType>;
  to?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  wouldGive?: Resolver<Array<ResolversTypes['SimulationTotal']>, ParentType, ContextType>;
};

export type QueryResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Query'] = ResolversParentTypes['Query']> = {
  _empty?: Resolver<Maybe<ResolversTypes['Boolean']>, ParentType, ContextType>;
  account?: Resolver<Maybe<ResolversTypes['Account']>, ParentType, ContextType, RequireFields<QueryAccountArgs, 'id'>>;
  accounts?: Resolver<ResolversTypes['AccountPage'], ParentType, ContextType, Partial<QueryAccountsArgs>>;
  apiKeys?: Resolver<Array<ResolversTypes['ApiKey']>, ParentType, ContextType>;
  auditLog?: Resolver<ResolversTypes['AuditLogPage'], ParentType, ContextType, Partial<QueryAuditLogArgs>>;
  browserIntegration?: Resolver<ResolversTypes['BrowserIntegration'], ParentType, ContextType>;
  cashBalance?: Resolver<Maybe<Array<ResolversTypes['RewardBalance']>>, ParentType, ContextType, RequireFields<QueryCashBalanceArgs, 'accountId'>>;
  dashboard?: Resolver<ResolversTypes['Dashboard'], ParentType, ContextType, RequireFields<QueryDashboardArgs, 'range'>>;
  explainRewards?: Resolver<Array<ResolversTypes['RewardExplanation']>, ParentType, ContextType, RequireFields<QueryExplainRewardsArgs, 'referralId'>>;
  job?: Resolver<Maybe<ResolversTypes['Job']>, ParentType, ContextType, RequireFields<QueryJobArgs, 'id'>>;
  jobs?: Resolver<ResolversTypes['JobList'], ParentType, ContextType, Partial<QueryJobsArgs>>;
  mailSender?: Resolver<ResolversTypes['MailSender'], ParentType, ContextType>;
  mailSuppressions?: Resolver<Array<ResolversTypes['MailSuppression']>, ParentType, ContextType, Partial<QueryMailSuppressionsArgs>>;
  mcpPendingActions?: Resolver<Array<ResolversTypes['McpAction']>, ParentType, ContextType, Partial<QueryMcpPendingActionsArgs>>;
  notificationDeliveries?: Resolver<Array<ResolversTypes['NotificationDelivery']>, ParentType, ContextType, Partial<QueryNotificationDeliveriesArgs>>;
  notificationPreview?: Resolver<ResolversTypes['NotificationPreview'], ParentType, ContextType, RequireFields<QueryNotificationPreviewArgs, 'body' | 'kind' | 'locale' | 'subject'>>;
  notificationSettings?: Resolver<Array<ResolversTypes['NotificationSetting']>, ParentType, ContextType, Partial<QueryNotificationSettingsArgs>>;
  notificationTemplate?: Resolver<ResolversTypes['NotificationTemplate'], ParentType, ContextType, RequireFields<QueryNotificationTemplateArgs, 'kind' | 'locale'>>;
  operatorDigest?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  operators?: Resolver<Array<ResolversTypes['Operator']>, ParentType, ContextType>;
  paymentProcessor?: Resolver<Maybe<ResolversTypes['PaymentProcessorConnection']>, ParentType, ContextType>;
  payoutConnections?: Resolver<Array<ResolversTypes['PayoutConnection']>, ParentType, ContextType>;
  payoutPolicy?: Resolver<ResolversTypes['PayoutPolicy'], ParentType, ContextType, Partial<QueryPayoutPolicyArgs>>;
  payoutRun?: Resolver<ResolversTypes['PayoutRun'], ParentType, ContextType, RequireFields<QueryPayoutRunArgs, 'id'>>;
  payoutRunCsv?: Resolver<ResolversTypes['String'], ParentType, ContextType, RequireFields<QueryPayoutRunCsvArgs, 'id'>>;
  payoutRuns?: Resolver<Array<ResolversTypes['PayoutRun']>, ParentType, ContextType, Partial<QueryPayoutRunsArgs>>;
  payoutTaxThreshold?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
  payoutsDue?: Resolver<ResolversTypes['PayoutsDue'], ParentType, ContextType, Partial<QueryPayoutsDueArgs>>;
  processorNotifications?: Resolver<Array<ResolversTypes['ProcessorNotification']>, ParentType, ContextType, Partial<QueryProcessorNotificationsArgs>>;
  program?: Resolver<ResolversTypes['Program'], ParentType, ContextType, Partial<QueryProgramArgs>>;
  programs?: Resolver<Array<ResolversTypes['Program']>, ParentType, ContextType>;
  referral?: Resolver<Maybe<ResolversTypes['ReferralDetail']>, ParentType, ContextType, RequireFields<QueryReferralArgs, 'id'>>;
  referrals?: Resolver<ResolversTypes['ReferralPage'], ParentType, ContextType, Partial<QueryReferralsArgs>>;
  referralsForReview?: Resolver<ResolversTypes['ReferralPage'], ParentType, ContextType, Partial<QueryReferralsForReviewArgs>>;
  referrerPayouts?: Resolver<ResolversTypes['ReferrerPayouts'], ParentType, ContextType, RequireFields<QueryReferrerPayoutsArgs, 'accountId'>>;
  rewardBalance?: Resolver<Maybe<Array<ResolversTypes['RewardBalance']>>, ParentType, ContextType, RequireFields<QueryRewardBalanceArgs, 'accountId'>>;
  sftp?: Resolver<ResolversTypes['SftpSettings'], ParentType, ContextType>;
  sftpKeys?: Resolver<Array<ResolversTypes['SftpKey']>, ParentType, ContextType>;
  simulateProgram?: Resolver<ResolversTypes['ProgramSimulation'], ParentType, ContextType, RequireFields<QuerySimulateProgramArgs, 'from' | 'rules' | 'to'>>;
  tenant?: Resolver<ResolversTypes['Tenant'], ParentType, ContextType>;
  userEvents?: Resolver<ResolversTypes['UserEventList'], ParentType, ContextType, RequireFields<QueryUserEventsArgs, 'accountId' | 'userId'>>;
  validateJobCreation?: Resolver<ResolversTypes['JobValidation'], ParentType, ContextType, RequireFields<QueryValidateJobCreationArgs, 'jobInput'>>;
  webhookDeliveries?: Resolver<ResolversTypes['WebhookDeliveryPage'], ParentType, ContextType, RequireFields<QueryWebhookDeliveriesArgs, 'endpointId'>>;
  webhookEndpoints?: Resolver<Array<ResolversTypes['WebhookEndpoint']>, ParentType, ContextType>;
  webhookEventTypes?: Resolver<Array<ResolversTypes['WebhookEventType']>, ParentType, ContextType>;
};

export type ReferralResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Referral'] = ResolversParentTypes['Referral']> = {
  attributionSource?: Resolver<ResolversTypes['AttributionSource'], ParentType, ContextType>;
  dateReferralEnded?: Resolver<Maybe<ResolversTypes['EpochMillis']>, ParentType, ContextType>;
  dateReferralPaid?: Resolver<Maybe<ResolversTypes['EpochMillis']>, ParentType, ContextType>;
  dateReferralStarted?: Resolver<ResolversTypes['EpochMillis'], ParentType, ContextType>;
  fraudSignals?: Resolver<Array<ResolversTypes['FraudSignalHit']>, ParentType, ContextType>;
  friend?: Resolver<ResolversTypes['Person'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  referralCodeUsed?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  referredAccountId?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  referredReward?: Resolver<Maybe<ResolversTypes['Reward']>, ParentType, ContextType>;
  referrer?: Resolver<ResolversTypes['Person'], ParentType, ContextType>;
  referrerAccountId?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  referrerReward?: Resolver<Maybe<ResolversTypes['Reward']>, ParentType, ContextType>;
  referrerUserId?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  review?: Resolver<Maybe<ResolversTypes['ReferralReview']>, ParentType, ContextType>;
  status?: Resolver<ResolversTypes['ReferralStatus'], ParentType, ContextType>;
};

export type ReferralActionEntryResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ReferralActionEntry'] = ResolversParentTypes['ReferralActionEntry']> = {
  action?: Resolver<ResolversTypes['ReferralActionKind'], ParentType, ContextType>;
  actor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  at?: Resolver<ResolversTypes['EpochMillis'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  reason?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  reference?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  rewardId?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  summary?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type ReferralActionResultResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ReferralActionResult'] = ResolversParentTypes['ReferralActionResult']> = {
  action?: Resolver<ResolversTypes['ReferralActionEntry'], ParentType, ContextType>;
  outcome?: Resolver<ResolversTypes['ActionOutcome'], ParentType, ContextType>;
  referral?: Resolver<ResolversTypes['Referral'], ParentType, ContextType>;
};

export type ReferralDetailResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ReferralDetail'] = ResolversParentTypes['ReferralDetail']> = {
  actions?: Resolver<Array<ResolversTypes['ReferralActionEntry']>, ParentType, ContextType>;
  grantedRewards?: Resolver<Array<ResolversTypes['Reward']>, ParentType, ContextType>;
  referral?: Resolver<ResolversTypes['Referral'], ParentType, ContextType>;
  timeline?: Resolver<Array<ResolversTypes['TimelineEntry']>, ParentType, ContextType>;
  workflowId?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  workflowUrl?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type ReferralPageResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ReferralPage'] = ResolversParentTypes['ReferralPage']> = {
  endCursor?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  hasNextPage?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  items?: Resolver<Array<ResolversTypes['Referral']>, ParentType, ContextType>;
};

export type ReferralReviewResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ReferralReview'] = ResolversParentTypes['ReferralReview']> = {
  dateReviewed?: Resolver<Maybe<ResolversTypes['EpochMillis']>, ParentType, ContextType>;
  reason?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  reviewedBy?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  status?: Resolver<ResolversTypes['ReviewStatus'], ParentType, ContextType>;
};

export type ReferrerPayoutsResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ReferrerPayouts'] = ResolversParentTypes['ReferrerPayouts']> = {
  balances?: Resolver<Array<ResolversTypes['CashBalance']>, ParentType, ContextType>;
  payee?: Resolver<ResolversTypes['Payee'], ParentType, ContextType>;
  payouts?: Resolver<Array<ResolversTypes['Payout']>, ParentType, ContextType>;
};

export type ReferrerRewardSettingsResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ReferrerRewardSettings'] = ResolversParentTypes['ReferrerRewardSettings']> = {
  amountCents?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
  discountPercent?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  type?: Resolver<ResolversTypes['RewardType'], ParentType, ContextType>;
  unit?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type RefusedOriginResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['RefusedOrigin'] = ResolversParentTypes['RefusedOrigin']> = {
  firstSeenAt?: Resolver<ResolversTypes['EpochMillis'], ParentType, ContextType>;
  lastSeenAt?: Resolver<ResolversTypes['EpochMillis'], ParentType, ContextType>;
  origin?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  requests?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
};

export type ReturnFigureResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ReturnFigure'] = ResolversParentTypes['ReturnFigure']> = {
  currency?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  ratio?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
};

export type RevenueFigureResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['RevenueFigure'] = ResolversParentTypes['RevenueFigure']> = {
  currency?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  customers?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  firstPayment?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  total?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
};

export type ReviewResultResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ReviewResult'] = ResolversParentTypes['ReviewResult']> = {
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  outcome?: Resolver<ResolversTypes['ReviewOutcome'], ParentType, ContextType>;
  referral?: Resolver<Maybe<ResolversTypes['Referral']>, ParentType, ContextType>;
};

export type RewardResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Reward'] = ResolversParentTypes['Reward']> = {
  amountCents?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
  dateCancelled?: Resolver<Maybe<ResolversTypes['EpochMillis']>, ParentType, ContextType>;
  dateExpired?: Resolver<Maybe<ResolversTypes['EpochMillis']>, ParentType, ContextType>;
  dateGiven?: Resolver<ResolversTypes['EpochMillis'], ParentType, ContextType>;
  dateRedeemed?: Resolver<Maybe<ResolversTypes['EpochMillis']>, ParentType, ContextType>;
  discountPercent?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  expiresAt?: Resolver<Maybe<ResolversTypes['EpochMillis']>, ParentType, ContextType>;
  holdUntil?: Resolver<Maybe<ResolversTypes['EpochMillis']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  redeemedCents?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  referralId?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  rewardSource?: Resolver<ResolversTypes['RewardSource'], ParentType, ContextType>;
  status?: Resolver<ResolversTypes['RewardStatus'], ParentType, ContextType>;
  type?: Resolver<ResolversTypes['RewardType'], ParentType, ContextType>;
  unit?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type RewardBalanceResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['RewardBalance'] = ResolversParentTypes['RewardBalance']> = {
  available?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  expired?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  nextExpiry?: Resolver<Maybe<ResolversTypes['EpochMillis']>, ParentType, ContextType>;
  pending?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  totalAssigned?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  totalRedeemed?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  unit?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type RewardCostFigureResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['RewardCostFigure'] = ResolversParentTypes['RewardCostFigure']> = {
  costGiven?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  costPending?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  currency?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  rewardsGiven?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  rewardsPending?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  side?: Resolver<ResolversTypes['RewardSide'], ParentType, ContextType>;
};

export type RewardExplanationResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['RewardExplanation'] = ResolversParentTypes['RewardExplanation']> = {
  outcome?: Resolver<ResolversTypes['RewardOutcome'], ParentType, ContextType>;
  recipient?: Resolver<ResolversTypes['RuleRecipient'], ParentType, ContextType>;
  rewardId?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  rewardStatus?: Resolver<Maybe<ResolversTypes['RewardStatus']>, ParentType, ContextType>;
  ruleId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  ruleName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  text?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type RotatedWebhookSecretResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['RotatedWebhookSecret'] = ResolversParentTypes['RotatedWebhookSecret']> = {
  endpoint?: Resolver<ResolversTypes['WebhookEndpoint'], ParentType, ContextType>;
  previousSecretExpiresAt?: Resolver<ResolversTypes['EpochMillis'], ParentType, ContextType>;
  secret?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type RuleEligibilityResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['RuleEligibility'] = ResolversParentTypes['RuleEligibility']> = {
  minSubscriptionValueCents?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
  newCustomersOnly?: Resolver<Maybe<ResolversTypes['Boolean']>, ParentType, ContextType>;
};

export type RuleLimitResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['RuleLimit'] = ResolversParentTypes['RuleLimit']> = {
  maxAmountCents?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
  maxCount?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  period?: Resolver<ResolversTypes['RuleLimitPeriod'], ParentType, ContextType>;
};

export type RuleRewardResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['RuleReward'] = ResolversParentTypes['RuleReward']> = {
  amountCents?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
  currency?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  discountPercent?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  percentOfPayment?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
  type?: Resolver<ResolversTypes['RuleRewardType'], ParentType, ContextType>;
  unit?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type RuleTierResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['RuleTier'] = ResolversParentTypes['RuleTier']> = {
  fromConversions?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  reward?: Resolver<ResolversTypes['RuleReward'], ParentType, ContextType>;
  toConversions?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
};

export type RuleTriggerResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['RuleTrigger'] = ResolversParentTypes['RuleTrigger']> = {
  atLeast?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
  conversions?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  eventKey?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  field?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  forMonths?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  type?: Resolver<ResolversTypes['RuleTriggerType'], ParentType, ContextType>;
};

export type SftpKeyResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['SftpKey'] = ResolversParentTypes['SftpKey']> = {
  comment?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  dateCreated?: Resolver<ResolversTypes['EpochMillis'], ParentType, ContextType>;
  dateLastUsed?: Resolver<Maybe<ResolversTypes['EpochMillis']>, ParentType, ContextType>;
  dateRevoked?: Resolver<Maybe<ResolversTypes['EpochMillis']>, ParentType, ContextType>;
  fingerprint?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  keyType?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type SftpSettingsResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['SftpSettings'] = ResolversParentTypes['SftpSettings']> = {
  enabled?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  host?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  port?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  username?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type SimulatedRuleResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['SimulatedRule'] = ResolversParentTypes['SimulatedRule']> = {
  given?: Resolver<Array<ResolversTypes['SimulationTotal']>, ParentType, ContextType>;
  ruleId?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  ruleName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  totals?: Resolver<Array<ResolversTypes['SimulationTotal']>, ParentType, ContextType>;
};

export type SimulationTotalResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['SimulationTotal'] = ResolversParentTypes['SimulationTotal']> = {
  amount?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  month?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  rewards?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  unit?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type SubscriptionResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Subscription'] = ResolversParentTypes['Subscription']> = {
  billingIntervalType?: SubscriptionResolver<Maybe<ResolversTypes['String']>, "billingIntervalType", ParentType, ContextType>;
  billingIntervalValue?: SubscriptionResolver<Maybe<ResolversTypes['Int']>, "billingIntervalValue", ParentType, ContextType>;
  status?: SubscriptionResolver<Maybe<ResolversTypes['String']>, "status", ParentType, ContextType>;
  value?: SubscriptionResolver<Maybe<ResolversTypes['Float']>, "value", ParentType, ContextType>;
};

export type TenantResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Tenant'] = ResolversParentTypes['Tenant']> = {
  alias?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  dateCreated?: Resolver<ResolversTypes['EpochMillis'], ParentType, ContextType>;
  mode?: Resolver<ResolversTypes['TenantMode'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type TimelineEntryResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['TimelineEntry'] = ResolversParentTypes['TimelineEntry']> = {
  at?: Resolver<ResolversTypes['EpochMillis'], ParentType, ContextType>;
  description?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  kind?: Resolver<ResolversTypes['TimelineKind'], ParentType, ContextType>;
};

export type UserEventResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['UserEvent'] = ResolversParentTypes['UserEvent']> = {
  dateReceived?: Resolver<ResolversTypes['EpochMillis'], ParentType, ContextType>;
  dateTriggered?: Resolver<ResolversTypes['EpochMillis'], ParentType, ContextType>;
  fields?: Resolver<ResolversTypes['JSON'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  key?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type UserEventListResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['UserEventList'] = ResolversParentTypes['UserEventList']> = {
  events?: Resolver<Array<ResolversTypes['UserEvent']>, ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type UserEventResultResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['UserEventResult'] = ResolversParentTypes['UserEventResult']> = {
  accountId?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  events?: Resolver<Array<ResolversTypes['UserEvent']>, ParentType, ContextType>;
  userId?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type WebhookDeliveryResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['WebhookDelivery'] = ResolversParentTypes['WebhookDelivery']> = {
  attempt?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  dateStarted?: Resolver<ResolversTypes['EpochMillis'], ParentType, ContextType>;
  endpointId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  error?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  eventId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  eventType?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  latencyMs?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  outcome?: Resolver<ResolversTypes['WebhookDeliveryOutcome'], ParentType, ContextType>;
  responseExcerpt?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  statusCode?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
};

export type WebhookDeliveryPageResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['WebhookDeliveryPage'] = ResolversParentTypes['WebhookDeliveryPage']> = {
  endCursor?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  hasNextPage?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  items?: Resolver<Array<ResolversTypes['WebhookDelivery']>, ParentType, ContextType>;
};

export type WebhookEndpointResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['WebhookEndpoint'] = ResolversParentTypes['WebhookEndpoint']> = {
  dateCreated?: Resolver<ResolversTypes['EpochMillis'], ParentType, ContextType>;
  dateDisabled?: Resolver<Maybe<ResolversTypes['EpochMillis']>, ParentType, ContextType>;
  dateUpdated?: Resolver<ResolversTypes['EpochMillis'], ParentType, ContextType>;
  description?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  disabledReason?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  enabled?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  eventTypes?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  previousSecretExpiresAt?: Resolver<Maybe<ResolversTypes['EpochMillis']>, ParentType, ContextType>;
  url?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type WebhookEventTypeResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['WebhookEventType'] = ResolversParentTypes['WebhookEventType']> = {
  description?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type WebhookReplayResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['WebhookReplay'] = ResolversParentTypes['WebhookReplay']> = {
  endpointIds?: Resolver<Array<ResolversTypes['ID']>, ParentType, ContextType>;
  eventId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
};

export type WebhookReplayBatchResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['WebhookReplayBatch'] = ResolversParentTypes['WebhookReplayBatch']> = {
  endpointId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  eventIds?: Resolver<Array<ResolversTypes['ID']>, ParentType, ContextType>;
};

export type WebhookTestSentResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['WebhookTestSent'] = ResolversParentTypes['WebhookTestSent']> = {
  endpointId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  eventId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
};

export type Resolvers<ContextType = GraphQLContext> = {
  Account?: AccountResolvers<ContextType>;
  AccountActionEntry?: AccountActionEntryResolvers<ContextType>;
  AccountActionResult?: AccountActionResultResolvers<ContextType>;
  AccountPage?: AccountPageResolvers<ContextType>;
  AccountSummary?: AccountSummaryResolvers<ContextType>;
  AccountUser?: AccountUserResolvers<ContextType>;
  ApiKey?: ApiKeyResolvers<ContextType>;
  AuditEntry?: AuditEntryResolvers<ContextType>;
  AuditLogPage?: AuditLogPageResolvers<ContextType>;
  BrowserIntegration?: BrowserIntegrationResolvers<ContextType>;
  BulkRowResult?: BulkRowResultResolvers<ContextType>;
  CashBalance?: CashBalanceResolvers<ContextType>;
  CreatedApiKey?: CreatedApiKeyResolvers<ContextType>;
  CreatedWebhookEndpoint?: CreatedWebhookEndpointResolvers<ContextType>;
  CreditAmount?: CreditAmountResolvers<ContextType>;
  DailyPoint?: DailyPointResolvers<ContextType>;
  Dashboard?: DashboardResolvers<ContextType>;
  DashboardNumbers?: DashboardNumbersResolvers<ContextType>;
  DuePayee?: DuePayeeResolvers<ContextType>;
  EpochMillis?: GraphQLScalarType;
  FraudRule?: FraudRuleResolvers<ContextType>;
  FraudSignalHit?: FraudSignalHitResolvers<ContextType>;
  GeneratedSftpKey?: GeneratedSftpKeyResolvers<ContextType>;
  JSON?: GraphQLScalarType;
  Job?: JobResolvers<ContextType>;
  JobFilters?: JobFiltersResolvers<ContextType>;
  JobList?: JobListResolvers<ContextType>;
  JobStats?: JobStatsResolvers<ContextType>;
  JobValidation?: JobValidationResolvers<ContextType>;
  LeaderboardEntry?: LeaderboardEntryResolvers<ContextType>;
  MailSender?: MailSenderResolvers<ContextType>;
  MailSuppression?: MailSuppressionResolvers<ContextType>;
  McpAction?: McpActionResolvers<ContextType>;
  Mutation?: MutationResolvers<ContextType>;
  NotificationDelivery?: NotificationDeliveryResolvers<ContextType>;
  NotificationPreview?: NotificationPreviewResolvers<ContextType>;
  NotificationSetting?: NotificationSettingResolvers<ContextType>;
  NotificationTemplate?: NotificationTemplateResolvers<ContextType>;
  Operator?: OperatorResolvers<ContextType>;
  OperatorAccessLink?: OperatorAccessLinkResolvers<ContextType>;
  Payee?: PayeeResolvers<ContextType>;
  PaymentProcessorConnection?: PaymentProcessorConnectionResolvers<ContextType>;
  Payout?: PayoutResolvers<ContextType>;
  PayoutConnection?: PayoutConnectionResolvers<ContextType>;
  PayoutMethod?: PayoutMethodResolvers<ContextType>;
  PayoutMethodResult?: PayoutMethodResultResolvers<ContextType>;
  PayoutPolicy?: PayoutPolicyResolvers<ContextType>;
  PayoutReason?: PayoutReasonResolvers<ContextType>;
  PayoutRun?: PayoutRunResolvers<ContextType>;
  PayoutRunTotal?: PayoutRunTotalResolvers<ContextType>;
  PayoutsDue?: PayoutsDueResolvers<ContextType>;
  Person?: PersonResolvers<ContextType>;
  ProcessorNotification?: ProcessorNotificationResolvers<ContextType>;
  Program?: ProgramResolvers<ContextType>;
  ProgramRule?: ProgramRuleResolvers<ContextType>;
  ProgramRuleVersion?: ProgramRuleVersionResolvers<ContextType>;
  ProgramSimulation?: ProgramSimulationResolvers<ContextType>;
  Query?: QueryResolvers<ContextType>;
  Referral?: ReferralResolvers<ContextType>;
  ReferralActionEntry?: ReferralActionEntryResolvers<ContextType>;
  ReferralActionResult?: ReferralActionResultResolvers<ContextType>;
  ReferralDetail?: ReferralDetailResolvers<ContextType>;
  ReferralPage?: ReferralPageResolvers<ContextType>;
  ReferralReview?: ReferralReviewResolvers<ContextType>;
  ReferrerPayouts?: ReferrerPayoutsResolvers<ContextType>;
  ReferrerRewardSettings?: ReferrerRewardSettingsResolvers<ContextType>;
  RefusedOrigin?: RefusedOriginResolvers<ContextType>;
  ReturnFigure?: ReturnFigureResolvers<ContextType>;
  RevenueFigure?: RevenueFigureResolvers<ContextType>;
  ReviewResult?: ReviewResultResolvers<ContextType>;
  Reward?: RewardResolvers<ContextType>;
  RewardBalance?: RewardBalanceResolvers<ContextType>;
  RewardCostFigure?: RewardCostFigureResolvers<ContextType>;
  RewardExplanation?: RewardExplanationResolvers<ContextType>;
  RotatedWebhookSecret?: RotatedWebhookSecretResolvers<ContextType>;
  RuleEligibility?: RuleEligibilityResolvers<ContextType>;
  RuleLimit?: RuleLimitResolvers<ContextType>;
  RuleReward?: RuleRewardResolvers<ContextType>;
  RuleTier?: RuleTierResolvers<ContextType>;
  RuleTrigger?: RuleTriggerResolvers<ContextType>;
  SftpKey?: SftpKeyResolvers<ContextType>;
  SftpSettings?: SftpSettingsResolvers<ContextType>;
  SimulatedRule?: SimulatedRuleResolvers<ContextType>;
  SimulationTotal?: SimulationTotalResolvers<ContextType>;
  Subscription?: SubscriptionResolvers<ContextType>;
  Tenant?: TenantResolvers<ContextType>;
  TimelineEntry?: TimelineEntryResolvers<ContextType>;
  UserEvent?: UserEventResolvers<ContextType>;
  UserEventList?: UserEventListResolvers<ContextType>;
  UserEventResult?: UserEventResultResolvers<ContextType>;
  WebhookDelivery?: WebhookDeliveryResolvers<ContextType>;
  WebhookDeliveryPage?: WebhookDeliveryPageResolvers<ContextType>;
  WebhookEndpoint?: WebhookEndpointResolvers<ContextType>;
  WebhookEventType?: WebhookEventTypeResolvers<ContextType>;
  WebhookReplay?: WebhookReplayResolvers<ContextType>;
  WebhookReplayBatch?: WebhookReplayBatchResolvers<ContextType>;
  WebhookTestSent?: WebhookTestSentResolvers<ContextType>;
};

