export { AuthProvider, type AuthStatus, type AuthUser, type AuthContextValue } from './AuthProvider';
export { useAuth } from './useAuth';
export { RequireAuth, loginPath } from './RequireAuth';
export { HeaderAccount } from './HeaderAccount';
export { authRoutes } from './routes';
