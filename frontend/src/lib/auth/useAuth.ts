import { useContext } from 'react';
import { AuthContext, type AuthContextValue } from './AuthProvider';

/** The signed-in user (or none) and their ID token; needs an AuthProvider above. */
export const useAuth = (): AuthContextValue => {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth() needs an <AuthProvider> above it');
  return context;
};

const anonymous = async () => null;

/** The ID token getter where a member may or may not be signed in (and outside any AuthProvider: none). */
export const useIdTokenGetter = (): (() => Promise<string | null>) => useContext(AuthContext)?.getIdToken ?? anonymous;
