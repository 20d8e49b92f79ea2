/**
 * The GraphQL depth and complexity validation rules (services/gateway/graphql/limits.ts) on a small
 * schema, through graphql's own validate().
 */
import { buildSchema, GraphQLError, parse, specifiedRules, validate } from 'graphql';
import { complexityLimitRule, depthLimitRule, TOO_COMPLEX } from '../../services/gateway/graphql/limits';

const schema = buildSchema(/* GraphQL */ `
  interface Node {
    id: ID!
  }
  type User implements Node {
    id: ID!
    name: String
    friends: [User!]!
    best: User
    posts: [Post!]!
  }
  type Post implements Node {
    id: ID!
    title: String
    author: User!
  }
  union SearchResult = User | Post
  type Query {
    version: String
    me: User
    node(id: ID!): Node
    search(q: String!): [SearchResult!]!
  }
`);

/** Errors of the depth rule alone (so unrelated validation errors do not interfere). */
function depthErrors(doc: string, max: number): readonly GraphQLError[] {
  return validate(schema, parse(doc), [depthLimitRule(max)]);
}

/** The depth the rule measures: the smallest limit that accepts the document. */
function measuredDepth(doc: string): number {
  for (let max = 0; max <= 50; max++) if (depthErrors(doc, max).length === 0) return max;
  throw new Error('deeper than 50');
}

describe('depthLimitRule', () => {
  test.each<[name: string, depth: number, doc: string]>([
    ['a leaf at the root', 1, '{ version }'],
    ['one object level', 2, '{ me { name } }'],
    ['the deepest branch counts', 3, '{ version me { name best { name } friends { id } } }'],
    ['nested lists', 5, '{ me { friends { friends { friends { name } } } } }'],
    ['aliases are the same fields', 3, '{ a: me { b: best { c: name } } }'],
    ['arguments and variables do not matter', 2, 'query ($id: ID!) { node(id: $id) { id } }'],
    ['a named fragment adds no level of its own', 3, '{ me { ...U } } fragment U on User { best { name } }'],
    ['a fragment at the root', 4, '{ ...Q } fragment Q on Query { me { best { best { name } } } }'],
    [
      'fragments spreading fragments',
      4,
      '{ me { ...A } } fragment A on User { best { ...B } } fragment B on User { best { ...C } } fragment C on User { name }',
    ],
    [
      'the same fragment used at different depths',
      5,
      '{ me { ...N best { best { ...N } } } } fragment N on User { best { name } }',
    ],
    ['an inline fragment adds no level', 3, '{ node(id: 1) { ... on User { best { name } } } }'],
    ['an inline fragment without a type condition', 3, '{ me { ... { best { name } } } }'],
    [
      'inline fragments on a union',
      4,
      '{ search(q: "x") { ... on User { name } ... on Post { author { best { name } } } } }',
    ],
    [
      'inline fragment inside a named fragment',
      3,
      '{ ...Q } fragment Q on Query { node(id: 1) { ... on Post { author { name } } } }',
    ],
    ['__typename is not counted', 2, '{ me { best { __typename } } }'],
    ['__typename alone at the root', 0, '{ __typename }'],
    [
      '__schema is not counted at any depth',
      0,
      '{ __schema { types { fields { type { ofType { ofType { name } } } } } } }',
    ],
    ['__type is not counted', 1, '{ version __type(name: "User") { fields { type { name } } } }'],
    [
      'introspection next to a real selection',
      2,
      '{ me { name } __schema { queryType { fields { name } } } }',
    ],
    ['several operations: the deepest one', 3, 'query A { version } query B { me { best { name } } }'],
  ])('%s: depth %i', (_name, depth, doc) => {
    expect(measuredDepth(doc)).toBe(depth);
  });

  test.each<[name: string, doc: string, max: number, valid: boolean]>([
    ['exactly at the limit is accepted', '{ me { best { name } } }', 3, true],
    ['one over the limit is rejected', '{ me { best { best { name } } } }', 3, false],
    [
      'over the limit through a fragment',
      '{ me { ...F } } fragment F on User { best { best { name } } }',
      3,
      false,
    ],
    [
      'over the limit through an inline fragment',
      '{ node(id: 1) { ... on User { best { best { name } } } } }',
      3,
      false,
    ],
    ['deep introspection under a limit of 1', '{ __schema { types { fields { type { name } } } } }', 1, true],
  ])('%s', (_name, doc, max, valid) => {
    expect(depthErrors(doc, max).length === 0).toBe(valid);
  });

  test('the error names depth and maximum, carries the code and points at the operation', () => {
    const errors = depthErrors('query Deep {\n  me { best { best { name } } }\n}', 2);
    expect(errors).toHaveLength(1);
    expect(errors[0]!.message).toBe('Query depth 4 exceeds the maximum of 2');
    expect(errors[0]!.extensions).toEqual({ code: TOO_COMPLEX });
    expect(errors[0]!.locations).toEqual([{ line: 1, column: 1 }]);
  });

  test('each operation of a document is checked on its own', () => {
    const errors = depthErrors(
      'query A { version } query B { me { best { name } } } query C { me { best { best { name } } } }',
      3,
    );
    expect(errors.map((e) => e.message)).toEqual(['Query depth 4 exceeds the maximum of 3']);
    expect(errors[0]!.locations).toEqual([{ line: 1, column: 54 }]);
  });

  test.each<[name: string, doc: string]>([
    ['a fragment spreading itself', '{ me { ...A } } fragment A on User { best { ...A } }'],
    [
      'two fragments spreading each other',
      '{ me { ...A } } fragment A on User { best { ...B } } fragment B on User { friends { ...A } }',
    ],
    [
      'a cycle reached only from another fragment',
      '{ me { ...X } } fragment X on User { ...A } fragment A on User { ...B } fragment B on User { ...A }',
    ],
  ])('%s terminates, and the standard rules report the cycle', (_name, doc) => {
    expect(depthErrors(doc, 10)).toEqual([]);
    const all = validate(schema, parse(doc), [...specifiedRules, depthLimitRule(10)]);
    expect(all.some((e) => /Cannot spread fragment "\w+" within itself/.test(e.message))).toBe(true);
  });

  test('a cyclic fragment still counts the depth it reaches before the cycle', () => {
    const errors = depthErrors('{ me { ...A } } fragment A on User { best { best { ...A } } }', 2);
    expect(errors.map((e) => e.message)).toEqual(['Query depth 3 exceeds the maximum of 2']);
  });

  test('unknown fragments add nothing (KnownFragmentNames reports them)', () => {
    expect(depthErrors('{ me { ...Missing } }', 1)).toEqual([]);
    expect(measuredDepth('{ me { id ...Missing } }')).toBe(2);
  });

  test('a fragment bomb (each fragment spreading the next twice) is measured in linear time', () => {
    // 2^22 expanded selections: a walk that re-expands every spread blocks for seconds (and 2^n beyond)
    const n = 22;
    const fragments = Array.from({ length: n }, (_, i) =>
      i < n - 1
        ? `fragment F${i} on User { ...F${i + 1} ...F${i + 1} }`
        : `fragment F${i} on User { best { name } }`,
    );
    const started = Date.now();
    const errors = depthErrors(`{ me { ...F0 } } ${fragments.join(' ')}`, 10);
    expect(Date.now() - started).toBeLessThan(500);
    expect(errors).toEqual([]);
  });

  test('a deep chain of fragments, each spread twice, reports its full depth', () => {
    const n = 60;
    const fragments = Array.from({ length: n }, (_, i) =>
      i < n - 1
        ? `fragment F${i} on User { best { ...F${i + 1} } ...F${i + 1} }`
        : `fragment F${i} on User { name }`,
    );
    const started = Date.now();
    const errors = depthErrors(`{ me { ...F0 } } ${fragments.join(' ')}`, 10);
    expect(Date.now() - started).toBeLessThan(500);
    expect(errors.map((e) => e.message)).toEqual([`Query depth ${n + 1} exceeds the maximum of 10`]);
  });
});

describe('complexityLimitRule', () => {
  const complexityErrors = (doc: string, max: number, variables?: Record<string, unknown>) =>
    validate(schema, parse(doc), [complexityLimitRule(max, variables)]);

  test.each<[name: string, cost: number, doc: string]>([
    ['one field', 1, '{ version }'],
    ['every field costs one', 5, '{ me { id name best { name } } }'],
    [
      'fragments count what they expand to',
      6,
      '{ me { ...U best { ...U } } } fragment U on User { id name }',
    ],
    ['@skip(if: true) is free', 1, '{ version me @skip(if: true) { name } }'],
    ['@include with a variable', 1, 'query ($i: Boolean!) { version me @include(if: $i) { name } }'],
  ])('%s: cost %i', (_name, cost, doc) => {
    expect(complexityErrors(doc, cost, { i: false })).toEqual([]);
    if (cost === 1) return; // the limit is a positive number
    expect(complexityErrors(doc, cost - 1, { i: false }).map((e) => [e.message, e.extensions.code])).toEqual([
      [`Query complexity ${cost} exceeds the maximum of ${cost - 1}`, TOO_COMPLEX],
    ]);
  });

  test('a document expanding past the node limit is reported as too complex instead of throwing', () => {
    const n = 30;
    const fragments = Array.from({ length: n }, (_, i) =>
      i < n - 1
        ? `fragment F${i} on Query { ...F${i + 1} ...F${i + 1} }`
        : `fragment F${i} on Query { version }`,
    );
    const errors = complexityErrors(`{ ...F0 } ${fragments.join(' ')}`, 1000);
    expect(errors.map((e) => [e.message, e.extensions.code, e.locations])).toEqual([
      [
        'Query is too complex: Query exceeds the maximum allowed number of nodes.',
        TOO_COMPLEX,
        [{ line: 1, column: 1 }],
      ],
    ]);
  });

  test('an aborted operation reports once (its partial total is not reported again), other operations still count', () => {
    const n = 20;
    const fragments = Array.from({ length: n }, (_, i) =>
      i < n - 1
        ? `fragment F${i} on Query { ...F${i + 1} ...F${i + 1} }`
        : `fragment F${i} on Query { version }`,
    );
    const errors = complexityErrors(`query B { me { id name } } query A { ...F0 } ${fragments.join(' ')}`, 2);
    expect(errors.map((e) => [e.message, e.extensions.code])).toEqual([
      ['Query complexity 3 exceeds the maximum of 2', TOO_COMPLEX],
      ['Query is too complex: Query exceeds the maximum allowed number of nodes.', TOO_COMPLEX],
    ]);
  });
});
