import {
  GraphQLError,
  Kind,
  type ASTVisitor,
  type FragmentDefinitionNode,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
} from 'graphql';

export const TOO_COMPLEX = 'GRAPHQL_QUERY_TOO_COMPLEX';

/**
 * Rejects operations nested deeper than maxDepth. Introspection fields (`__schema`, `__type`) are not
 * counted so that standard tooling works; their cost is still bounded by the complexity rule.
 */
export function depthLimitRule(maxDepth: number): ValidationRule {
  return (context: ValidationContext): ASTVisitor => {
    const fragments = new Map<string, FragmentDefinitionNode>();
    for (const def of context.getDocument().definitions) {
      if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);
    }
    const depthOf = (set: SelectionSetNode, depth: number, seen: Set<string>): number => {
      let max = depth;
      for (const sel of set.selections) {
        if (sel.kind === Kind.FIELD) {
          if (sel.name.value.startsWith('__')) continue;
          if (sel.selectionSet) max = Math.max(max, depthOf(sel.selectionSet, depth + 1, seen));
          else max = Math.max(max, depth + 1);
        } else if (sel.kind === Kind.INLINE_FRAGMENT) {
          max = Math.max(max, depthOf(sel.selectionSet, depth, seen));
        } else {
          const fragment = fragments.get(sel.name.value);
          if (!fragment || seen.has(sel.name.value)) continue; // unknown or cyclic: other rules report it
          max = Math.max(max, depthOf(fragment.selectionSet, depth, new Set(seen).add(sel.name.value)));
        }
        if (max > maxDepth) return max;
      }
      return max;
    };
    return {
      OperationDefinition(node) {
        const depth = depthOf(node.selectionSet, 0, new Set());
        if (depth > maxDepth) {
          context.reportError(
            new GraphQLError(`Query depth ${depth} exceeds the maximum of ${maxDepth}`, {
              nodes: [node],
              extensions: { code: TOO_COMPLEX },
            }),
          );
        }
      },
    };
  };
}
