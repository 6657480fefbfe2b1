import { infiniteQueryOptions } from '@tanstack/react-query';
import type { ApiAnswer, ApiBody } from '@mentoring/shared/routes';
import { api } from '@/lib/api-client';
import { apiQuery } from '@/lib/query';

export type NotificationPage = ApiAnswer<'GET /api/notifications'>;
export type AppNotification = NotificationPage['notifications'][number];

/** What the header's bell shows: how many notifications are unread. */
export const unreadQuery = () => apiQuery('GET /api/notifications/unread');

const PAGE_SIZE = 20;

/** The member's notifications, newest first, a page at a time. */
export const notificationsQuery = () =>
  infiniteQueryOptions({
    queryKey: ['GET /api/notifications'] as const,
    queryFn: ({ pageParam }) => api('GET /api/notifications', { query: { limit: PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) } }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/** Marks some (ids) or all notifications read; answers with how many stay unread. */
export const markRead = (body: ApiBody<'POST /api/notifications/read'>) => api('POST /api/notifications/read', { body });
