import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cancelGroupSession, changePlace, groupSessionQuery, joinGroupSession, rateGroupSession, scheduleGroupSession } from './api';

/** A change of places or state shows on the list, the session's page and Home. */
const useRefresh = () => {
  const client = useQueryClient();
  return (id?: string) => {
    void client.invalidateQueries({ queryKey: ['GET /api/group-sessions'] });
    if (id) void client.invalidateQueries({ queryKey: groupSessionQuery(id).queryKey });
  };
};

export const useSchedule = () => {
  const refresh = useRefresh();
  return useMutation({ mutationFn: scheduleGroupSession, onSuccess: () => refresh() });
};

export const usePlaceChange = (id: string) => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (change: 'sign-up' | 'leave') => changePlace(id, change),
    onSettled: () => refresh(id),
  });
};

export const useCancel = (id: string) => {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (reason: string) => cancelGroupSession(id, reason), onSettled: () => refresh(id) });
};

export const useJoin = (id: string) => useMutation({ mutationFn: () => joinGroupSession(id) });

export const useRate = (id: string) => {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (body: { rating: number; comment: string }) => rateGroupSession(id, body), onSettled: () => refresh(id) });
};
