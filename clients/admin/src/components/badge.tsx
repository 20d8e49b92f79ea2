import type { ComponentChildren } from 'preact';

export type BadgeTone = 'neutral' | 'info' | 'success' | 'warning' | 'danger';

export interface BadgeProps {
  tone?: BadgeTone;
  testId?: string;
  /** A longer description for assistive technology (the title attribute shows it on hover). */
  title?: string;
  children: ComponentChildren;
}

/** A short status label: a referral's status, the tenant's mode, an operator's role. */
export function Badge({ tone = 'neutral', testId, title, children }: BadgeProps) {
  return (
    <span class={`badge badge-${tone}`} data-testid={testId} title={title}>
      {children}
    </span>
  );
}
