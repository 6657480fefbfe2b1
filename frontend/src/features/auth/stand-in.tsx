import { createContext, useContext, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';

export interface AuthUser {
  id: string;
  name: string;
  email: string;
}

export interface AuthState {
  status: 'loading' | 'signedIn' | 'signedOut';
  user: AuthUser | null;
  getIdToken: () => Promise<string | null>;
  signOut: () => Promise<void>;
}

const signedOut: AuthState = { status: 'signedOut', user: null, getIdToken: async () => null, signOut: async () => undefined };
const AuthContext = createContext<AuthState>(signedOut);

export const AuthProvider = ({ children }: { children: ReactNode }) => <AuthContext.Provider value={signedOut}>{children}</AuthContext.Provider>;

export const useAuth = () => useContext(AuthContext);

export const RequireAuth = ({ children }: { children: ReactNode }) => {
  const { status } = useAuth();
  const location = useLocation();
  if (status === 'loading') return null;
  if (status === 'signedOut') return <Navigate to={`/login?next=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  return <>{children}</>;
};
