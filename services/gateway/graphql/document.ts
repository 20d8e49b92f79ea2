import { GraphQLError, Lexer, parse, Source, TokenKind, type DocumentNode, type ParseOptions } from 'graphql';
import { TOO_COMPLEX } from './limits';

/**
 * Deepest bracket nesting ({ } [ ] ( )) a document may have. graphql-js parses recursively, so a
 * 100,000-deep list or object literal would overflow the stack ("Maximum call stack size exceeded");
 * real documents, event fields (16 levels) and the selection depth limit included, stay far below.
 */
export const MAX_DOCUMENT_NESTING = 64;

const OPENING = new Set<TokenKind>([TokenKind.BRACE_L, TokenKind.BRACKET_L, TokenKind.PAREN_L]);
const CLOSING = new Set<TokenKind>([TokenKind.BRACE_R, TokenKind.BRACKET_R, TokenKind.PAREN_R]);

/**
 * graphql's parse, bounded: the document's nesting is measured first with the (iterative) lexer, and a
 * document nested too deeply is one GRAPHQL_QUERY_TOO_COMPLEX error, never a stack overflow. Syntax
 * errors surface as parse reports them. The body limit bounds the document's length.
 */
export function parseBoundedDocument(source: string | Source, options?: ParseOptions): DocumentNode {
  const lexer = new Lexer(typeof source === 'string' ? new Source(source) : source);
  let depth = 0;
  for (let token = lexer.advance(); token.kind !== TokenKind.EOF; token = lexer.advance()) {
    if (OPENING.has(token.kind)) depth += 1;
    else if (CLOSING.has(token.kind)) depth -= 1;
    if (depth > MAX_DOCUMENT_NESTING) {
      throw new GraphQLError(
        `The document nests deeper than ${MAX_DOCUMENT_NESTING} levels of braces, brackets or parentheses`,
        { extensions: { code: TOO_COMPLEX } },
      );
    }
  }
  return parse(source, options);
}
