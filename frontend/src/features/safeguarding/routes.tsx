import type { RouteObject } from 'react-router';

/** Handle of a route: its page title (the app's PageShell reads `title`). */
interface Handle {
  title: string;
}

/** The coordinators' safeguarding pages, each loaded only when opened; the API refuses everyone else. */
export const coordinatorSafeguardingRoutes: RouteObject[] = [
  { path: 'coordinator/reports', lazy: async () => ({ Component: (await import('./pages/ReportsPage')).default }), handle: { title: 'Safeguarding reports' } satisfies Handle },
  { path: 'coordinator/reports/:id', lazy: async () => ({ Component: (await import('./pages/ReportPage')).default }), handle: { title: 'Report' } satisfies Handle },
  { path: 'coordinator/members', lazy: async () => ({ Component: (await import('./pages/MembersPage')).default }), handle: { title: 'Members' } satisfies Handle },
];
