import { useContext } from 'react';
import { AuthContext, type AuthContextValue } from './AuthProvider';

/** The signed-in user (or none) and their ID token; needs an AuthProvider above. */
export const useAuth = (): AuthContextValue => {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth() needs an <AuthProvider> above it');
  return context;
};
