import type { Resolvers } from './generated/resolvers';

/** Each resource contributes { typeDefs, resolvers }; schema.ts lists the modules (new issues add theirs there). */
export interface GraphQLModule {
  typeDefs: string;
  resolvers: Resolvers;
}
