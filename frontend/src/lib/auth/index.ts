export { AuthProvider, type AuthStatus, type AuthUser, type AuthContextValue } from './AuthProvider';
export { useAuth, useIdTokenGetter } from './useAuth';
export { RequireAuth, loginPath } from './RequireAuth';
