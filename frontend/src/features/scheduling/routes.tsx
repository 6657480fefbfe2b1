import type { RouteObject } from 'react-router';

/** The member's sessions and the session page of the signed-in area, each loaded only when opened. */
export const signedInSchedulingRoutes: RouteObject[] = [
  {
    path: 'sessions',
    lazy: async () => ({ Component: (await import('./pages/MemberSessionsPage')).default }),
    handle: { title: 'Sessions' },
  },
  {
    path: 'mentorships/:id/sessions/:sessionId',
    lazy: async () => ({ Component: (await import('./pages/SessionPage')).default }),
    handle: { title: 'Session' },
  },
];
