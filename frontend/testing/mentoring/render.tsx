import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { Toaster } from '@/components/Toast/Toaster';
import { AuthContext, type AuthContextValue } from '@/lib/auth/AuthProvider';
import { QueryProvider } from '@/lib/query';
import { setIdTokenSource } from '@/lib/api-client';

export const ada = { id: 'sub-ada', name: 'Ada Lovelace', email: 'ada@example.org' };

const authValue = (signedIn: boolean): AuthContextValue => ({
  status: signedIn ? 'signedIn' : 'signedOut',
  user: signedIn ? ada : null,
  getIdToken: async () => (signedIn ? 'id-token' : null),
  signOut: async () => undefined,
  refresh: async () => undefined,
});

/** Renders mentoring routes at `path` for a member (or a visitor), with a fresh query cache and the toasts. */
export const renderRoutes = (routes: RouteObject[], path: string, { signedIn = true }: { signedIn?: boolean } = {}) => {
  setIdTokenSource(async () => (signedIn ? 'id-token' : null));
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 }, mutations: { retry: false } } });
  const user = userEvent.setup();
  const view = render(
    <AuthContext.Provider value={authValue(signedIn)}>
      <QueryProvider client={client}>
        <RouterProvider router={router} />
        <Toaster />
      </QueryProvider>
    </AuthContext.Provider>,
  );
  return { ...view, user, router, client };
};
