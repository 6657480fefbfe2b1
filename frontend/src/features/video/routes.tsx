import type { RouteObject } from 'react-router';

/**
 * The call pages, each loaded only when opened (the SDK stays out of the public pages' JavaScript).
 * /calls and /calls/:type/:id belong under the signed-in area (RequireAuth + StreamConnectionProvider
 * mode="user"); /join/:type/:id is public and brings its own guest connection.
 */
export const signedInVideoRoutes: RouteObject[] = [
  { path: '/calls', lazy: () => import('./pages/CallsPage').then(({ CallsPage }) => ({ Component: CallsPage })), handle: { title: 'Calls' } },
  { path: '/calls/:type/:id', lazy: () => import('./pages/CallPage').then(({ CallPage }) => ({ Component: CallPage })), handle: { title: 'Call' } },
];

export const publicVideoRoutes: RouteObject[] = [
  {
    path: '/join/:type/:id',
    lazy: () => import('./pages/GuestJoinPage').then(({ GuestJoinPage }) => ({ Component: GuestJoinPage })),
    handle: { title: 'Join a call' },
  },
];

