import { defineSearchAttributeKey, SearchAttributeType } from '@temporalio/common';

/**
 * Custom search attributes every workflow carries, so operators can filter the Temporal UI by tenant,
 * entity and kind (e.g. `TenantAlias = "acme" AND WorkflowKind = "import"`).
 */
export const TENANT_ALIAS = defineSearchAttributeKey('TenantAlias', SearchAttributeType.KEYWORD);
export const ENTITY_ID = defineSearchAttributeKey('EntityId', SearchAttributeType.KEYWORD);
export const WORKFLOW_KIND = defineSearchAttributeKey('WorkflowKind', SearchAttributeType.KEYWORD);
/** Referral lifecycles: IN_PROGRESS, CONVERTED, ENDED (upserted by the workflow). */
export const REFERRAL_STATUS = defineSearchAttributeKey('ReferralStatus', SearchAttributeType.KEYWORD);
/** Import jobs: MUTATION/USER, MUTATION/USER_EVENT, ... */
export const IMPORT_JOB_TYPE = defineSearchAttributeKey('ImportJobType', SearchAttributeType.KEYWORD);

/** Referral lifecycles: the fraud signals found at attribution (SAME_EMAIL, VELOCITY, ...). */
export const FRAUD_SIGNALS = defineSearchAttributeKey('FraudSignals', SearchAttributeType.KEYWORD_LIST);

/** Name → type, in the CLI's spelling (`temporal server start-dev --search-attribute Name=Keyword`). */
export const CUSTOM_SEARCH_ATTRIBUTES: Record<string, 'Keyword' | 'KeywordList'> = {
  [TENANT_ALIAS.name]: 'Keyword',
  [ENTITY_ID.name]: 'Keyword',
  [WORKFLOW_KIND.name]: 'Keyword',
  [REFERRAL_STATUS.name]: 'Keyword',
  [IMPORT_JOB_TYPE.name]: 'Keyword',
  [FRAUD_SIGNALS.name]: 'KeywordList',
};
