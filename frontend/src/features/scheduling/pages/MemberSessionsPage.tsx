import { useEffect, useId, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { ButtonLink } from '@/components/Button/Button';
import { PageHeader } from '@/components/PageHeader/PageHeader';
import { EmptyState, ErrorState, LoadingState } from '@/components/StatePanel/StatePanel';
import { errorMessage } from '@/lib/api-client';
import type { Session } from '../api';
import { useMemberSessions, useViewerZone } from '../hooks';
import { copy } from '../copy';
import { sessionPath, sessionSections } from '../model';
import { lengthLabel, whenIn } from '../time';
import styles from '../scheduling.module.css';

const Row = ({ session, partner, zone }: { session: Session; partner: string; zone: string }) => {
  const startsAt = session.startsAt ?? session.proposedTimes[0];
  return (
    <li className={styles.sessionRow}>
      <div className={styles.sessionMain}>
        <Link to={sessionPath(session)} className={styles.sessionWhen}>
          {session.state === 'proposed' || !startsAt ? copy.upcoming.proposal(partner) : <time dateTime={startsAt}>{whenIn(startsAt, zone)}</time>}
        </Link>
        <p className={styles.muted}>{[copy.upcoming.with(partner), lengthLabel(session.durationMinutes), copy.states[session.state]].join(' · ')}</p>
        {session.agenda && <p className={styles.agenda}>{session.agenda}</p>}
      </div>
    </li>
  );
};

const Group = ({ title, empty, children }: { title: string; empty: string; children: ReactNode[] }) => {
  const id = useId();
  return (
    <section className={styles.panel} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children.length === 0 ? <p className={styles.muted}>{empty}</p> : <ul className={styles.sessionList}>{children}</ul>}
    </section>
  );
};

/** Links written before the call archive moved (/sessions#call-…) open it at its new place. */
const useOldArchiveLinks = () => {
  const { hash } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (hash.startsWith('#call-')) navigate(`/calls/past${hash}`, { replace: true });
  }, [hash, navigate]);
};

/** /sessions: the member's booked mentoring sessions across their mentorships, the coming ones first, then the past. */
export const MemberSessionsPage = () => {
  useOldArchiveLinks();
  const { isPending, error, retry, sessions, partner } = useMemberSessions();
  const zone = useViewerZone();
  const { proposals, upcoming, past } = sessionSections(sessions);
  const row = (session: Session) => <Row key={session.id} session={session} partner={partner(session.mentorshipId)} zone={zone} />;

  return (
    <>
      <PageHeader title={copy.mine.title} lead={copy.mine.lead} />
      <div className={styles.stack}>
        {error ? (
          <ErrorState title={copy.mine.failed} onRetry={retry}>
            <p>{errorMessage(error)}</p>
          </ErrorState>
        ) : isPending ? (
          <LoadingState label={copy.mine.loading} />
        ) : sessions.length === 0 ? (
          <EmptyState title={copy.mine.none} action={<ButtonLink to="/mentorships">{copy.mine.toMentorships}</ButtonLink>}>
            <p>{copy.mine.noneText}</p>
          </EmptyState>
        ) : (
          <>
            <Group title={copy.mine.upcoming} empty={copy.mine.noUpcoming}>
              {[...upcoming, ...proposals].map(row)}
            </Group>
            <Group title={copy.mine.past} empty={copy.mine.noPast}>
              {past.map(row)}
            </Group>
          </>
        )}
        <p className={styles.muted}>
          {`${copy.mine.pastCalls} `}
          <Link to="/calls/past">{copy.mine.pastCallsLink}</Link>.
        </p>
      </div>
    </>
  );
};

export default MemberSessionsPage;
