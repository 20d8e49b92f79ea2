import { formatNumber, formatShare } from '../format';

export interface FunnelStep {
  label: string;
  count: number;
  /** What the step's percentage is of, e.g. "of clicks" (the first step has none). */
  shareOf?: string;
  /**
   * The count the share is taken of (default: the step before); null for a step with no share (direct
   * attributions never came through a click). A share above 100 % is never shown.
   */
  base?: number | null;
  /** A line under the step instead of a share, e.g. where direct attributions come from. */
  note?: string;
}

export interface FunnelProps {
  steps: FunnelStep[];
  testId?: string;
}

/**
 * Steps with their counts, each as a share of the step before (e.g. clicks → referrals → conversions),
 * with a bar as long as the step is against the largest (no share after a step of 0). The bars are
 * decoration; the text says it all.
 */
export function Funnel({ steps, testId }: FunnelProps) {
  const largest = Math.max(1, ...steps.map((s) => s.count));
  return (
    <ol class="funnel" data-testid={testId}>
      {steps.map((step, i) => {
        const previous = i > 0 ? steps[i - 1]! : undefined;
        const base = step.base === undefined ? previous?.count : step.base;
        return (
          <li class="funnel-step" key={step.label}>
            <div class="funnel-head">
              <span class="funnel-label">{step.label}</span>
              <span class="funnel-count" data-testid="funnel-count">
                {formatNumber(step.count)}
              </span>
            </div>
            <div class="funnel-track" aria-hidden="true">
              {step.count > 0 && (
                <div class="funnel-bar" style={{ width: `${(step.count / largest) * 100}%` }} />
              )}
            </div>
            {previous && base != null && base > 0 && step.count <= base && (
              <p class="funnel-share" data-testid="funnel-share">
                {formatShare(step.count, base)} {step.shareOf ?? `of ${previous.label.toLowerCase()}`}
              </p>
            )}
            {step.note && <p class="funnel-share">{step.note}</p>}
          </li>
        );
      })}
    </ol>
  );
}
