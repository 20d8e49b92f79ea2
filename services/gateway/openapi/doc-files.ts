import { printSchema } from 'graphql';
import { buildSchema } from '../graphql/schema';
import { buildOpenApiDocument } from './document';

/** The committed copies of the API's descriptions (scripts/write-api-docs.ts writes them). */
export const API_DOC_FILES = { openapi: 'docs/openapi.json', sdl: 'docs/schema.graphql' } as const;

/** A JSON value with every object's keys sorted, so the file's order never depends on build order. */
function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sortedKeys((value as Record<string, unknown>)[key])]),
  );
}

/** The files' contents: the OpenAPI document (pretty, sorted keys) and the GraphQL SDL. */
export function renderApiDocFiles(): Record<keyof typeof API_DOC_FILES, string> {
  return {
    openapi: `${JSON.stringify(sortedKeys(buildOpenApiDocument()), null, 2)}\n`,
    sdl: `${printSchema(buildSchema())}\n`,
  };
}
