import type { ComponentChildren } from 'preact';
import { useDocumentTitle } from '../hooks';
import { useSession } from '../session';

export interface PageProps {
  /** The <h1> and the document title. */
  title: string;
  /** A line under the title. */
  description?: ComponentChildren;
  /** Buttons or links at the right of the title (below it on phones). */
  actions?: ComponentChildren;
  /** A link back up, e.g. { href: '/admin/referrals', label: 'Referrals' } on a detail page. */
  back?: { href: string; label: string };
  children?: ComponentChildren;
}

/**
 * One page of the portal: its heading (focused after each navigation, for screen readers and keyboard
 * users), the document title, optional actions, then the content.
 */
export function Page({ title, description, actions, back, children }: PageProps) {
  const session = useSession();
  useDocumentTitle(title, session.tenant.alias);
  return (
    <div class="page">
      {back && (
        <a class="back-link" href={back.href}>
          <span aria-hidden="true">← </span>
          {back.label}
        </a>
      )}
      <div class="page-header">
        <div class="page-heading">
          <h1 id="page-title" tabIndex={-1}>
            {title}
          </h1>
          {description && <p class="page-description">{description}</p>}
        </div>
        {actions && <div class="page-actions">{actions}</div>}
      </div>
      {children}
    </div>
  );
}
