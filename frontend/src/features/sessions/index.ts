import { lazy } from 'react';

/** Lazy, so the sessions page (and its media) stays out of the public pages' bundle. */
export const LazySessionsPage = lazy(() => import('./SessionsPage'));
export const SESSIONS_PATH = '/sessions';
