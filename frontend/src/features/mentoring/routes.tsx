import type { RouteObject } from 'react-router';
import type { RouteHandle } from '@/lib/route-handle';

/**
 * The mentoring pages, each loaded only when opened. `signedInMentoringRoutes(coordinatorPages)` go under the signed-in area
 * (RequireAuth and its layout); `mentorDirectoryRoutes` (the directory and mentor profiles) sit beside the
 * public pages, since visitors may browse them when the programme's directory is public: members see them
 * inside their own area, visitors in the site's layout (app/DirectoryLayout.tsx).
 */
export const signedInMentoringRoutes = (
  /** Pages the app adds to the coordinator area (the dashboard as its index, lists); without an index, it opens the applications. */
  coordinatorPages: RouteObject[] = [],
): RouteObject[] => [
  { path: 'onboarding', lazy: async () => ({ Component: (await import('./pages/OnboardingPage')).default }), handle: { title: 'Get started' } satisfies RouteHandle },
  { path: 'profile', lazy: async () => ({ Component: (await import('./pages/ProfilePage')).default }), handle: { title: 'Your profile' } satisfies RouteHandle },
  {
    path: 'coordinator',
    lazy: async () => ({ Component: (await import('./pages/CoordinatorArea')).default }),
    handle: { title: 'Coordinator' } satisfies RouteHandle,
    children: [
      ...(coordinatorPages.some((page) => page.index) ? [] : [{ index: true, lazy: async () => ({ Component: (await import('./pages/CoordinatorIndex')).default }) }]),
      ...coordinatorPages,
      {
        path: 'applications',
        lazy: async () => ({ Component: (await import('./pages/ApplicationsPage')).default }),
        handle: { title: 'Applications' } satisfies RouteHandle,
      },
      {
        path: 'members/:id',
        lazy: async () => ({ Component: (await import('./pages/MemberPage')).default }),
        handle: { title: 'Member' } satisfies RouteHandle,
      },
      {
        path: 'settings',
        lazy: async () => ({ Component: (await import('./pages/SettingsPage')).default }),
        handle: { title: 'Programme settings' } satisfies RouteHandle,
      },
    ],
  },
];

/** The directory and mentor profiles; the app gives them their frame (members' area or the public site). */
export const mentorDirectoryRoutes: RouteObject[] = [
  { path: 'mentors', lazy: async () => ({ Component: (await import('./pages/DirectoryPage')).default }), handle: { title: 'Mentors' } satisfies RouteHandle },
  { path: 'mentors/:id', lazy: async () => ({ Component: (await import('./pages/MentorPage')).default }), handle: { title: 'Mentor' } satisfies RouteHandle },
];
