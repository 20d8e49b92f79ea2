import {
  GraphQLError,
  Kind,
  type ASTVisitor,
  type FragmentDefinitionNode,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
} from 'graphql';
import { createComplexityRule } from 'graphql-query-complexity';
import { costEstimators, OUTBOUND_FIELDS } from './cost';

export const TOO_COMPLEX = 'GRAPHQL_QUERY_TOO_COMPLEX';

/**
 * Rejects operations nested deeper than maxDepth. Introspection fields (`__schema`, `__type`) are not
 * counted so that standard tooling works; their cost is still bounded by the complexity rule.
 *
 * Each fragment's own depth is computed once per document, so the cost is linear in the document size
 * even when fragments spread other fragments many times (a naive walk is exponential there).
 */
export function depthLimitRule(maxDepth: number): ValidationRule {
  return (context: ValidationContext): ASTVisitor => {
    const fragments = new Map<string, FragmentDefinitionNode>();
    for (const def of context.getDocument().definitions) {
      if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);
    }
    const fragmentDepths = new Map<string, number>();
    const inProgress = new Set<string>();

    /** Depth of a selection set relative to its parent: 1 for leaves, 0 for an empty or introspection-only set. */
    const depthOf = (set: SelectionSetNode): number => {
      let max = 0;
      for (const sel of set.selections) {
        if (sel.kind === Kind.FIELD) {
          if (sel.name.value.startsWith('__')) continue;
          max = Math.max(max, 1 + (sel.selectionSet ? depthOf(sel.selectionSet) : 0));
        } else if (sel.kind === Kind.INLINE_FRAGMENT) {
          max = Math.max(max, depthOf(sel.selectionSet));
        } else {
          max = Math.max(max, fragmentDepth(sel.name.value));
        }
      }
      return max;
    };
    const fragmentDepth = (name: string): number => {
      const known = fragmentDepths.get(name);
      if (known !== undefined) return known;
      const fragment = fragments.get(name);
      // Unknown or cyclic spreads add nothing here: KnownFragmentNames and NoFragmentCycles report them.
      if (!fragment || inProgress.has(name)) return 0;
      inProgress.add(name);
      const depth = depthOf(fragment.selectionSet);
      inProgress.delete(name);
      fragmentDepths.set(name, depth);
      return depth;
    };

    return {
      OperationDefinition(node) {
        const depth = depthOf(node.selectionSet);
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

/**
 * The rule, with `refused` called whenever it reports a TOO_COMPLEX error: the handler then answers 400,
 * so a request refused for its cost is a clear client error before anything runs (graphql-http alone
 * answers validation errors with 200 under `Accept: application/json`). Other errors (e.g. variables the
 * complexity rule could not coerce) keep graphql-http's status.
 */
export function withRefusal(rule: ValidationRule, refused: () => void): ValidationRule {
  return (context) => {
    const view = Object.create(context) as ValidationContext;
    view.reportError = (error) => {
      if (error.extensions.code === TOO_COMPLEX) refused();
      context.reportError(error);
    };
    return rule(view);
  };
}

/**
 * Refuses a mutation that names more than `max` OUTBOUND_FIELDS (aliases, fragments and inline fragments
 * included; @skip/@include are not evaluated, so a conditional one counts), before anything runs: one
 * request must not fan out into many calls to other hosts. Each fragment is counted once per document.
 */
export function outboundCallsRule(max: number): ValidationRule {
  return (context: ValidationContext): ASTVisitor => {
    const fragments = new Map<string, FragmentDefinitionNode>();
    for (const def of context.getDocument().definitions) {
      if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);
    }
    const fragmentCounts = new Map<string, number>();
    const inProgress = new Set<string>();
    const count = (set: SelectionSetNode): number => {
      let n = 0;
      for (const sel of set.selections) {
        if (sel.kind === Kind.FIELD) n += OUTBOUND_FIELDS.has(sel.name.value) ? 1 : 0;
        else if (sel.kind === Kind.INLINE_FRAGMENT) n += count(sel.selectionSet);
        else n += fragmentCount(sel.name.value);
      }
      return n;
    };
    const fragmentCount = (name: string): number => {
      const known = fragmentCounts.get(name);
      if (known !== undefined) return known;
      const fragment = fragments.get(name);
      if (!fragment || inProgress.has(name)) return 0;
      inProgress.add(name);
      const n = count(fragment.selectionSet);
      inProgress.delete(name);
      fragmentCounts.set(name, n);
      return n;
    };
    return {
      OperationDefinition(node) {
        if (node.operation !== 'mutation') return;
        const calls = count(node.selectionSet);
        if (calls > max) {
          context.reportError(
            new GraphQLError(
              `The operation makes ${calls} outbound calls (${[...OUTBOUND_FIELDS].join(', ')}); at most ${max} are allowed per request`,
              { nodes: [node], extensions: { code: TOO_COMPLEX } },
            ),
          );
        }
      },
    };
  };
}

/**
 * Rejects operations whose cost (cost.ts workEstimator: 1 per field, lists by their page size, costly
 * fields more) exceeds maxComplexity. graphql-query-complexity throws, rather than reports, when a document expands
 * to too many nodes (e.g. fragments spread many times); that is reported here as too complex too,
 * instead of escaping validation as a 500.
 */
export function complexityLimitRule(
  maxComplexity: number,
  variables: Record<string, unknown> = {},
): ValidationRule {
  const rule = createComplexityRule({
    maximumComplexity: maxComplexity,
    variables,
    estimators: costEstimators(),
    createError: (max, actual) =>
      new GraphQLError(`Query complexity ${actual} exceeds the maximum of ${max}`, {
        extensions: { code: TOO_COMPLEX },
      }),
  });
  return (context) => {
    type Hook = (this: unknown, node: OperationDefinitionNode) => unknown;
    const visitor = rule(context) as unknown as { OperationDefinition: { enter: Hook; leave: Hook } };
    const { enter, leave } = visitor.OperationDefinition;
    let aborted = false;
    visitor.OperationDefinition = {
      enter(node) {
        aborted = false;
        try {
          return enter.call(visitor, node);
        } catch (err) {
          if (!(err instanceof GraphQLError)) throw err;
          aborted = true;
          context.reportError(
            new GraphQLError(`Query is too complex: ${err.message}`, {
              nodes: [node],
              extensions: { code: TOO_COMPLEX },
            }),
          );
          return undefined;
        }
      },
      leave(node) {
        return aborted ? undefined : leave.call(visitor, node);
      },
    };
    return visitor as unknown as ASTVisitor;
  };
}
