import { Link } from 'react-router';
import { Button } from '@/components/Button/Button';
import { PageHeader } from '@/components/PageHeader/PageHeader';
import { EmptyState, ErrorState, LoadingState } from '@/components/StatePanel/StatePanel';
import { errorMessage } from '@/lib/api-client';
import type { AppNotification } from '../api';
import { useMarkRead, useNotifications } from '../hooks';
import { copy, fullWhen, whenLabel } from '../copy';
import styles from './NotificationsPage.module.css';

const Row = ({ notification, onOpen }: { notification: AppNotification; onOpen: (notification: AppNotification) => void }) => {
  const unread = notification.readAt === null;
  return (
    <li className={styles.row} data-unread={unread}>
      <span className={styles.dot} aria-hidden="true" />
      <div className={styles.body}>
        <Link to={notification.link} className={styles.text} onClick={() => onOpen(notification)}>
          {unread && <span className={styles.visuallyHidden}>{copy.unread}: </span>}
          {notification.text}
        </Link>
        <p className={styles.meta}>
          {copy.kinds[notification.kind]} ·{' '}
          <time dateTime={notification.createdAt} title={fullWhen(notification.createdAt)}>
            {whenLabel(notification.createdAt)}
          </time>
        </p>
      </div>
    </li>
  );
};

/** /notifications: everything the member was told about, newest first; opening one marks it read. */
export const NotificationsPage = () => {
  const list = useNotifications();
  const markRead = useMarkRead();
  const notifications = list.data?.pages.flatMap((page) => page.notifications) ?? [];
  const unread = list.data?.pages[0]?.unread ?? 0;
  const open = (notification: AppNotification) => {
    if (notification.readAt === null) markRead.mutate({ ids: [notification.id] });
  };

  let content;
  if (list.isPending) content = <LoadingState label={copy.loading} />;
  else if (list.isError) {
    content = (
      <ErrorState title={copy.errorTitle} onRetry={() => void list.refetch()}>
        <p>{errorMessage(list.error)}</p>
      </ErrorState>
    );
  } else if (notifications.length === 0) {
    content = (
      <EmptyState title={copy.emptyTitle}>
        <p>{copy.empty}</p>
      </EmptyState>
    );
  } else {
    content = (
      <>
        <ul className={styles.list} aria-label={copy.title}>
          {notifications.map((notification) => (
            <Row key={notification.id} notification={notification} onOpen={open} />
          ))}
        </ul>
        {list.hasNextPage && (
          <Button variant="secondary" className={styles.more} disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
            {copy.more}
          </Button>
        )}
      </>
    );
  }

  return (
    <>
      <PageHeader
        title={copy.title}
        lead={copy.lead}
        actions={
          unread > 0 ? (
            <Button variant="secondary" disabled={markRead.isPending} onClick={() => markRead.mutate({ all: true })}>
              {copy.markAll}
            </Button>
          ) : undefined
        }
      />
      {markRead.isError && (
        <p role="alert" className={styles.alert}>
          {copy.markAllFailed}
        </p>
      )}
      {content}
    </>
  );
};

export default NotificationsPage;
