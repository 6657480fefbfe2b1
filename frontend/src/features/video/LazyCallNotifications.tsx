import { lazy } from 'react';
import { useStreamConnection } from '@/lib/stream';

const CallNotifications = lazy(() => import('./CallNotifications'));

/**
 * Ringing calls, loaded (with the video SDK's components) once the member's video client is connected: they render
 * nothing before, and a page that holds video back (Messages) then paints without them. Mount inside <Suspense>.
 */
export const LazyCallNotifications = () => (useStreamConnection().videoClient ? <CallNotifications /> : null);
