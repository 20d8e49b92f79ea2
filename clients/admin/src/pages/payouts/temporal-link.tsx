/** A run's workflow in Temporal's Web UI, opened in a new tab (as a referral's: referral-detail.tsx). */
export function TemporalLink({ href, label, small }: { href: string; label?: string; small?: boolean }) {
  return (
    <a
      class={small ? 'button button-secondary button-small' : 'button button-secondary'}
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      data-testid="temporal-link"
    >
      Open in Temporal UI
      <span class="visually-hidden">{label ? ` for ${label}` : ''} (opens in a new tab)</span>
      <span aria-hidden="true"> ↗</span>
    </a>
  );
}
