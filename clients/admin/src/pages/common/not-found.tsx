import type { Role } from '../../api';
import { EmptyState, Page } from '../../components';
import { ROLE_LABELS, useSession } from '../../session';

const PLURAL: Record<Role, string> = { OWNER: 'owners', ADMIN: 'admins', VIEWER: 'viewers' };

/** "Only owners can open this page", "Only owners and admins can open this page". */
function onlyText(roles: Role[] | undefined): string {
  if (!roles || roles.length === 0) return "Your role can't open this page";
  const names = roles.map((r) => PLURAL[r]);
  const list =
    names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
  return `Only ${list} can open this page`;
}

export interface NotFoundPageProps {
  /** A page the operator's role may not open (rather than no page at all). */
  forbidden?: boolean;
  /** The roles that may open it, named in the message. */
  allowedRoles?: Role[];
}

/** An unknown portal path, or a page the operator's role may not open. */
export function NotFoundPage({ forbidden = false, allowedRoles }: NotFoundPageProps) {
  const { operator } = useSession();
  return (
    <Page title={forbidden ? 'Not available' : 'Page not found'}>
      <EmptyState
        title={forbidden ? onlyText(allowedRoles) : 'There is no page at this address'}
        action={
          <a class="button" href="/admin/">
            Go to the dashboard
          </a>
        }
      >
        {forbidden
          ? `You are signed in as ${ROLE_LABELS[operator.role].toLowerCase()}. Ask an owner of this program if you need access.`
          : 'It may be mistyped, or the page has moved.'}
      </EmptyState>
    </Page>
  );
}
