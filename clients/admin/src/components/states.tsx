import type { ComponentChildren } from 'preact';
import { ApiError } from '../api';

/** A calm "Loading…" with a spinner; announced politely to screen readers. */
export function Loading({ label = 'Loading…' }: { label?: string }) {
  return (
    <div class="state state-loading" data-testid="loading" role="status" aria-live="polite">
      <span class="spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}

export interface EmptyStateProps {
  title: string;
  /** What the operator can do to see something here. */
  children?: ComponentChildren;
  /** A button or link (e.g. "Create key"). */
  action?: ComponentChildren;
}

/** Nothing to show yet, said plainly, with what to do about it. */
export function EmptyState({ title, children, action }: EmptyStateProps) {
  return (
    <div class="state state-empty" data-testid="empty-state">
      <p class="state-title">{title}</p>
      {children && <div class="state-text">{children}</div>}
      {action && <div class="state-action">{action}</div>}
    </div>
  );
}

/** The message to show for a failure: an ApiError's own words, a generic line for anything else. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return 'Something went wrong. Try again in a moment.';
}

export interface ErrorStateProps {
  error: unknown;
  /** Shows a "Try again" button that calls it (useQuery's reload). */
  onRetry?: () => void;
  title?: string;
}

/** A failed load: what happened (the server's message) and "Try again". */
export function ErrorState({ error, onRetry, title = "This couldn't be loaded" }: ErrorStateProps) {
  return (
    <div class="state state-error" data-testid="error-state" role="alert">
      <p class="state-title">{title}</p>
      <p class="state-text">{errorMessage(error)}</p>
      {onRetry && (
        <div class="state-action">
          <button type="button" class="button" onClick={onRetry}>
            Try again
          </button>
        </div>
      )}
    </div>
  );
}
