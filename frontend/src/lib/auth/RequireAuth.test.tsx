import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AuthContext, type AuthContextValue } from './AuthProvider';
import { HeaderAccount } from '@/app/HeaderAccount';
import { RequireAuth, safeNext } from './RequireAuth';

const auth = (overrides: Partial<AuthContextValue>): AuthContextValue => ({
  status: 'signedOut',
  user: null,
  getIdToken: async () => null,
  signOut: async () => undefined,
  refresh: async () => undefined,
  ...overrides,
});

const ShowLocation = () => {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
};

const renderAt = (path: string, value: AuthContextValue) =>
  render(
    <AuthContext.Provider value={value}>
      <MemoryRouter initialEntries={[path]}>
        <HeaderAccount />
        <Routes>
          <Route path="/account" element={<RequireAuth><h1>Your account</h1></RequireAuth>} />
          <Route path="*" element={<ShowLocation />} />
        </Routes>
      </MemoryRouter>
    </AuthContext.Provider>,
  );

const ada = { id: 'sub-1', name: 'Ada Lovelace', email: 'ada@example.org' };

describe('RequireAuth and HeaderAccount', () => {
  it('send a signed-out visitor to /login with the page to come back to', () => {
    renderAt('/account?tab=profile', auth({}));
    expect(screen.getByTestId('location')).toHaveTextContent('/login?next=%2Faccount%3Ftab%3Dprofile');
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
  });

  it('wait while the session is being restored, without redirecting', () => {
    renderAt('/account', auth({ status: 'loading' }));
    expect(screen.getByRole('status')).toHaveTextContent('Checking your sign-in…');
    expect(screen.queryByTestId('location')).toBeNull();
    // The header keeps the visitors' links meanwhile (as the prerendered HTML has them): nothing jumps.
    expect(screen.getByRole('link', { name: 'Login' })).toBeVisible();
  });

  it('show the page and the user\'s name with Sign out to a signed-in user', async () => {
    const signOut = vi.fn(async () => undefined);
    renderAt('/account', auth({ status: 'signedIn', user: ada, signOut }));
    expect(screen.getByRole('heading', { name: 'Your account' })).toBeVisible();
    expect(screen.getByTestId('header-user-name')).toHaveTextContent('Ada Lovelace');
    expect(screen.queryByRole('link', { name: 'Login' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(signOut).toHaveBeenCalledOnce();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });
});

describe('safeNext', () => {
  it.each([
    ['/account', '/account'],
    ['/calls?id=1', '/calls?id=1'],
    [null, '/home'],
    ['', '/home'],
    ['//evil.example.org/', '/home'],
    ['/\\evil.example.org', '/home'],
    ['https://evil.example.org/', '/home'],
    ['javascript:alert(1)', '/home'],
  ])('keeps %s → %s', (next, expected) => {
    expect(safeNext(next)).toBe(expected);
  });
});
