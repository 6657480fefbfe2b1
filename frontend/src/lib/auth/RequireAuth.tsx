import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { LoadingState } from '@/components/StatePanel/StatePanel';
import { useAuth } from './useAuth';

/** The path to sign in at and come back from: /login?next=<where the visitor wanted to go>. */
export const loginPath = (next: string) => `/login?next=${encodeURIComponent(next)}`;

/** Only a signed-in user sees what is inside; anyone else goes to /login and comes back afterwards. */
export const RequireAuth = ({ children }: { children?: ReactNode }) => {
  const { status } = useAuth();
  const location = useLocation();
  if (status === 'loading') return <LoadingState label="Checking your sign-in…" fill />;
  if (status === 'signedOut') return <Navigate to={loginPath(`${location.pathname}${location.search}`)} replace />;
  return children ?? <Outlet />;
};

/** Where a member lands after signing in when nothing else was asked for: their Home. */
export const DEFAULT_NEXT = '/home';

/** Where to go after signing in: the `next` parameter when it is a path on this site, otherwise the member's Home. */
export const safeNext = (next: string | null) => (next && /^\/(?!\/)/.test(next) && !next.startsWith('/\\') ? next : DEFAULT_NEXT);
