/**
 * The portal: the session (loaded at start, dropped on any 401), the login page for the signed-out,
 * and for the signed-in the layout — header, nav, <main> — around the page the path names (routes.ts).
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { focusUnlessTyping } from './hooks';
import { getSession, logout, setUnauthorizedHandler, switchTenant, type Session } from './api';
import { Badge, ErrorState, errorMessage, Loading } from './components';
import { LoginPage } from './pages/operators/login';
import { NotFoundPage } from './pages/common/not-found';
import { matchPath, navigate, safeNext, useRoute, withQuery } from './router';
import { SET_PASSWORD_PATH, SetPasswordPage } from './pages/operators/set-password';
import { allowed, NAV_GROUPS, ROUTES, type RouteDef } from './routes';
import { ROLE_LABELS, SessionContext } from './session';

const LOGIN = '/admin/login';

function findRoute(path: string): { route: RouteDef; params: Record<string, string> } | null {
  for (const route of ROUTES) {
    const params = matchPath(route.path, path);
    if (params) return { route, params };
  }
  return null;
}

/** The nav entry for a path: its own route, or the list a detail page belongs to. */
function isCurrent(route: RouteDef, path: string): boolean {
  if (route.path === '/admin/') return path === '/admin/';
  return path === route.path || path.startsWith(`${route.path}/`);
}

export function App() {
  const location = useRoute();
  const [session, setSession] = useState<Session | null | undefined>(undefined);
  const [bootError, setBootError] = useState<unknown>(undefined);
  const [notice, setNotice] = useState<string | undefined>(undefined);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    setUnauthorizedHandler(() => {
      setNotice('Your session has ended. Sign in again to continue.');
      setSession(null);
    });
    setBootError(undefined);
    getSession().then(setSession, setBootError);
  }, [attempt]);

  const onLogin = location.path === LOGIN;
  // The one-time link's page is public: open with or without a session (pages/operators/set-password.tsx).
  const onSetPassword = location.path === SET_PASSWORD_PATH;
  useEffect(() => {
    if (session === null && !onLogin && !onSetPassword) {
      const query = location.query.toString();
      navigate(withQuery(LOGIN, { next: location.path + (query ? `?${query}` : '') }), { replace: true });
    } else if (session && onLogin) {
      navigate(safeNext(location.query.get('next')), { replace: true });
    } else if (session && location.path === '/admin') {
      navigate('/admin/', { replace: true });
    }
  }, [session, onLogin, onSetPassword, location]);

  if (onSetPassword) {
    return (
      <SetPasswordPage
        onDone={() => {
          setNotice('Your password is set. Sign in with it.');
          setSession(null);
          navigate(LOGIN, { replace: true });
        }}
      />
    );
  }

  // Still loading, or signed in on the login page while the effect above sends the operator on (the
  // login form is not shown to someone already signed in).
  if (session === undefined || (session && onLogin)) {
    return bootError === undefined ? (
      <main id="main" class="boot">
        <Loading label="Opening the admin portal…" />
      </main>
    ) : (
      <main id="main" class="boot">
        <ErrorState
          title="The admin portal couldn't start"
          error={bootError}
          onRetry={() => setAttempt((n) => n + 1)}
        />
      </main>
    );
  }
  if (session === null) {
    return (
      <LoginPage
        notice={notice}
        onSignedIn={(signedIn) => {
          setNotice(undefined);
          setSession(signedIn);
        }}
      />
    );
  }
  return (
    <SessionContext.Provider value={session}>
      <Layout
        key={session.tenant.alias}
        session={session}
        onSignedOut={() => {
          setNotice('You have signed out.');
          navigate(LOGIN);
          setSession(null);
        }}
        onSwitched={(next) => {
          setSession(next);
          navigate('/admin/');
        }}
      />
    </SessionContext.Provider>
  );
}

interface LayoutProps {
  session: Session;
  onSignedOut: () => void;
  onSwitched: (session: Session) => void;
}

function Layout({ session, onSignedOut, onSwitched }: LayoutProps) {
  const location = useRoute();
  const [menuOpen, setMenuOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [headerError, setHeaderError] = useState<string | null>(null);
  const firstPath = useRef(location.path);
  const { operator, tenant, twin } = session;

  // After a navigation (not the first page), focus the new page's heading and close the phone menu.
  useEffect(() => {
    setMenuOpen(false);
    if (location.path === firstPath.current) return;
    firstPath.current = '';
    window.requestAnimationFrame(() => focusUnlessTyping(document.getElementById('page-title')));
  }, [location.path]);

  // Escape closes the phone menu and gives the focus back to its button.
  const menuButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!menuOpen) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      menuButton.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  async function signOut() {
    setBusy(true);
    try {
      await logout();
    } catch {
      // The session is forgotten here either way; the server ends it when it expires.
    }
    onSignedOut();
  }

  async function switchMode() {
    setBusy(true);
    setHeaderError(null);
    try {
      onSwitched(await switchTenant());
    } catch (err) {
      setHeaderError(errorMessage(err));
      setBusy(false);
    }
  }

  const match = findRoute(location.path);
  const Component = match?.route.component;
  const page =
    !match || !Component ? (
      <NotFoundPage />
    ) : !allowed(match.route, operator.role) ? (
      <NotFoundPage forbidden allowedRoles={match.route.roles} />
    ) : (
      <Component key={location.path} params={match.params} title={match.route.title} />
    );

  return (
    <div class="shell">
      <a class="skip-link" href="#main">
        Skip to content
      </a>
      {tenant.mode === 'test' && (
        <p class="test-mode-banner" data-testid="test-mode-banner">
          Test mode: this is the test program ({tenant.alias}). Payments use the processor’s sandbox; nothing
          here touches live customers.
        </p>
      )}
      <header class="topbar">
        <button
          type="button"
          class="menu-button"
          ref={menuButton}
          aria-expanded={menuOpen}
          aria-controls="main-nav"
          onClick={() => setMenuOpen(!menuOpen)}
        >
          <span class="menu-icon" aria-hidden="true" />
          Menu
        </button>
        <a class="brand" href="/admin/">
          Referral admin
        </a>
        <div class="tenant">
          <span class="tenant-alias" title="Program (tenant alias)">
            {tenant.alias}
          </span>
          <Badge tone={tenant.mode === 'live' ? 'success' : 'warning'} testId="mode-badge">
            {tenant.mode === 'live' ? 'Live' : 'Test'}
          </Badge>
          {twin && (
            <button
              type="button"
              class="button button-secondary button-small"
              data-testid="switch-tenant"
              disabled={busy}
              onClick={switchMode}
            >
              {twin.mode === 'test' ? 'Switch to test' : 'Switch to live'}
            </button>
          )}
        </div>
        <div class="operator">
          <span class="operator-email" title={operator.email}>
            {operator.email}
          </span>
          <Badge tone="neutral">{ROLE_LABELS[operator.role]}</Badge>
          <button
            type="button"
            class="button button-secondary button-small"
            data-testid="sign-out"
            disabled={busy}
            onClick={signOut}
          >
            Sign out
          </button>
        </div>
        {headerError && (
          <p class="header-error" role="alert">
            {headerError}
          </p>
        )}
      </header>
      <nav
        id="main-nav"
        class={menuOpen ? 'sidenav open' : 'sidenav'}
        aria-label="Main"
        onClick={(event) => {
          if ((event.target as Element).closest('a')) setMenuOpen(false);
        }}
      >
        {NAV_GROUPS.map((group) => {
          const items = ROUTES.filter((r) => r.nav && r.group === group && allowed(r, operator.role));
          if (items.length === 0) return null;
          return (
            <div class="nav-group" key={group}>
              <p class="nav-group-title" id={`nav-${group}`}>
                {group}
              </p>
              <ul aria-labelledby={`nav-${group}`}>
                {items.map((route) => (
                  <li key={route.path}>
                    <a
                      href={route.path}
                      class="nav-link"
                      aria-current={isCurrent(route, location.path) ? 'page' : undefined}
                    >
                      {route.nav}
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          );
        })}
      </nav>
      <main id="main" tabIndex={-1}>
        {page}
      </main>
    </div>
  );
}
