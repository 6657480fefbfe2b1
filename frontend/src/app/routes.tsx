import type { RouteObject } from 'react-router';
import { AboutPage } from '../pages/AboutPage';
import { BecomeAMentorPage } from '../pages/BecomeAMentorPage';
import { HomePage } from '../pages/HomePage';
import { LoginPage } from '../pages/LoginPage';
import { NotFoundPage } from '../pages/NotFoundPage';
import { PartnershipsPage } from '../pages/PartnershipsPage';
import { SignupPage } from '../pages/SignupPage';
import { VolunteerPage } from '../pages/VolunteerPage';
import { PageShell } from './PageShell';

/** The public pages; they are small, so they ship in the entry chunk and render without a second request. */
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
      { path: 'about', element: <AboutPage /> },
      { path: 'become-a-mentor', element: <BecomeAMentorPage /> },
      { path: 'volunteer', element: <VolunteerPage /> },
      { path: 'partnerships', element: <PartnershipsPage /> },
      { path: 'login', element: <LoginPage /> },
      { path: 'signup', element: <SignupPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
