export interface ChangeOutcomeProps {
  /** Why the last change failed, if it did: shown as an alert. */
  error?: string | null;
  /** What the last change did: shown as a status. */
  notice?: string | null;
  /** The data-testids are `<testId>-error` and `<testId>-notice`. */
  testId: string;
}

/** The outcome of the last change made on a page: its error and its notice, each when there is one. */
export function ChangeOutcome({ error, notice, testId }: ChangeOutcomeProps) {
  return (
    <>
      {error && (
        <p class="form-error" role="alert" data-testid={`${testId}-error`}>
          {error}
        </p>
      )}
      {notice && (
        <p class="notice" role="status" data-testid={`${testId}-notice`}>
          {notice}
        </p>
      )}
    </>
  );
}
