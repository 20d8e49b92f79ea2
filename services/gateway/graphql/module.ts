import type { Resolvers } from './generated/resolvers';

/**
 * Each resource contributes { typeDefs, resolvers }; schema.ts lists the modules (a new one adds itself
 * there). The resolvers are typed by the schema (generated/resolvers.ts, `npm run codegen`).
 */
export interface GraphQLModule {
  typeDefs: string;
  resolvers: Resolvers;
}
