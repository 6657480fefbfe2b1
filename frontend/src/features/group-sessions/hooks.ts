import { useCallback } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useChatConnection } from '@/lib/stream';
import { useDebouncedSearch } from '@/lib/use-debounced-search';
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

export interface Member {
  id: string;
  displayName: string;
}

/**
 * Members whose name starts with the words typed, for the stage of a session: Stream's user autocomplete, as the
 * messages page finds members (chat connects when the picker opens). `leaveOut` (the host, those chosen) are not
 * offered; the server checks who may be on stage again.
 */
export const useMemberSearch = (query: string, leaveOut: readonly string[]) => {
  const { chatClient, failed } = useChatConnection();
  const key = leaveOut.join(',');
  const search = useCallback(
    async (wanted: string): Promise<Member[]> => {
      if (!chatClient) return [];
      const skip = new Set(key.split(','));
      const { users } = await chatClient.queryUsers({ name: { $autocomplete: wanted }, role: 'user' }, {}, { limit: 10 });
      return users.filter((user) => !skip.has(user.id)).map((user) => ({ id: user.id, displayName: user.name || user.id }));
    },
    [chatClient, key],
  );
  const found = useDebouncedSearch(query, search, 'Member search failed');
  return { ...found, connecting: !chatClient && !failed, unavailable: failed };
};
