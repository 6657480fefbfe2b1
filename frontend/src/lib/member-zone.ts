import { QueryClient, QueryClientContext, useQuery } from '@tanstack/react-query';
import { useContext, useMemo } from 'react';
import { AuthContext } from './auth/AuthProvider';
import { browserZone, formatDate, formatDateTime, formatLongDate, formatTime } from './datetime';
import { apiQuery } from './query';

/**
 * The zone every date and time is shown in (lib/datetime.ts): the member's profile's, else the browser's (a
 * visitor, or a member before their profile is known or when they have none). Signed out, nothing is asked.
 */
// Where no query cache is provided (a call's controls rendered alone), nothing is asked: the browser's zone it is.
const noCache = new QueryClient();

export const useMemberZone = () => {
  // Outside any AuthProvider (a feature's page tested alone) a member is taken to be signed in, as the pages are.
  const auth = useContext(AuthContext);
  const cache = useContext(QueryClientContext);
  const own = useQuery({ ...apiQuery('GET /api/profile/me'), enabled: Boolean(cache) && (!auth || auth.status === 'signedIn') }, cache ?? noCache);
  return own.data?.profile?.timezone ?? browserZone();
};

/** lib/datetime's formats bound to the member's zone, for pages: `const dates = useDates(); dates.dateTime(iso)`. */
export const useDates = () => {
  const zone = useMemberZone();
  return useMemo(
    () => ({
      zone,
      dateTime: (value: string | Date) => formatDateTime(value, zone),
      date: (value: string | Date) => formatDate(value, zone),
      longDate: (value: string | Date) => formatLongDate(value, zone),
      time: (value: string | Date) => formatTime(value, zone),
    }),
    [zone],
  );
};
