import type { RouteObject } from 'react-router';

/** /watch/:id, for anyone: loaded only when opened, and its HLS player only once there is something to play. */
export const publicWorkshopRoutes: RouteObject[] = [
  { path: '/watch/:id', lazy: async () => ({ Component: (await import('./pages/WatchWorkshopPage')).default }), handle: { title: 'Watch a workshop' } },
];
