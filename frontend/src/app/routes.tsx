import type { RouteObject } from 'react-router';
import { PUBLIC_PAGE_PATHS } from '@mentoring/shared/public-pages';
import { authRoutes } from '../features/auth';
import { RequireAuth } from '../lib/auth';
import { AboutPage } from '../pages/AboutPage';
import { BecomeAMentorPage } from '../pages/BecomeAMentorPage';
import { HomePage } from '../pages/HomePage';
import { NotFoundPage } from '../pages/NotFoundPage';
import { PartnershipsPage } from '../pages/PartnershipsPage';
import { VolunteerPage } from '../pages/VolunteerPage';
import { publicVideoRoutes } from '../features/video/routes';
import { publicWorkshopRoutes } from '../features/public-workshop';
import { mentorDirectoryRoutes } from '../features/mentoring/routes';
import { signedInRoutes } from './signed-in-routes';
import { LoadingState } from '../components/StatePanel/StatePanel';
import { OwnLayout, PageShell, type RouteHandle } from './PageShell';

/**
 * The pages prerendered to HTML at build time (src/entry-server.tsx), so they paint before any JavaScript runs:
 * the public pages (small, in the entry chunk) and the sign-in and sign-up forms (their own small chunks, loaded
 * before hydration by main.tsx). CloudFront serves the prerendered HTML of the paths in PUBLIC_PAGE_PATHS (shared);
 * /login and /signup get theirs there once that list names them, and the local stage serves them already.
 */
export const publicPaths = [...PUBLIC_PAGE_PATHS, '/login', '/signup'] as const;

/** Every route of the SPA. */
export const routes: RouteObject[] = [
  {
    element: <PageShell />,
    // Shown only while a lazily loaded page arrives on a first visit; prerendered public pages never need it.
    hydrateFallbackElement: <LoadingState label="Opening the page…" fill />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'about', element: <AboutPage />, handle: { title: 'About us' } satisfies RouteHandle },
      { path: 'become-a-mentor', element: <BecomeAMentorPage />, handle: { title: 'Become a mentor' } satisfies RouteHandle },
      { path: 'volunteer', element: <VolunteerPage />, handle: { title: 'Volunteer' } satisfies RouteHandle },
      { path: 'partnerships', element: <PartnershipsPage />, handle: { title: 'Partnerships' } satisfies RouteHandle },
      ...authRoutes,
      {
        element: <RequireAuth />,
        // The signed-in area draws its own frame: the member's header instead of the public one.
        handle: { layout: OwnLayout } satisfies RouteHandle,
        children: [{ lazy: async () => ({ Component: (await import('./SignedInArea')).default }), children: signedInRoutes }],
      },
      ...publicVideoRoutes,
      ...publicWorkshopRoutes,
      {
        handle: { layout: OwnLayout } satisfies RouteHandle,
        lazy: async () => ({ Component: (await import('./DirectoryLayout')).default }),
        children: mentorDirectoryRoutes,
      },
      { path: '*', element: <NotFoundPage />, handle: { title: 'Page not found' } satisfies RouteHandle },
    ],
  },
];
