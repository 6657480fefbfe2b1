import { Outlet } from 'react-router';
import { StreamConnectionProvider } from '../features/connection';

/** The signed-in pages' Stream connection; loaded lazily so the public pages never carry the SDK. */
export const SignedInArea = () => (
  <StreamConnectionProvider mode="user">
    <Outlet />
  </StreamConnectionProvider>
);

export default SignedInArea;
