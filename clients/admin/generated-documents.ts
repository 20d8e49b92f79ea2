import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'esbuild';

/**
 * What graphql-codegen's Babel and SWC plugins do, for esbuild: each `graphql(`...`)` call of the portal
 * becomes the generated document it stands for (src/gql/graphql.ts, fragments included), so the bundle
 * holds each document once and not src/gql/gql.ts's table from source text to document. A call whose
 * text the table lacks fails the build (run `npm run codegen`).
 */
export function generatedDocuments(src: string): Plugin {
  const gqlDir = path.join(src, 'gql');
  return {
    name: 'graphql-generated-documents',
    setup(build) {
      const table = fs.readFileSync(path.join(gqlDir, 'gql.ts'), 'utf8');
      const names = new Map<string, string>();
      for (const m of table.matchAll(/^ {4}("(?:[^"\\]|\\.)*"): types\.(\w+),$/gm)) {
        names.set(JSON.parse(m[1]!) as string, m[2]!);
      }
      build.onLoad({ filter: /\.tsx?$/ }, async (args) => {
        if (!args.path.startsWith(src + path.sep) || args.path.startsWith(gqlDir + path.sep))
          return undefined;
        const text = await fs.promises.readFile(args.path, 'utf8');
        if (!text.includes('graphql(`')) return undefined;
        const body = text
          .replace(/^import \{ graphql \} from '[./]*gql';\n/m, '')
          .replace(/\bgraphql\(`([^`]*)`\)/g, (_call, source: string) => {
            const name = names.get(source);
            if (!name) throw new Error(`${args.path}: a document src/gql does not have; run npm run codegen`);
            return `__documents.${name}`;
          });
        let from = path
          .relative(path.dirname(args.path), path.join(gqlDir, 'graphql'))
          .split(path.sep)
          .join('/');
        if (!from.startsWith('.')) from = `./${from}`;
        return {
          contents: `import * as __documents from '${from}';\n${body}`,
          loader: args.path.endsWith('.tsx') ? 'tsx' : 'ts',
        };
      });
    },
  };
}
