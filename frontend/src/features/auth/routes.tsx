import type { RouteObject } from 'react-router';
import type { RouteHandle } from '@/lib/route-handle';

/**
 * The account routes, as route objects under the page shell. Each page loads Amplify Auth with it
 * (route-level `lazy`), so public pages stay small.
 */
export const authRoutes: RouteObject[] = [
  { path: 'login', lazy: async () => ({ Component: (await import('./pages/LoginPage')).default }), handle: { title: 'Login' } satisfies RouteHandle },
  { path: 'signup', lazy: async () => ({ Component: (await import('./pages/SignUpPage')).default }), handle: { title: 'Sign up' } satisfies RouteHandle },
  {
    path: 'forgot-password',
    lazy: async () => ({ Component: (await import('./pages/ForgotPasswordPage')).default }),
    handle: { title: 'Reset your password' } satisfies RouteHandle,
  },
];

/** Signed-in routes of the account feature (the router places them under RequireAuth). */
export const accountRoutes: RouteObject[] = [
  { path: 'account', lazy: async () => ({ Component: (await import('./pages/AccountPage')).default }), handle: { title: 'Your account' } satisfies RouteHandle },
];
