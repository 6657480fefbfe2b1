import { useAuth } from '@/lib/auth/useAuth';
import { useOwnProfile } from '@/lib/shared-api';
import { useProgramme } from '../hooks';
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

/**
 * Whether a visitor meets the members-only gate, read from the programme's public settings, and whether the
 * mentors may be asked for yet: a visitor to a members-only directory is not sent to an API that can only refuse.
 */
export const useDirectoryGate = (viewer: Pick<ReturnType<typeof useViewer>, 'ready' | 'signedIn'>) => {
  const programme = useProgramme();
  const known = programme.isSuccess || programme.isError;
  const gated = !viewer.signedIn && programme.data?.directoryVisibility === 'members';
  return { gated, mayAsk: viewer.ready && !gated && (viewer.signedIn || known) };
};
