/** The signed-in operator, for every component below the layout (app.tsx provides it). */
import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { Role, Session } from './api';

export const SessionContext = createContext<Session | null>(null);

/** The session; only components rendered inside the signed-in layout may call it. */
export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession() outside the signed-in layout');
  return session;
}

/** OWNERs and ADMINs change things; VIEWERs read (the server refuses their changes anyway). */
export function canChange(role: Role): boolean {
  return role === 'OWNER' || role === 'ADMIN';
}

export const ROLE_LABELS: Record<Role, string> = { OWNER: 'Owner', ADMIN: 'Admin', VIEWER: 'Viewer' };
