import { useAuth } from '../../../lib/auth/useAuth';
import { useOwnProfile } from '../../../lib/shared-api';
import { browserTimeZone } from './time';

/**
 * Who is looking: a visitor or a member, and the time zone to show times in (the member's profile's, else
 * the browser's). `ready` is false while the session is being read, so no request goes out twice.
 */
export const useViewer = () => {
  const { status, user } = useAuth();
  const signedIn = status === 'signedIn';
  const own = useOwnProfile({ enabled: signedIn });
  const zone = (signedIn && own.data?.profile?.timezone) || browserTimeZone();
  return { ready: status !== 'loading', signedIn, userId: user?.id ?? null, own, zone };
};
