import { useQuery } from '@tanstack/react-query';
import { useContext } from 'react';
import { AuthContext } from './auth/AuthProvider';
import { browserZone } from './datetime';
import { apiQuery } from './query';

/**
 * The zone every date and time is shown in (lib/datetime.ts): the member's profile's, else the browser's (a
 * visitor, or a member before their profile is known or when they have none). Signed out, nothing is asked.
 */
export const useMemberZone = () => {
  // Outside any AuthProvider (a feature's page tested alone) a member is taken to be signed in, as the pages are.
  const auth = useContext(AuthContext);
  const own = useQuery({ ...apiQuery('GET /api/profile/me'), enabled: !auth || auth.status === 'signedIn' });
  return own.data?.profile?.timezone ?? browserZone();
};
