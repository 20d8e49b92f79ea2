import type { ComponentChildren } from 'preact';

export interface StatCardProps {
  label: string;
  /** The figure, already formatted (format.ts). */
  value: ComponentChildren;
  /** A line of context under the figure. */
  hint?: ComponentChildren;
  testId?: string;
}

/** One key figure on a card: label, big value (data-testid on the value), hint. */
export function StatCard({ label, value, hint, testId }: StatCardProps) {
  return (
    <div class="stat-card">
      <p class="stat-label">{label}</p>
      <p class="stat-value" data-testid={testId}>
        {value}
      </p>
      {hint && <p class="stat-hint">{hint}</p>}
    </div>
  );
}
