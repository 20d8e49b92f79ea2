/**
 * A tiny history-API router. Links are real <a href="/admin/…"> elements (they open in a new tab, can
 * be copied, work without this script); a plain left click on one is intercepted and becomes navigate().
 */
import { useEffect, useState } from 'preact/hooks';

export interface Location {
  /** The path, e.g. /admin/referrals/r1. */
  path: string;
  query: URLSearchParams;
}

/** What every page component receives (routes.ts renders it). */
export interface RouteProps {
  /** The path's named parameters, e.g. { id } for /admin/referrals/:id. */
  params: Record<string, string>;
  /** The route's title (routes.ts). */
  title: string;
}

type Listener = () => void;
const listeners = new Set<Listener>();

function current(): Location {
  return { path: window.location.pathname, query: new URLSearchParams(window.location.search) };
}

function notify(): void {
  for (const listener of listeners) listener();
}

/** Goes to a path within the portal (with its query); `replace` keeps the history entry. */
export function navigate(to: string, options: { replace?: boolean } = {}): void {
  const now = window.location.pathname + window.location.search;
  if (to === now) return;
  if (options.replace) window.history.replaceState(null, '', to);
  else window.history.pushState(null, '', to);
  if (!options.replace) window.scrollTo(0, 0);
  notify();
}

/** The current location; the component re-renders on every navigation (links, back and forward). */
export function useRoute(): Location {
  const [location, setLocation] = useState(current);
  useEffect(() => {
    const update = () => setLocation((shown) => (isCurrent(shown) ? shown : current()));
    listeners.add(update);
    // Effects run after the first paint: a navigation in between (a control used the moment it
    // appeared) notified no one, so catch up now, or the page would keep showing the old address.
    update();
    return () => {
      listeners.delete(update);
    };
  }, []);
  return location;
}

function isCurrent(shown: Location): boolean {
  return (
    shown.path === window.location.pathname &&
    shown.query.toString() === new URLSearchParams(window.location.search).toString()
  );
}

/** Matches "/admin/referrals/:id" against a path: the named parameters (decoded), or null. */
export function matchPath(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/');
  const have = path.split('/');
  if (want.length !== have.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i += 1) {
    const part = want[i]!;
    if (part.startsWith(':')) {
      if (!have[i]) return null;
      try {
        params[part.slice(1)] = decodeURIComponent(have[i]!);
      } catch {
        return null;
      }
    } else if (part !== have[i]) {
      return null;
    }
  }
  return params;
}

/** A path with a query built from the defined values: withQuery('/admin/referrals', { code: 'X' }). */
export function withQuery(path: string, values: Record<string, string | number | null | undefined>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value !== null && value !== undefined && value !== '') query.set(key, String(value));
  }
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/** A portal-internal target for a redirect after sign-in (never another site, never the login page). */
export function safeNext(next: string | null): string {
  if (!next || !next.startsWith('/admin/') || next.startsWith('//') || next.includes('\\')) return '/admin/';
  if (next.startsWith('/admin/login') || next.startsWith('/admin/api')) return '/admin/';
  return next;
}

let started = false;

/** Starts listening to back/forward and to clicks on same-origin /admin/ links (once). */
export function startRouter(): void {
  if (started) return;
  started = true;
  window.addEventListener('popstate', notify);
  document.addEventListener('click', (event) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const target = event.target as Element | null;
    const link = target?.closest?.('a[href]') as HTMLAnchorElement | null;
    if (!link || link.target || link.hasAttribute('download') || link.origin !== window.location.origin)
      return;
    // In-page anchors (the skip link) are the browser's: it moves focus to the target.
    if (link.getAttribute('href')!.startsWith('#')) return;
    if (!link.pathname.startsWith('/admin/') || link.pathname.startsWith('/admin/api/')) return;
    event.preventDefault();
    navigate(link.pathname + link.search + link.hash);
  });
}
