import { useEffect, useState } from 'react';
import { useStreamConnection } from '@/lib/stream';
import { whenIdle } from '@/lib/when-idle';

/**
 * Unread messages across the member's conversations: null until chat is connected, then Stream's count, kept
 * current by its events. Chat (its SDK, about 85 KB gzip, and its socket) is asked for only once the page is idle,
 * so a page that shows the count never waits for chat to paint; the connection then serves /messages too.
 */
export const useUnreadMessages = (): number | null => {
  const { chatClient, requestChat } = useStreamConnection();
  const [unread, setUnread] = useState<number | null>(null);
  useEffect(() => whenIdle(requestChat), [requestChat]);
  useEffect(() => {
    if (!chatClient) return setUnread(null);
    const read = () => setUnread(Number((chatClient.user as { total_unread_count?: number } | undefined)?.total_unread_count ?? 0));
    read();
    const subscription = chatClient.on((event) => {
      if (typeof event.total_unread_count === 'number') setUnread(event.total_unread_count);
    });
    return () => subscription.unsubscribe();
  }, [chatClient]);
  return unread;
};
