import type { ComponentChildren } from 'preact';

export interface CardProps {
  /** The card's heading (an h2), which labels it. */
  title: ComponentChildren;
  /** The heading's id. */
  titleId: string;
  /** Classes besides `card`, e.g. "new-secret". */
  class?: string;
  testId?: string;
  children?: ComponentChildren;
}

/** A titled card: a <section> labelled by its h2. */
export function Card({ title, titleId, class: extra, testId, children }: CardProps) {
  return (
    <section class={extra ? `card ${extra}` : 'card'} aria-labelledby={titleId} data-testid={testId}>
      <h2 class="card-title" id={titleId}>
        {title}
      </h2>
      {children}
    </section>
  );
}
