import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { StreamConnectionProvider } from '../features/connection';
import { LazyCallNotifications } from '../features/video';

/**
 * The signed-in pages' Stream connection and the incoming-call notifications shown on every one of them;
 * loaded lazily so the public pages never carry the SDK.
 */
export const SignedInArea = () => (
  <StreamConnectionProvider mode="user">
    <Suspense fallback={null}>
      <LazyCallNotifications />
    </Suspense>
    <Outlet />
  </StreamConnectionProvider>
);

export default SignedInArea;
