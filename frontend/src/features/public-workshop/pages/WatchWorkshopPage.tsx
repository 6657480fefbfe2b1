import { useCallback, useState } from 'react';
import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { PageHeader } from '@/components/PageHeader/PageHeader';
import { EmptyState, ErrorState, LoadingState } from '@/components/StatePanel/StatePanel';
import { ApiError, errorMessage } from '@/lib/api-client';
import { QueryProvider } from '@/lib/query';
import { browserZone, formatDateTime } from '@/lib/datetime';
import { publicWorkshopQuery } from '../api';
import { HlsPlayer } from '../components/HlsPlayer';
import { copy } from '../copy';
import styles from '../public-workshop.module.css';

/** How often the page asks whether the workshop went on (or off) air. */
const CHECK_MS = 5000;

/**
 * /watch/:id: a public workshop for visitors who are not members (no sign-in). Its title, time and host; while the
 * host is live, the broadcast (HLS) plays; no chat, no raised hand, no way on stage: the audience of a broadcast
 * only watches.
 */
const WatchWorkshop = () => {
  const { id = '' } = useParams();
  const [failures, setFailures] = useState(0);
  const workshop = useQuery({ ...publicWorkshopQuery(id), refetchInterval: (query) => (query.state.data?.state === 'ended' ? false : CHECK_MS), retry: false });
  // A player that failed (the broadcast ended or restarted) starts again with the next answer.
  const onFailed = useCallback(() => setFailures((n) => n + 1), []);
  if (workshop.isPending) return <LoadingState label={copy.loading} fill />;
  // A check that fails while the page already has an answer keeps that answer (and the player): the next check, a few
  // seconds on, tells what changed. Only a first answer that fails is shown as an error.
  if (workshop.isError && workshop.data === undefined) {
    const missing = workshop.error instanceof ApiError && workshop.error.status === 404;
    return (
      <div className={styles.page}>
        <ErrorState title={missing ? copy.notFound : errorMessage(workshop.error)} onRetry={missing ? undefined : () => void workshop.refetch()}>
          {missing && <p>{copy.notFoundText}</p>}
        </ErrorState>
      </div>
    );
  }
  const { title, description, startsAt, durationMinutes, hostName, broadcast, state } = workshop.data;
  return (
    <div className={styles.page}>
      <PageHeader title={title} lead={copy.lead} />
      <p className={styles.meta}>
        <time dateTime={startsAt}>{formatDateTime(startsAt, browserZone())}</time>
        {` · ${copy.minutes(durationMinutes)} · ${copy.host(hostName)}`}
      </p>
      {broadcast ? (
        <>
          <p className={styles.onAir}>{copy.onAir}</p>
          <HlsPlayer key={`${broadcast.playlistUrl}#${failures}`} src={broadcast.playlistUrl} title={title} onFailed={onFailed} />
        </>
      ) : state === 'ended' ? (
        <EmptyState title={copy.over}>
          <p>{copy.overText}</p>
        </EmptyState>
      ) : (
        <EmptyState title={copy.notYet}>
          <p>{copy.notYetText}</p>
        </EmptyState>
      )}
      {description && <p className={styles.description}>{description}</p>}
    </div>
  );
};

/** A public page: it brings its own query cache, as the signed-in area and the directory do (lib/query.tsx). */
const WatchWorkshopPage = () => (
  <QueryProvider>
    <WatchWorkshop />
  </QueryProvider>
);

export default WatchWorkshopPage;
