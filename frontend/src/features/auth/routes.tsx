import { lazy, Suspense, type ReactNode } from 'react';
import { Route } from 'react-router';
import { RequireAuth } from './RequireAuth';

// Each page loads Amplify Auth with it, so public pages stay small.
const LoginPage = lazy(() => import('./pages/LoginPage'));
const SignUpPage = lazy(() => import('./pages/SignUpPage'));
const ForgotPasswordPage = lazy(() => import('./pages/ForgotPasswordPage'));
const AccountPage = lazy(() => import('./pages/AccountPage'));

const page = (element: ReactNode) => <Suspense fallback={<p role="status">Loading…</p>}>{element}</Suspense>;

/** The account routes, to place inside the app's <Routes>. */
export const authRoutes = () => [
  <Route key="login" path="/login" element={page(<LoginPage />)} />,
  <Route key="signup" path="/signup" element={page(<SignUpPage />)} />,
  <Route key="forgot-password" path="/forgot-password" element={page(<ForgotPasswordPage />)} />,
  <Route key="account" path="/account" element={<RequireAuth>{page(<AccountPage />)}</RequireAuth>} />,
];
