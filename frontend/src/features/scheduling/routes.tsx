import type { RouteObject } from 'react-router';

/** The session page of the signed-in area, loaded only when opened. */
export const signedInSchedulingRoutes: RouteObject[] = [
  {
    path: 'mentorships/:id/sessions/:sessionId',
    lazy: async () => ({ Component: (await import('./pages/SessionPage')).default }),
    handle: { title: 'Session' },
  },
];
