import { render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@testing/render';
import { PageShell, type RouteHandle } from './PageShell';
import { PUBLIC_PAGE_PATHS } from '@mentoring/shared/public-pages';
import { loadLazyMatches } from './lazy-matches';
import { publicPaths, routes } from './routes';

const titles: Record<(typeof PUBLIC_PAGE_PATHS)[number], string> = {
  '/': 'Bridge Mentoring',
  '/about': 'About us · Bridge Mentoring',
  '/become-a-mentor': 'Become a mentor · Bridge Mentoring',
  '/volunteer': 'Volunteer · Bridge Mentoring',
  '/partnerships': 'Partnerships · Bridge Mentoring',
};

describe('routes and page shell', () => {
  it.each(PUBLIC_PAGE_PATHS)('%s has one h1, its own title, the header, footer and Feedback tab', (path) => {
    renderApp(path);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(document.title).toBe(titles[path]);
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Feedback' })).toBeInTheDocument();
  });

  it('gives every public page its own title', () => {
    expect(new Set(Object.values(titles)).size).toBe(PUBLIC_PAGE_PATHS.length);
  });

  it('prerenders the sign-in and sign-up forms too', () => {
    expect(publicPaths).toEqual([...PUBLIC_PAGE_PATHS, '/login', '/signup']);
  });

  it.each([
    ['/login', 'Sign in'],
    ['/signup', 'Create an account'],
  ])('%s renders its form at once, with no loading step, once its lazy route is loaded (as before hydration)', async (path, heading) => {
    await loadLazyMatches(routes, path);
    renderApp(path);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(heading);
    expect(screen.queryByText(/Opening the page|Loading/)).toBeNull();
    expect(screen.getByRole('banner')).toBeInTheDocument();
  });

  it('answers an unknown path with a friendly 404 page', () => {
    renderApp('/no/such/page');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('We couldn’t find that page');
    expect(document.title).toBe('Page not found · Bridge Mentoring');
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });

  it('uses the layout a page supplies instead of header, content and footer', () => {
    const OwnLayout = ({ children }: { children: ReactNode }) => <div data-testid="own-layout">{children}</div>;
    const handle: RouteHandle = { layout: OwnLayout };
    const router = createMemoryRouter([{ element: <PageShell />, children: [{ path: '/', handle, element: <p>Signed-in content</p> }] }]);
    render(<RouterProvider router={router} />);
    expect(within(screen.getByTestId('own-layout')).getByText('Signed-in content')).toBeInTheDocument();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Feedback' })).toBeInTheDocument();
  });

  it('opens the feedback dialog from the Feedback tab and sends the current path', async () => {
    const { user } = renderApp('/volunteer');
    await user.click(screen.getByRole('button', { name: 'Feedback' }));
    expect(await screen.findByRole('dialog', { name: 'Help us improve our platform!' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Feedback' })).toHaveFocus();
  });

  it('moves focus to the new content after navigating', async () => {
    const { user } = renderApp('/');
    await user.click(within(screen.getByRole('banner')).getByRole('link', { name: 'About us' }));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Good advice should not depend on who you know');
    expect(screen.getByRole('main')).toHaveFocus();
  });
});
