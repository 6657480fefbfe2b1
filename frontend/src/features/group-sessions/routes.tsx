import type { RouteObject } from 'react-router';

/** The group sessions' pages of the signed-in area, each loaded only when opened. */
export const signedInGroupSessionRoutes: RouteObject[] = [
  { path: 'group-sessions', lazy: async () => ({ Component: (await import('./pages/GroupSessionsPage')).default }), handle: { title: 'Group sessions' } },
  { path: 'group-sessions/:id', lazy: async () => ({ Component: (await import('./pages/GroupSessionPage')).default }), handle: { title: 'Group session' } },
];
