/**
 * Each ReferralClient method and the OpenAPI operation it calls (operationId, HTTP method, path with
 * `{param}`), so that a test can check the SDK against the service's OpenAPI document. Methods that run a
 * GraphQL operation name it in `graphql`. `retry` says when the method is retried on network errors, 429
 * and 503:
 * - `always`: a read;
 * - `idempotency-key`: when the call carries an idempotency key (given, or from autoIdempotencyKeys);
 * - `replayable-body`: when the body can be sent again (a Buffer or a file path, not a stream);
 * - `declared`: when the call says `idempotent: true`;
 * - `never`: a write without an idempotency key.
 */
export interface OperationInfo {
  operationId: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  graphql?: string;
  retry: 'always' | 'idempotency-key' | 'replayable-body' | 'declared' | 'never';
}

const API = '/api/v1/{tenantAlias}';
const USER = `${API}/open/account/{accountId}/user/{userId}`;
const GRAPHQL = { operationId: 'graphqlPost', method: 'POST', path: `${API}/graphql` } as const;

export const OPERATIONS = {
  identify: { operationId: 'upsertUser', method: 'PUT', path: USER, retry: 'never' },
  upsertUser: { operationId: 'upsertUser', method: 'PUT', path: USER, retry: 'never' },
  getUser: { operationId: 'getUser', method: 'GET', path: USER, retry: 'always' },
  getWidget: { operationId: 'getWidget', method: 'GET', path: `${USER}/widget`, retry: 'always' },
  getBrowserSettings: {
    operationId: 'getBrowserSettings',
    method: 'GET',
    path: `${API}/open/browser-settings`,
    retry: 'always',
  },
  logUserEvents: {
    operationId: 'logUserEvents',
    method: 'POST',
    path: `${USER}/events`,
    retry: 'idempotency-key',
  },
  logUserEventsBatch: { ...GRAPHQL, graphql: 'logUserEvents', retry: 'idempotency-key' },
  syncAccount: { operationId: 'syncAccount', method: 'POST', path: `${API}/accountsync`, retry: 'never' },
  lookupCode: { operationId: 'lookupCode', method: 'GET', path: `${API}/code/{code}`, retry: 'always' },
  getAccountRewards: {
    operationId: 'getAccountRewards',
    method: 'GET',
    path: `${API}/account/{accountId}/reward`,
    retry: 'always',
  },
  associateDiscount: {
    operationId: 'associateDiscount',
    method: 'POST',
    path: `${API}/discount`,
    retry: 'never',
  },
  segment: {
    operationId: 'segmentWebhook',
    method: 'POST',
    path: `${API}/integrations/segment`,
    retry: 'declared',
  },
  uploadFile: {
    operationId: 'uploadFile',
    method: 'POST',
    path: `${API}/export/upload`,
    retry: 'replayable-body',
  },
  downloadFile: {
    operationId: 'downloadFile',
    method: 'GET',
    path: `${API}/export/download`,
    retry: 'always',
  },
  downloadResultFile: {
    operationId: 'downloadFile',
    method: 'GET',
    path: `${API}/export/download`,
    retry: 'always',
  },
  validateImport: { ...GRAPHQL, graphql: 'validateJobCreation', retry: 'always' },
  createImportJob: { ...GRAPHQL, graphql: 'createJob', retry: 'idempotency-key' },
  createExportJob: { ...GRAPHQL, graphql: 'createJob', retry: 'idempotency-key' },
  getImportJob: { ...GRAPHQL, graphql: 'job', retry: 'always' },
  waitForImportJob: { ...GRAPHQL, graphql: 'job', retry: 'always' },
  getProgram: { operationId: 'getProgram', method: 'GET', path: `${API}/program`, retry: 'always' },
  updateProgram: { operationId: 'updateProgram', method: 'PATCH', path: `${API}/program`, retry: 'never' },
  // Hosted pages.
  uploadProgramLogo: {
    operationId: 'uploadProgramLogo',
    method: 'PUT',
    path: `${API}/program/logo`,
    retry: 'never',
  },
  removeProgramLogo: {
    operationId: 'removeProgramLogo',
    method: 'DELETE',
    path: `${API}/program/logo`,
    retry: 'never',
  },
  graphql: { ...GRAPHQL, retry: 'declared' },
} as const satisfies Record<string, OperationInfo>;

export type OperationName = keyof typeof OPERATIONS;

/**
 * Operations of the OpenAPI document the SDK does not wrap, and why: the processor's own webhook calls,
 * probes, metrics, the share link a browser follows, the documents themselves, and GraphQL over GET (the
 * SDK posts).
 */
export const NOT_IN_SDK: Readonly<Record<string, string>> = {
  braintreeWebhookChallenge: 'called by the payment processor',
  braintreeWebhook: 'called by the payment processor',
  stripeWebhook: 'called by the payment processor',
  payoutWebhook: 'called by the payout provider',
  payoutOnboardingPage: "a page for the referrer's browser after Stripe onboarding",
  getReferrerPayouts: "the widget's payouts (a server reads them with GraphQL referrerPayouts)",
  setPayoutMethod: "the widget's payout method (a server sets it with GraphQL setPayoutMethod)",
  healthz: 'probe for orchestrators',
  readyz: 'probe for orchestrators',
  metrics: 'Prometheus scrape',
  followShareLink: "followed by a friend's browser",
  getOpenApiDocument: 'the API description itself',
  getApiReference: 'HTML page for people',
  getGraphqlSchema: 'the GraphQL SDL itself',
  graphqlGet: 'the SDK sends GraphQL with POST (graphqlPost)',
  // Browser integration.
  checkReferralCode: "public, for the browser library's checkCode (a server has lookupCode)",
  // Hosted pages.
  countShareLinkClick: "the browser library's beacon from a friend's browser",
  getProgramLogo: 'an image for browsers on the hosted pages',
  getShareImage: 'an image for link-preview bots (og:image)',
};
