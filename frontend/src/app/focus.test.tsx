import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef } from 'react';
import { createMemoryRouter, Link, Navigate, Outlet, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetInteraction, useFocusOnNavigation } from './focus';

const Layout = () => {
  const main = useRef<HTMLElement>(null);
  useFocusOnNavigation(main);
  return (
    <>
      <a href="#main">Skip to content</a>
      <nav>
        <Link to="/one">One</Link>
        <Link to="/two">Two</Link>
      </nav>
      <main id="main" ref={main} tabIndex={-1}>
        <Outlet />
      </main>
    </>
  );
};

const renderAt = (path: string) =>
  render(
    <RouterProvider
      router={createMemoryRouter(
        [
          {
            element: <Layout />,
            children: [
              { path: '/one', element: <h1>One</h1> },
              { path: '/two', element: <h1>Two</h1> },
              // A redirect of the page's own, as /account makes for a signed-out visitor.
              { path: '/redirect', element: <Navigate to="/two" replace /> },
            ],
          },
        ],
        { initialEntries: [path] },
      )}
    />,
  );

describe('focus after navigation', () => {
  beforeEach(() => resetInteraction());

  it('stays at the top of the document on a full page load, so the first Tab reaches the skip link', async () => {
    renderAt('/one');
    expect(screen.getByRole('main')).not.toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveFocus();
  });

  it('is not moved by a redirect the page makes on its own while loading', async () => {
    renderAt('/redirect');
    expect(await screen.findByRole('heading', { name: 'Two' })).toBeInTheDocument();
    expect(screen.getByRole('main')).not.toHaveFocus();
  });

  it('moves to the main content after an in-app navigation, by pointer or keyboard', async () => {
    renderAt('/one');
    await userEvent.click(screen.getByRole('link', { name: 'Two' }));
    expect(screen.getByRole('heading', { name: 'Two' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveFocus();

    screen.getByRole('link', { name: 'One' }).focus();
    fireEvent.keyDown(document.activeElement!, { key: 'Enter' });
    fireEvent.click(screen.getByRole('link', { name: 'One' }));
    expect(await screen.findByRole('heading', { name: 'One' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveFocus();
  });
});
