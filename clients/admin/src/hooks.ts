/** Data loading for pages: useQuery (GraphQL with loading and error states) and usePolling; useDraft. */
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { gql, type VariablesOf } from './api';
import type { TypedDocumentString } from './gql/graphql';

export interface QueryState<T> {
  /** The last answer; kept while a new one loads (a reload does not blank the page). */
  data: T | undefined;
  /** The last attempt's failure (an ApiError), cleared when an attempt succeeds. */
  error: unknown;
  loading: boolean;
  /** Runs the query again (the ErrorState's "Try again", after a change). */
  reload: () => void;
}

/**
 * Runs `query` with `variables` now and whenever the variables change (compared as JSON); an answer
 * that arrives after a newer request started is dropped. `skip` holds the request back.
 */
export function useQuery<T, V>(
  query: TypedDocumentString<T, V>,
  variables?: V,
  options: { skip?: boolean } = {},
): QueryState<T> {
  const key = JSON.stringify(variables ?? {});
  const [state, setState] = useState<{ data: T | undefined; error: unknown; loading: boolean }>({
    data: undefined,
    error: undefined,
    loading: !options.skip,
  });
  const [attempt, setAttempt] = useState(0);
  const latest = useRef(0);

  useEffect(() => {
    if (options.skip) return;
    const id = ++latest.current;
    setState((s) => ({ ...s, loading: true }));
    gql(query, ...([JSON.parse(key)] as VariablesOf<V>)).then(
      (data) => {
        if (id === latest.current) setState({ data, error: undefined, loading: false });
      },
      (error: unknown) => {
        if (id === latest.current) setState((s) => ({ data: s.data, error, loading: false }));
      },
    );
  }, [query, key, attempt, options.skip]);

  useEffect(
    () => () => {
      latest.current += 1; // unmounted: ignore answers still under way
    },
    [],
  );

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, reload };
}

/**
 * Calls `tick` every `intervalMs` while `active` (e.g. a running import job), skipping ticks while the
 * tab is hidden; the latest `tick` is always the one called.
 */
export function usePolling(tick: () => void, intervalMs: number, active = true): void {
  const saved = useRef(tick);
  saved.current = tick;
  useEffect(() => {
    if (!active) return;
    const timer = window.setInterval(() => {
      if (document.visibilityState !== 'hidden') saved.current();
    }, intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs, active]);
}

/** Sets document.title to "<title> · <tenant> · Referral admin" while the component is shown. */
export function useDocumentTitle(title: string, tenantAlias?: string): void {
  useEffect(() => {
    document.title = [title, tenantAlias, 'Referral admin'].filter(Boolean).join(' · ');
  }, [title, tenantAlias]);
}

/**
 * An input's draft that follows `applied` (e.g. the search in the address) whenever that changes, and
 * is the user's own text otherwise. Only a real change resets it: an effect that copied `applied` on
 * mount too ran after the first paint, so text typed right after the page appeared was wiped.
 */
export function useDraft(applied: string): [string, (text: string) => void] {
  const [draft, setDraft] = useState(applied);
  const last = useRef(applied);
  useEffect(() => {
    if (last.current === applied) return;
    last.current = applied;
    setDraft(applied);
  }, [applied]);
  return [draft, setDraft];
}

/**
 * Moves the keyboard focus to `target`, unless the person is already in a form field: a focus that
 * follows a render (a form opening, a page arriving) must not pull the caret out of a field they just
 * clicked into and started typing in.
 */
export function focusUnlessTyping(target: HTMLElement | null | undefined): void {
  const active = document.activeElement;
  if (!target || active === target) return;
  if (active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement) return;
  if (active instanceof HTMLSelectElement) return;
  target.focus();
}
