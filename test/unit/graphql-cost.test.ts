/**
 * GraphQL cost (services/gateway/graphql/cost.ts and limits.ts): costly fields cost
 * their work, the default budget refuses the finding's requests, at most three outbound calls per
 * request, and every query the admin portal sends fits the default budget at its largest variables.
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  Kind,
  parse,
  specifiedRules,
  validate,
  type GraphQLInputType,
  type OperationDefinitionNode,
} from 'graphql';
import { queryCost } from '../../services/gateway/graphql/cost';
import { complexityLimitRule, outboundCallsRule } from '../../services/gateway/graphql/limits';
import { buildSchema } from '../../services/gateway/graphql/schema';
import { CONFIG_VARIABLES } from '../../shared/config';

const schema = buildSchema();
const BUDGET = Number(CONFIG_VARIABLES.GRAPHQL_MAX_COMPLEXITY.default);
const OUTBOUND = Number(CONFIG_VARIABLES.GRAPHQL_MAX_OUTBOUND_CALLS.default);

/** The errors the gateway's cost rules report for a document, with the default settings. */
function refusals(source: string, variables: Record<string, unknown> = {}): string[] {
  const rules = [...specifiedRules, outboundCallsRule(OUTBOUND), complexityLimitRule(BUDGET, variables)];
  return validate(schema, parse(source), rules).map((e) => e.message);
}
const copies = (n: number, field: string) =>
  Array.from({ length: n }, (_, i) => `f${i}: ${field}`).join('\n');
const YEAR = '{ from: "2025-01-01", to: "2025-12-31" }';
const DASHBOARD_FIELDS =
  'clicks referralsStarted daily { date clicks started converted } leaderboard { accountId }';

describe('the finding: one request may not do the work of hundreds', () => {
  test('400 year-long dashboards are refused; one or two fit, three do not', () => {
    const dashboards = (n: number) => `{ ${copies(n, `dashboard(range: ${YEAR}) { ${DASHBOARD_FIELDS} }`)} }`;
    expect(refusals(dashboards(400))).toEqual([
      expect.stringMatching(/^Query complexity \d+ exceeds the maximum of 1000$/),
    ]);
    expect(refusals(dashboards(1))).toEqual([]);
    expect(refusals(dashboards(2))).toEqual([]);
    expect(refusals(dashboards(3))).toHaveLength(1);
    // A week costs far less than a year.
    const week = parse(
      `{ dashboard(range: { from: "2025-01-01", to: "2025-01-07" }) { ${DASHBOARD_FIELDS} } }`,
    );
    const year = parse(`{ dashboard(range: ${YEAR}) { ${DASHBOARD_FIELDS} } }`);
    expect(queryCost(schema, year) - queryCost(schema, week)).toBe(365 - 7);
  });

  test('a range given by variables is costed by its length, an invalid one as the longest', () => {
    const doc = `query D($r: DateRangeInput!) { ${copies(3, `dashboard(range: $r) { ${DASHBOARD_FIELDS} }`)} }`;
    expect(refusals(doc, { r: { from: '2025-01-01', to: '2025-01-31' } })).toEqual([]);
    expect(refusals(doc, { r: { from: '2025-01-01', to: '2025-12-31' } })).toHaveLength(1);
    expect(refusals(doc, { r: { from: 'x', to: 'y' } })).toHaveLength(1);
  });

  test('300 sendTestWebhook are refused; at most three outbound calls per request, by any spelling', () => {
    const send = (n: number) => `mutation { ${copies(n, 'sendTestWebhook(endpointId: "e") { eventId }')} }`;
    expect(refusals(send(300))).toEqual(
      expect.arrayContaining([
        expect.stringContaining('makes 300 outbound calls'),
        expect.stringContaining('exceeds'),
      ]),
    );
    expect(refusals(send(3))).toEqual([]);
    expect(refusals(send(4))).toEqual([
      expect.stringMatching(/makes 4 outbound calls .*; at most 3 are allowed per request/),
    ]);
    const mixed = `mutation {
      a: sendTestWebhook(endpointId: "e") { eventId }
      ... on Mutation { b: connectPaymentProcessor(input: { processor: BRAINTREE, merchantId: "m", publicKey: "p", privateKey: "k" }) { environment } }
      ...Twice ...Twice
    }
    fragment Twice on Mutation { c: createWebhookEndpoint(input: { url: "https://h.example/", eventTypes: [] }) { id } }`;
    expect(refusals(mixed)).toEqual(
      expect.arrayContaining([expect.stringContaining('makes 4 outbound calls')]),
    );
  });

  test('100 createApiKey are refused; four fit', () => {
    const create = (n: number) => `mutation { ${copies(n, 'createApiKey { key }')} }`;
    expect(refusals(create(100))).toEqual([expect.stringMatching(/^Query complexity \d+ exceeds/)]);
    expect(refusals(create(4))).toEqual([]);
    expect(refusals(create(5))).toHaveLength(1);
  });

  test('list fields cost one per row of the page', () => {
    const page = (first: number) => parse(`{ referrals(first: ${first}) { hasNextPage } }`);
    expect(queryCost(schema, page(100)) - queryCost(schema, page(5))).toBe(95);
    expect(refusals(`{ ${copies(10, 'referrals(first: 100) { hasNextPage }')} }`)).toHaveLength(1);
  });
});

/** Every `/* GraphQL *\/` template of the portal's source, fragments (`${NAME}`) resolved. */
function portalDocuments(): { file: string; source: string }[] {
  const dir = path.join(__dirname, '../../clients/admin/src');
  const files = fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => /\.tsx?$/.test(f));
  const found: { file: string; name?: string; source: string }[] = [];
  for (const file of files) {
    const text = fs.readFileSync(path.join(dir, file), 'utf8');
    for (const m of text.matchAll(/(?:const (\w+)\s*=\s*)?\/\* GraphQL \*\/\s*`([^`]*)`/g)) {
      found.push({ file, name: m[1], source: m[2]! });
    }
  }
  const byName = new Map(found.filter((d) => d.name).map((d) => [d.name!, d.source]));
  return found
    .map(({ file, source }) => ({
      file,
      source: source.replace(/\$\{(\w+)\}/g, (_, n: string) => byName.get(n) ?? ''),
    }))
    .filter(({ source }) => /^\s*(query|mutation)\b/.test(source));
}

/** The largest value a variable may take (page sizes 100, the longest range), or a plausible one. */
function sample(type: GraphQLInputType, name: string): unknown {
  if (isNonNullType(type)) return sample(type.ofType, name);
  if (isListType(type)) return [sample(type.ofType, name)];
  if (isInputObjectType(type)) {
    if (type.name === 'DateRangeInput') return { from: '2025-01-01', to: '2026-01-01' };
    const fields = Object.values(type.getFields()).filter((f) => isNonNullType(f.type));
    return Object.fromEntries(fields.map((f) => [f.name, sample(f.type, f.name)]));
  }
  if (isEnumType(type)) return type.getValues()[0]!.value;
  const scalar = getNamedType(type).name;
  if (scalar === 'Int') return 100;
  if (scalar === 'Boolean') return true;
  if (scalar === 'EpochMillis') return 0;
  return name === 'from' || name === 'to' ? '2025-01-01' : 'x';
}

describe("the admin portal's queries fit the default budget", () => {
  const documents = portalDocuments();

  test('the portal has queries to check', () => {
    expect(documents.length).toBeGreaterThan(20);
  });

  test.each(documents.map((d) => [d.file, d.source.trim().split('\n')[0]!.trim(), d.source] as const))(
    '%s: %s',
    (_file, _title, source) => {
      const operation = parse(source).definitions.find(
        (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
      )!;
      const typeInfo = (n: string) => schema.getType(n);
      const variables: Record<string, unknown> = {};
      for (const def of operation.variableDefinitions ?? []) {
        let node = def.type;
        const wrappers: string[] = [];
        while (node.kind !== Kind.NAMED_TYPE) {
          wrappers.push(node.kind);
          node = node.type;
        }
        const named = typeInfo(node.name.value) as GraphQLInputType;
        const value = sample(named, def.variable.name.value);
        variables[def.variable.name.value] = wrappers.includes(Kind.LIST_TYPE) ? [value] : value;
      }
      expect(refusals(source, variables)).toEqual([]);
      expect(queryCost(schema, parse(source), variables)).toBeLessThanOrEqual(BUDGET);
    },
  );
});
