import type { RouteObject } from 'react-router';
import { AboutPage } from '../pages/AboutPage';
import { BecomeAMentorPage } from '../pages/BecomeAMentorPage';
import { HomePage } from '../pages/HomePage';
import { LoginPage } from '../pages/LoginPage';
import { NotFoundPage } from '../pages/NotFoundPage';
import { PartnershipsPage } from '../pages/PartnershipsPage';
import { SignupPage } from '../pages/SignupPage';
import { VolunteerPage } from '../pages/VolunteerPage';
import { PageShell, type RouteHandle } from './PageShell';

/**
 * The public pages: small, so they ship in the entry chunk, and prerendered to HTML at build time
 * (src/entry-server.tsx) so they paint before any JavaScript runs.
 */
export const publicPaths = ['/', '/about', '/become-a-mentor', '/volunteer', '/partnerships', '/login', '/signup'] as const;

/**
 * Every route of the SPA. Routes that need chat, video or the auth SDK must load lazily
 * (`lazy: () => import('../features/...')`) so that none of that code reaches the public pages.
 */
export const routes: RouteObject[] = [
  {
    element: <PageShell />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'about', element: <AboutPage />, handle: { title: 'About us' } satisfies RouteHandle },
      { path: 'become-a-mentor', element: <BecomeAMentorPage />, handle: { title: 'Become a mentor' } satisfies RouteHandle },
      { path: 'volunteer', element: <VolunteerPage />, handle: { title: 'Volunteer' } satisfies RouteHandle },
      { path: 'partnerships', element: <PartnershipsPage />, handle: { title: 'Partnerships' } satisfies RouteHandle },
      { path: 'login', element: <LoginPage />, handle: { title: 'Login' } satisfies RouteHandle },
      { path: 'signup', element: <SignupPage />, handle: { title: 'Sign up' } satisfies RouteHandle },
      { path: '*', element: <NotFoundPage />, handle: { title: 'Page not found' } satisfies RouteHandle },
    ],
  },
];
