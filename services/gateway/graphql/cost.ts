import type { DocumentNode, GraphQLSchema } from 'graphql';
import {
  fieldExtensionsEstimator,
  getComplexity,
  simpleEstimator,
  type ComplexityEstimator,
} from 'graphql-query-complexity';
import { daysBetween, dayStart, MAX_RANGE_DAYS } from '../../../shared/domain/common/calendar-days';

/**
 * What a GraphQL field costs. A plain field costs 1; these reflect work:
 *
 * - a list field with a page size (`first` or `limit`) costs one per row of the page (one statement reads
 *   the page; per-row work is what grows), plus its selection;
 * - `dashboard` costs DASHBOARD_COST_PER_DAY per day of its range (the daily series and the rollup scan);
 * - mutations that hash, generate keys, start workflows or call out cost a fixed amount (FIELD_COSTS).
 *
 * With the default budget (GRAPHQL_MAX_COMPLEXITY 1000) one request holds two year-long dashboards,
 * four createApiKey, or ten sendTestWebhook by cost; OUTBOUND_FIELDS are further capped by count
 * (GRAPHQL_MAX_OUTBOUND_CALLS, 3).
 */
export const DASHBOARD_COST_PER_DAY = 1;
/** The page size assumed when `first`/`limit` is omitted or not a positive integer (the API's default is 20 or 25). */
export const DEFAULT_PAGE_SIZE = 25;

/** Fixed costs of fields that do more than read a row ("Type.field"), added to their selection's cost. */
export const FIELD_COSTS: Record<string, number> = {
  'Mutation.createApiKey': 200,
  'Mutation.inviteOperator': 200,
  'Mutation.generateSftpKey': 50,
  'Mutation.sendTestWebhook': 100,
  'Mutation.connectPaymentProcessor': 100,
  'Mutation.createWebhookEndpoint': 50,
  'Mutation.updateWebhookEndpoint': 50,
  'Mutation.replayWebhookEvent': 20,
  'Mutation.replayFailedWebhookEvents': 200,
  'Mutation.createJob': 20,
  'Mutation.reviewReferrals': 50,
  'Mutation.logUserEvents': 20,
  'Query.validateJobCreation': 20,
};

/** Root mutations that make a request to another host (a receiver, the processor, or DNS for a URL check). */
export const OUTBOUND_FIELDS = new Set([
  'sendTestWebhook',
  'connectPaymentProcessor',
  'createWebhookEndpoint',
  'updateWebhookEndpoint',
]);

const PAGE_ARGS = ['first', 'limit'];

function pageSize(args: Record<string, unknown>): number | undefined {
  const name = PAGE_ARGS.find((arg) => arg in args);
  if (name === undefined) return undefined;
  const value = args[name];
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : DEFAULT_PAGE_SIZE;
}

/** Days the range covers; MAX_RANGE_DAYS for a range the resolver will refuse (the cost is checked first). */
function rangeDays(range: unknown): number {
  const { from, to } = (range ?? {}) as { from?: unknown; to?: unknown };
  if (typeof from !== 'string' || typeof to !== 'string') return MAX_RANGE_DAYS;
  if (dayStart(from) === undefined || dayStart(to) === undefined) return MAX_RANGE_DAYS;
  const days = daysBetween(from, to);
  return days >= 1 && days <= MAX_RANGE_DAYS ? days : MAX_RANGE_DAYS;
}

/** The estimator of the complexity rule: see the module comment. */
export function workEstimator(): ComplexityEstimator {
  return ({ type, field, args, childComplexity }) => {
    const key = `${type.name}.${field.name}`;
    if (key === 'Query.dashboard')
      return 1 + childComplexity + DASHBOARD_COST_PER_DAY * rangeDays(args.range);
    const fixed = FIELD_COSTS[key] ?? 0;
    const rows = field.args.some((a) => PAGE_ARGS.includes(a.name))
      ? (pageSize(args) ?? DEFAULT_PAGE_SIZE)
      : undefined;
    if (rows !== undefined) return 1 + fixed + rows + childComplexity;
    return 1 + fixed + childComplexity;
  };
}

/** The estimators of the complexity rule, in order (a field's own `complexity` extension wins). */
export function costEstimators(): ComplexityEstimator[] {
  return [fieldExtensionsEstimator(), workEstimator(), simpleEstimator({ defaultComplexity: 1 })];
}

/** A document's cost as the complexity rule computes it (tests and tools). */
export function queryCost(
  schema: GraphQLSchema,
  query: DocumentNode,
  variables: Record<string, unknown> = {},
  operationName?: string,
): number {
  return getComplexity({ schema, query, variables, operationName, estimators: costEstimators() });
}
