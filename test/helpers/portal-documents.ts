/**
 * The admin portal's GraphQL documents, read from its source with the TypeScript compiler: every
 * `const NAME = /* GraphQL *\/ `...`` (fragments interpolated as `${NAME}` are resolved by name), and
 * every document a `gql(...)` or `useQuery(...)` call sends.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export interface PortalDocument {
  name: string;
  file: string;
  text: string;
}

interface RawTemplate {
  file: string;
  parts: (string | { ref: string })[];
  /** Reads as a whole document (an operation or a fragment). */
  document: boolean;
  /** Marked /* GraphQL *\/ (a document, or a selection to interpolate into one). */
  marked: boolean;
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

function templateParts(node: ts.Expression): RawTemplate['parts'] | undefined {
  if (ts.isNoSubstitutionTemplateLiteral(node)) return [node.text];
  if (!ts.isTemplateExpression(node)) return undefined;
  const parts: RawTemplate['parts'] = [node.head.text];
  for (const span of node.templateSpans) {
    if (!ts.isIdentifier(span.expression)) return undefined;
    parts.push({ ref: span.expression.text }, span.literal.text);
  }
  return parts;
}

/** The document names a request argument can be: `NAME`, `NAME.key`, `NAME.*` (a key chosen at run time). */
function sentNames(arg: ts.Expression, source: ts.SourceFile): string[] {
  if (ts.isIdentifier(arg)) return [arg.text];
  if (ts.isPropertyAccessExpression(arg) && ts.isIdentifier(arg.expression))
    return [`${arg.expression.text}.${arg.name.text}`];
  if (ts.isElementAccessExpression(arg) && ts.isIdentifier(arg.expression))
    return [`${arg.expression.text}.*`];
  if (ts.isConditionalExpression(arg))
    return [...sentNames(arg.whenTrue, source), ...sentNames(arg.whenFalse, source)];
  if (ts.isParenthesizedExpression(arg)) return sentNames(arg.expression, source);
  return [`(${arg.getText(source).slice(0, 60)})`];
}

const looksLikeGraphQL = (text: string) => /^\s*(query|mutation|subscription|fragment)\b|^\s*\{/.test(text);

/**
 * Every GraphQL document of the portal (constants, and `NAME.key` for a constant record's entries) and
 * the names its requests send (`NAME.*` for an entry of a record chosen at run time).
 */
export function portalDocuments(root: string): { documents: PortalDocument[]; sent: Map<string, string[]> } {
  const templates = new Map<string, RawTemplate>();
  const sent = new Map<string, string[]>();
  for (const file of sourceFiles(root)) {
    const rel = path.relative(root, file);
    const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node): void => {
      // Constants (and the properties of constant records) holding GraphQL text or the strings it
      // interpolates. Only those marked /* GraphQL */ or reading as a document become documents.
      const named =
        ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer
          ? { name: node.name.text, value: node.initializer }
          : ts.isPropertyAssignment(node) &&
              ts.isIdentifier(node.name) &&
              ts.isVariableDeclaration(node.parent.parent)
            ? {
                name: `${(node.parent.parent.name as ts.Identifier).text}.${node.name.text}`,
                value: node.initializer,
              }
            : undefined;
      if (named) {
        const parts = ts.isStringLiteral(named.value) ? [named.value.text] : templateParts(named.value);
        if (parts) {
          const first = parts.find((p): p is string => typeof p === 'string' && p.trim() !== '');
          const marked = [
            ...(ts.getTrailingCommentRanges(source.text, named.value.pos) ?? []),
            ...(ts.getLeadingCommentRanges(source.text, named.value.pos) ?? []),
          ].some((c) => source.text.slice(c.pos, c.end) === '/* GraphQL */');
          templates.set(`${rel}#${named.name}`, {
            file: rel,
            parts,
            // Unmarked text counts only when it opens with an operation or fragment keyword.
            document:
              first !== undefined &&
              (marked ? looksLikeGraphQL(first) : /^\s*(query|mutation|fragment)\b/.test(first)),
            marked,
          });
        }
      }
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression)) {
        const callee = node.expression.text;
        const arg = node.arguments[0];
        if ((callee === 'gql' || callee === 'useQuery') && arg) {
          for (const name of sentNames(arg, source)) sent.set(name, [...(sent.get(name) ?? []), rel]);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  // A name is looked up in its own file first, then in the one other file that declares it (an import).
  const find = (name: string, fromFile: string): [string, RawTemplate] => {
    const own = templates.get(`${fromFile}#${name}`);
    if (own) return [`${fromFile}#${name}`, own];
    const elsewhere = [...templates].filter(
      ([key, t]) => key.endsWith(`#${name}`) && (t.marked || t.document),
    );
    if (elsewhere.length !== 1)
      throw new Error(`${fromFile}: ${name} is ${elsewhere.length} portal documents`);
    return elsewhere[0]!;
  };
  const resolve = (key: string, seen: string[] = []): string => {
    if (seen.includes(key))
      throw new Error(`portal documents interpolate each other: ${[...seen, key].join(' → ')}`);
    const template = templates.get(key)!;
    return template.parts
      .map((p) => (typeof p === 'string' ? p : resolve(find(p.ref, template.file)[0], [...seen, key])))
      .join('');
  };
  const documents = [...templates]
    .filter(([, t]) => t.document)
    .map(([key, t]) => ({
      name: key.split('#')[1]!,
      file: t.file,
      text: resolve(key),
    }));
  return { documents, sent };
}
