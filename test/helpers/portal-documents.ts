/**
 * The admin portal's GraphQL documents exactly as it sends them: every operation document graphql-codegen
 * generated into clients/admin/src/gql/graphql.ts (from the `graphql(`...`)` calls of the portal's
 * source, each with the fragments it spreads). test/unit/codegen-fresh.test.ts keeps that file equal to
 * what the source and docs/schema.graphql make today.
 */
import * as generated from '../../clients/admin/src/gql/graphql';

export interface PortalDocument {
  /** The generated constant, e.g. AccountsDocument. */
  name: string;
  text: string;
}

export function portalDocuments(): PortalDocument[] {
  return Object.entries(generated)
    .filter(([name, value]) => /[a-z]Document$/.test(name) && value instanceof String)
    .map(([name, value]) => ({ name, text: String(value) }));
}
