import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { markRead, notificationsQuery, unreadQuery } from './api';

export const useNotifications = () => useInfiniteQuery(notificationsQuery());

/** Marks some (ids) or all notifications read; the bell and the list learn the new state at once. */
export const useMarkRead = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: markRead,
    onSuccess: ({ unread }) => {
      client.setQueryData(unreadQuery().queryKey, { unread });
      void client.invalidateQueries({ queryKey: notificationsQuery().queryKey });
    },
  });
};
