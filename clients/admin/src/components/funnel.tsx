import { formatNumber, formatShare } from '../format';

export interface FunnelStep {
  label: string;
  count: number;
  /** What the step's percentage is of, e.g. "of clicks" (the first step has none). */
  shareOf?: string;
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
            {previous && previous.count > 0 && (
              <p class="funnel-share" data-testid="funnel-share">
                {formatShare(step.count, previous.count)}{' '}
                {step.shareOf ?? `of ${previous.label.toLowerCase()}`}
              </p>
            )}
          </li>
        );
      })}
    </ol>
  );
}
