/**
 * graphql-codegen run in-process (its core, the client preset and the resolver plugins): the admin
 * portal's documents (the `graphql(`...`)` calls in clients/admin/src) typed from docs/schema.graphql
 * into clients/admin/src/gql/, and the gateway's resolver types into services/gateway/graphql/generated/.
 * `npm run codegen` writes what it answers; test/unit/codegen-fresh.test.ts compares it with the
 * committed files. A document the schema does not allow (an unknown field, a wrong argument or variable)
 * rejects, with graphql-codegen's message naming the document and the field.
 */
import fs from 'node:fs';
import path from 'node:path';
import { codegen } from '@graphql-codegen/core';
import { preset as clientPreset } from '@graphql-codegen/client-preset';
import { getCachedDocumentNodeFromSchema, type Types } from '@graphql-codegen/plugin-helpers';
import * as typescriptPlugin from '@graphql-codegen/typescript';
import * as resolversPlugin from '@graphql-codegen/typescript-resolvers';
import { gqlPluckFromCodeStringSync } from '@graphql-tools/graphql-tag-pluck';
import {
  buildSchema,
  Kind,
  lexicographicSortSchema,
  NoUnusedFragmentsRule,
  parse,
  specifiedRules,
  validate,
  type DefinitionNode,
  type FragmentDefinitionNode,
  type GraphQLSchema,
} from 'graphql';

export const SCHEMA_FILE = 'docs/schema.graphql';
export const PORTAL_SOURCE = 'clients/admin/src';
export const PORTAL_OUTPUT = 'clients/admin/src/gql/';
export const RESOLVERS_OUTPUT = 'services/gateway/graphql/generated/resolvers.ts';

export interface GeneratedFile {
  /** Relative to the project root. */
  filename: string;
  content: string;
}

/** The portal's types: documents stay strings, so no GraphQL library ships to the browser. */
const PORTAL_CONFIG = {
  documentMode: 'string',
  enumsAsTypes: true,
  useTypeImports: true,
  skipTypename: true,
  avoidOptionals: { field: true, inputValue: false, object: true, defaultValue: false },
  scalars: { EpochMillis: 'number', JSON: 'unknown' },
};

/**
 * The resolvers' types: a resolver answers the schema's shape exactly, except for the types whose field
 * resolvers receive a presenter object (services/gateway/graphql/parents.ts, each checked against its
 * schema type in parents-fit.ts); the context is the gateway's own.
 */
const RESOLVERS_CONFIG = {
  useTypeImports: true,
  enumsAsTypes: true,
  scalars: { EpochMillis: 'number', JSON: 'unknown' },
  contextType: '../context#GraphQLContext',
  mappers: {
    Account: '../parents#AccountParent',
    Referral: '../parents#ReferralParent',
    ReferralDetail: '../parents#ReferralDetailParent',
    Program: '../parents#ProgramParent',
    PayoutRun: '../parents#PayoutRunParent',
  },
  useIndexSignature: false,
};

function sourceFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return full.endsWith(path.join('src', 'gql')) ? [] : sourceFiles(full);
      return /\.tsx?$/.test(entry.name) ? [full] : [];
    })
    .sort();
}

/** Every `graphql(`...`)` document of the portal, as graphql-codegen's loader reads them (indent kept). */
function portalDocuments(root: string): Types.DocumentFile[] {
  return sourceFiles(path.join(root, PORTAL_SOURCE)).flatMap((file) =>
    gqlPluckFromCodeStringSync(file, fs.readFileSync(file, 'utf8'), { skipIndent: true }).map((source) => ({
      location: path.relative(root, file),
      document: parse(source.body),
      rawSDL: source.body,
    })),
  );
}

/**
 * Each document checked against the schema on its own (with the fragments it may spread), so that a
 * failure names its file and operation: graphql-codegen's own check says what is wrong, not where.
 */
function checkDocuments(schema: GraphQLSchema, documents: Types.DocumentFile[]): void {
  const fragments = documents.flatMap((d) =>
    d.document!.definitions.filter(
      (def): def is FragmentDefinitionNode => def.kind === Kind.FRAGMENT_DEFINITION,
    ),
  );
  const rules = specifiedRules.filter((rule) => rule !== NoUnusedFragmentsRule);
  const problems = documents.flatMap((d) => {
    const own = d.document!.definitions;
    const spreadable = fragments.filter((f) => !own.includes(f));
    const definitions: DefinitionNode[] = [...own, ...spreadable];
    const name = own.map((def) => ('name' in def && def.name ? def.name.value : 'anonymous')).join(', ');
    return validate(schema, { kind: Kind.DOCUMENT, definitions }, rules).map(
      (error) => `${d.location} (${name}): ${error.message}`,
    );
  });
  if (problems.length > 0) {
    throw new Error(`GraphQL documents that do not match ${SCHEMA_FILE}:\n${problems.join('\n')}`);
  }
}

async function render(options: Types.GenerateOptions): Promise<GeneratedFile> {
  return { filename: options.filename, content: await codegen(options) };
}

/** The generated files, in memory. */
export async function generateTypes(root: string): Promise<GeneratedFile[]> {
  // Sorted, so the generated types read in alphabetical order whatever the schema's order.
  const schemaAst = lexicographicSortSchema(
    buildSchema(fs.readFileSync(path.join(root, SCHEMA_FILE), 'utf8')),
  );
  const schema = getCachedDocumentNodeFromSchema(schemaAst);
  const documents = portalDocuments(root);
  checkDocuments(schemaAst, documents);
  const portal = await clientPreset.buildGeneratesSection({
    baseOutputDir: PORTAL_OUTPUT,
    schema,
    schemaAst,
    documents,
    plugins: [],
    pluginMap: {},
    config: PORTAL_CONFIG,
    presetConfig: { fragmentMasking: false },
    documentTransforms: [],
  });
  const resolvers: Types.GenerateOptions = {
    filename: RESOLVERS_OUTPUT,
    schema,
    schemaAst,
    documents: [],
    plugins: [{ typescript: {} }, { 'typescript-resolvers': {} }],
    pluginMap: { typescript: typescriptPlugin, 'typescript-resolvers': resolversPlugin },
    config: RESOLVERS_CONFIG,
  };
  return Promise.all([...portal, resolvers].map(render));
}
