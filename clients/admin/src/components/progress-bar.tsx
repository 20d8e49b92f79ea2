export interface ProgressBarProps {
  /** 0..100 (rounded down, clamped); null for "not known yet" (an indeterminate bar). */
  percent: number | null;
  /** The bar's accessible name, e.g. "Upload progress". */
  label: string;
  /** What the value means in words, e.g. "12,000 of 20,000 rows" (aria-valuetext). */
  valueText?: string;
  tone?: 'accent' | 'success' | 'warning' | 'danger';
  testId?: string;
}

/**
 * A horizontal progress bar (role="progressbar", aria-valuenow 0..100). The fill's width is set through
 * the CSSOM (Preact's style object), which the portal's CSP allows.
 */
export function ProgressBar({ percent, label, valueText, tone = 'accent', testId }: ProgressBarProps) {
  const value = percent === null ? null : Math.max(0, Math.min(100, Math.floor(percent)));
  return (
    <div
      class={`progress progress-${tone}${value === null ? ' progress-indeterminate' : ''}`}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value ?? undefined}
      aria-valuetext={valueText ?? (value === null ? undefined : `${value}%`)}
      data-testid={testId}
    >
      <div class="progress-fill" style={{ width: value === null ? '30%' : `${value}%` }} />
    </div>
  );
}
