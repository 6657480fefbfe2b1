import type { RouteObject } from 'react-router';
import type { RouteHandle } from '@/lib/route-handle';

/** The mentorship pages of the signed-in area, each loaded only when opened. */
export const signedInMentorshipRoutes: RouteObject[] = [
  {
    path: 'mentorships',
    lazy: async () => ({ Component: (await import('./pages/MentorshipsPage')).default }),
    handle: { title: 'Mentorships' } satisfies RouteHandle,
  },
  {
    path: 'mentorships/:id',
    lazy: async () => ({ Component: (await import('./pages/MentorshipPage')).default }),
    handle: { title: 'Mentorship' } satisfies RouteHandle,
  },
];

/** The programme's mentorships, a page of the coordinator area (the app places it there, under its section navigation). */
export const coordinatorMentorshipPages: RouteObject[] = [
  {
    path: 'mentorships',
    lazy: async () => ({ Component: (await import('./pages/CoordinatorMentorshipsPage')).default }),
    handle: { title: 'Mentorships in the programme' } satisfies RouteHandle,
  },
];
