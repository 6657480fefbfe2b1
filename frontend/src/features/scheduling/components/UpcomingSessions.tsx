import { useId } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { LoadingState } from '@/components/StatePanel/StatePanel';
import { errorMessage } from '@/lib/api-client';
import { myMentorshipsQuery, ownProfileQuery } from '@/lib/shared-api';
import { upcomingQuery } from '../api';
import { useViewerZone } from '../hooks';
import { copy } from '../copy';
import { sessionPath } from '../model';
import { lengthLabel, whenIn } from '../time';
import styles from '../scheduling.module.css';

/**
 * The member's sessions still to come across their mentorships, soonest first, each with the other member's
 * name (from the member's mentorships) and a link to it; proposals say who picks.
 */
export const UpcomingSessions = ({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) => {
  const id = useId();
  const upcoming = useQuery(upcomingQuery());
  const mentorships = useQuery(myMentorshipsQuery());
  const own = useQuery(ownProfileQuery());
  const zone = useViewerZone();
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  const partner = (mentorshipId: string) => {
    const m = mentorships.data?.mentorships.find((row) => row.id === mentorshipId);
    if (!m) return 'your partner';
    return m.viewerRole === 'mentee' ? m.mentor.displayName : m.mentee.displayName;
  };
  const me = own.data?.profile?.id;
  const sessions = [...(upcoming.data?.sessions ?? [])].sort((a, b) => (a.startsAt ?? a.proposedTimes[0] ?? '').localeCompare(b.startsAt ?? b.proposedTimes[0] ?? ''));

  return (
    <section className={styles.panel} aria-labelledby={id}>
      <Heading id={id}>{copy.upcoming.title}</Heading>
      {upcoming.isPending && <LoadingState label={copy.upcoming.loading} />}
      {upcoming.isError && <p role="alert" className={styles.error}>{errorMessage(upcoming.error)}</p>}
      {upcoming.isSuccess && sessions.length === 0 && <p className={styles.muted}>{copy.upcoming.empty}</p>}
      {sessions.length > 0 && (
        <ul className={styles.upcomingList}>
          {sessions.map((session) => (
            <li key={session.id} className={styles.sessionRow}>
              <div className={styles.sessionMain}>
                {session.startsAt ? (
                  <>
                    <Link to={sessionPath(session)} className={styles.sessionWhen}>
                      {whenIn(session.startsAt, zone)}
                    </Link>
                    <p className={styles.muted}>{`${copy.upcoming.with(partner(session.mentorshipId))} · ${lengthLabel(session.durationMinutes)}`}</p>
                  </>
                ) : (
                  <Link to={`/mentorships/${session.mentorshipId}`} className={styles.sessionWhen}>
                    {session.bookedBy === me ? copy.upcoming.waiting(partner(session.mentorshipId)) : copy.upcoming.proposal(partner(session.mentorshipId))}
                  </Link>
                )}
                {session.agenda && <p className={styles.agenda}>{session.agenda}</p>}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
};
