import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { Icon } from '@/components/Icon/Icon';
import { useStreamConnectionIfAny } from '@/lib/stream';
import { unreadQuery } from './api';
import { bellLabel } from './copy';
import styles from './NotificationsBell.module.css';

/** Often enough that a new request shows while a member stays on one page; focus and navigation refresh sooner. */
const POLL_MS = 60_000;
/** A message or a read reaches the notifications through Stream's webhook and the bus, a moment after the browser sees it. */
const WEBHOOK_LAG_MS = 2_000;
const CHAT_CHANGES = new Set(['notification.message_new', 'notification.mark_read', 'message.new', 'message.read']);

/** Asks again shortly after chat says a message came or was read (once chat is connected; it never connects chat itself). */
const useChatRefresh = (refetch: () => unknown) => {
  const chatClient = useStreamConnectionIfAny()?.chatClient ?? null;
  useEffect(() => {
    if (!chatClient) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const subscription = chatClient.on((event) => {
      if (!CHAT_CHANGES.has(event.type)) return;
      clearTimeout(timer);
      timer = setTimeout(() => void refetch(), WEBHOOK_LAG_MS);
    });
    return () => {
      subscription.unsubscribe();
      clearTimeout(timer);
    };
  }, [chatClient, refetch]);
};

/** The header's way to the notifications: a bell with the unread count, refreshed on focus, on navigation and every minute. */
export const NotificationsBell = () => {
  const { pathname } = useLocation();
  const unread = useQuery({ ...unreadQuery(), refetchInterval: POLL_MS, refetchOnWindowFocus: 'always' });
  const { refetch } = unread;
  useChatRefresh(refetch);
  // Each move to another page asks again (the first page's ask is the query's own).
  const shownOn = useRef(pathname);
  useEffect(() => {
    if (shownOn.current === pathname) return;
    shownOn.current = pathname;
    void refetch();
  }, [pathname, refetch]);
  const count = unread.data?.unread ?? 0;
  return (
    <Link to="/notifications" className={styles.bell} aria-label={bellLabel(count)} aria-current={pathname === '/notifications' ? 'page' : undefined}>
      <Icon name="bell" size={22} />
      {count > 0 && (
        <span className={styles.count} aria-hidden="true" data-testid="notifications-count">
          {count > 99 ? '99+' : count}
        </span>
      )}
    </Link>
  );
};
