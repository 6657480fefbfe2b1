import type { RouteObject } from 'react-router';

/**
 * The coordinator's dashboard (the index of /coordinator), members and feedback. The app places them inside the
 * coordinator area (features/mentoring's CoordinatorArea: the group check and the coordinator tabs).
 */
export const coordinationPages: RouteObject[] = [
  { index: true, lazy: async () => ({ Component: (await import('./pages/DashboardPage')).default }) },
  { path: 'members', lazy: async () => ({ Component: (await import('./pages/MembersPage')).default }), handle: { title: 'Members' } },
  { path: 'feedback', lazy: async () => ({ Component: (await import('./pages/FeedbackPage')).default }), handle: { title: 'Feedback' } },
];
