import type { RouteObject } from 'react-router';
import type { RouteHandle } from '@/lib/route-handle';

/** The notifications page of the signed-in area, loaded only when opened. */
export const signedInNotificationRoutes: RouteObject[] = [
  {
    path: 'notifications',
    lazy: async () => ({ Component: (await import('./pages/NotificationsPage')).default }),
    handle: { title: 'Notifications' } satisfies RouteHandle,
  },
];
