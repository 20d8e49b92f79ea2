/** Each resource contributes { typeDefs, resolvers }; schema.ts lists the modules (new issues add theirs there). */
export interface GraphQLModule {
  typeDefs: string;
  resolvers: Record<string, Record<string, unknown>>;
}
