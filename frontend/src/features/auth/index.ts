// Stand-in with issue 4's contract (frontend/src/features/auth/index.ts) so this branch builds on its own;
// when merging, keep issue 4's module and drop this file.
import { createContext, createElement, useContext, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';

export interface AuthState {
  status: 'loading' | 'signedIn' | 'signedOut';
  user: { id: string; name: string; email: string } | null;
  getIdToken: () => Promise<string | null>;
  signOut: () => Promise<void>;
}

const signedOut: AuthState = { status: 'signedOut', user: null, getIdToken: async () => null, signOut: async () => undefined };
const AuthContext = createContext<AuthState>(signedOut);

export const AuthProvider = ({ children, value = signedOut }: { children: ReactNode; value?: AuthState }) =>
  createElement(AuthContext.Provider, { value }, children);

export const useAuth = () => useContext(AuthContext);

export const RequireAuth = ({ children }: { children: ReactNode }) => {
  const { status } = useAuth();
  const location = useLocation();
  if (status === 'loading') return null;
  if (status === 'signedOut') return createElement(Navigate, { to: `/login?next=${encodeURIComponent(location.pathname)}`, replace: true });
  return children;
};
