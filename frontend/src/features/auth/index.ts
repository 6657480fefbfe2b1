// STAND-IN for issue 4's auth feature, with exactly the contract of contracts.md ("Identity in the SPA"),
// so this branch compiles before the merge. The lead keeps issue 4's implementation.
export { AuthProvider, RequireAuth, useAuth, type AuthState, type AuthUser } from './stand-in';
