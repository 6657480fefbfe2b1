import type { RouteObject } from 'react-router';

/** Handle of a route: its page title (the app's PageShell reads `title`). */
interface Handle {
  title: string;
}

/** The coordinators' safeguarding pages, in the coordinator area, each loaded only when opened; the API refuses everyone else. */
export const coordinatorSafeguardingPages: RouteObject[] = [
  { path: 'reports', lazy: async () => ({ Component: (await import('./pages/ReportsPage')).default }), handle: { title: 'Safeguarding reports' } satisfies Handle },
  { path: 'reports/:id', lazy: async () => ({ Component: (await import('./pages/ReportPage')).default }), handle: { title: 'Report' } satisfies Handle },
];
