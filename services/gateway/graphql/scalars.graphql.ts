import { GraphQLError, GraphQLScalarType, Kind, valueFromASTUntyped } from 'graphql';
import type { GraphQLModule } from './module';

const MAX_EPOCH_MS = 8_640_000_000_000_000;

function epochMillis(value: unknown): number {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 && value <= MAX_EPOCH_MS) {
    return value;
  }
  throw new GraphQLError('EpochMillis must be a whole number of milliseconds since 1970-01-01T00:00:00Z', {
    extensions: { code: 'VALIDATION_FAILED' },
  });
}

/** Epoch milliseconds: wider than GraphQL's 32-bit Int, and whole, unlike Float. */
const EpochMillis = new GraphQLScalarType({
  name: 'EpochMillis',
  description: 'A point in time as whole milliseconds since 1970-01-01T00:00:00Z.',
  serialize: (value) => (value instanceof Date ? value.getTime() : epochMillis(value)),
  parseValue: epochMillis,
  parseLiteral: (ast) => {
    if (ast.kind !== Kind.INT) return epochMillis(undefined);
    return epochMillis(Number(ast.value));
  },
});

/** Any JSON value (event fields); the zod schemas behind each argument say what shape is accepted. */
const JSONScalar = new GraphQLScalarType({
  name: 'JSON',
  description: 'Any JSON value.',
  serialize: (value) => value,
  parseValue: (value) => value,
  parseLiteral: (ast, variables) => valueFromASTUntyped(ast, variables),
});

export const scalarsModule: GraphQLModule = {
  typeDefs: /* GraphQL */ `
    scalar EpochMillis
    scalar JSON
  `,
  resolvers: { EpochMillis, JSON: JSONScalar },
};
