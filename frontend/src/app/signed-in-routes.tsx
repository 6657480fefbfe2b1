import type { RouteObject } from 'react-router';
import { accountRoutes } from '../features/auth';
import { signedInMentoringRoutes } from '../features/mentoring/routes';
import { coordinatorMentorshipPages, signedInMentorshipRoutes } from '../features/mentorships/routes';
import { signedInNotificationRoutes } from '../features/notifications/routes';
import { coordinatorSafeguardingPages } from '../features/safeguarding/routes';
import { coordinationPages } from '../features/coordination';
import { signedInSchedulingRoutes } from '../features/scheduling/routes';
import { signedInGroupSessionRoutes } from '../features/group-sessions/routes';
import { signedInVideoRoutes } from '../features/video/routes';
import type { RouteHandle } from '../lib/route-handle';

/** Pages of the signed-in area, each loaded only when opened (chat, video and the auth SDK stay out of the public pages). */
export const signedInRoutes: RouteObject[] = [
  { path: 'home', lazy: async () => ({ Component: (await import('./MemberHomePage')).default }), handle: { title: 'Home' } satisfies RouteHandle },
  ...accountRoutes,
  {
    path: 'messages',
    lazy: async () => ({ Component: (await import('../features/chat')).MessagesWhenAvailable }),
    handle: { title: 'Messages' } satisfies RouteHandle,
  },
  ...signedInVideoRoutes,
  ...signedInMentorshipRoutes,
  ...signedInSchedulingRoutes,
  ...signedInGroupSessionRoutes,
  ...signedInNotificationRoutes,
  // The coordinator area (mentoring) opens on the dashboard (coordination), with the lists (the mentorships' too) and the safeguarding queue.
  ...signedInMentoringRoutes([...coordinationPages, ...coordinatorMentorshipPages, ...coordinatorSafeguardingPages]),
  {
    path: 'calls/past',
    lazy: async () => ({ Component: (await import('../features/call-archive/PastCallsPage')).default }),
    handle: { title: 'Past calls' } satisfies RouteHandle,
  },
];
