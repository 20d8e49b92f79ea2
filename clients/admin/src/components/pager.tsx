import { useCallback, useState } from 'preact/hooks';

/** The cursors of the pages before the current one: Previous pops, Next pushes. */
export interface CursorStack {
  /** The `after` argument for the current page (null: the first page). */
  after: string | null;
  /** 0 for the first page. */
  pageIndex: number;
  next(endCursor: string): void;
  prev(): void;
  /** Back to the first page (after a filter changes). */
  reset(): void;
}

/** Keyset pagination state for a list query: pass `stack.after` as the query's `after`. */
export function useCursorStack(): CursorStack {
  const [stack, setStack] = useState<(string | null)[]>([null]);
  const next = useCallback((endCursor: string) => setStack((s) => [...s, endCursor]), []);
  const prev = useCallback(() => setStack((s) => (s.length > 1 ? s.slice(0, -1) : s)), []);
  const reset = useCallback(() => setStack((s) => (s.length === 1 ? s : [null])), []);
  return { after: stack[stack.length - 1] ?? null, pageIndex: stack.length - 1, next, prev, reset };
}

export interface PagerProps {
  stack: CursorStack;
  /** The current page's endCursor and hasNextPage, from the query's answer. */
  endCursor: string | null | undefined;
  hasNextPage: boolean;
  /** Disables both buttons (a page is loading). */
  busy?: boolean;
}

/** Previous / Next under a list (data-testid pager-prev, pager-next), with "Page N". */
export function Pager({ stack, endCursor, hasNextPage, busy }: PagerProps) {
  const canNext = hasNextPage && !!endCursor && !busy;
  return (
    <nav class="pager" aria-label="Pages">
      <button
        type="button"
        class="button button-secondary"
        data-testid="pager-prev"
        disabled={stack.pageIndex === 0 || busy}
        onClick={() => stack.prev()}
      >
        <span aria-hidden="true">← </span>Previous
      </button>
      <span class="pager-page" aria-live="polite">
        Page {stack.pageIndex + 1}
      </span>
      <button
        type="button"
        class="button button-secondary"
        data-testid="pager-next"
        disabled={!canNext}
        onClick={() => endCursor && stack.next(endCursor)}
      >
        Next<span aria-hidden="true"> →</span>
      </button>
    </nav>
  );
}
