import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ErrorState, LoadingState } from '@/components/StatePanel/StatePanel';
import { errorMessage } from '@/lib/api-client';
import { myMentorshipsQuery, ownProfileQuery } from '@/lib/shared-api';
import { InboxTopSlot } from '../slots';
import { MentorshipCard } from '../components/MentorshipCard';
import { EmptyState } from '../components/EmptyState';
import { copy } from '../copy';
import { inboxSections, isOpenRequest, type MentorshipSummary } from '../model';
import styles from '../mentorships.module.css';

const Section = ({ title, items, empty }: { title: string; items: MentorshipSummary[]; empty: ReactNode }) => {
  const id = useId();
  return (
    <section className={styles.section} aria-labelledby={id}>
      <h2 id={id}>
        {title} <span className={styles.count}>{copy.inbox.count(items.length)}</span>
      </h2>
      {items.length === 0 ? (
        <p className={styles.emptyLine}>{empty}</p>
      ) : (
        <ul className={styles.list}>
          {items.map((mentorship) => (
            <li key={mentorship.id}>
              <MentorshipCard mentorship={mentorship} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
};

/**
 * /mentorships: the member's inbox. Requests come first (a mentor answers them, a mentee sees where theirs
 * stand and why one was declined), then the mentorships under way, then the finished ones.
 */
export const MentorshipsPage = () => {
  const list = useQuery(myMentorshipsQuery());
  const profile = useQuery(ownProfileQuery());
  const role = profile.data?.profile?.role ?? null;

  const body = () => {
    if (list.isPending) return <LoadingState label={copy.inbox.loading} />;
    if (list.isError) {
      return (
        <ErrorState title={copy.inbox.errorTitle} onRetry={() => void list.refetch()}>
          <p>{errorMessage(list.error)}</p>
        </ErrorState>
      );
    }
    const sections = inboxSections(list.data.mentorships);
    const menteeMayAsk = role === 'mentee' && sections.active.length === 0 && !sections.requests.some((m) => isOpenRequest(m.state));
    if (list.data.mentorships.length === 0) {
      if (profile.isPending) return <LoadingState label={copy.inbox.loading} />;
      if (profile.isSuccess && !profile.data.profile) {
        // A coordinator with no member profile of their own follows the programme's pairs, not their own.
        if (profile.data.isCoordinator) return <EmptyState {...copy.inbox.emptyCoordinator} to="/coordinator/mentorships" />;
        return <EmptyState {...copy.inbox.emptyNoProfile} to="/onboarding" />;
      }
      if (role === 'mentor') return <EmptyState {...copy.inbox.emptyMentor} to="/profile" />;
      return <EmptyState {...copy.inbox.emptyMentee} to="/mentors" />;
    }
    return (
      <>
        <Section
          title={copy.inbox.requests}
          items={sections.requests}
          empty={
            role === 'mentor' ? (
              copy.inbox.noRequestsMentor
            ) : (
              <>
                {copy.inbox.noRequestsMentee} <Link to="/mentors">{copy.inbox.findMentor}</Link>
              </>
            )
          }
        />
        <Section
          title={copy.inbox.active}
          items={sections.active}
          empty={
            // A mentee whose requests were all answered (declined, expired, withdrawn) is shown the way on.
            menteeMayAsk ? (
              <>
                {copy.inbox.noActive} <Link to="/mentors">{copy.inbox.findAnother}</Link>
              </>
            ) : (
              copy.inbox.noActive
            )
          }
        />
        <Section title={copy.inbox.past} items={sections.past} empty={copy.inbox.noPast} />
      </>
    );
  };

  return (
    <div className={styles.page}>
      <h1>{copy.inbox.title}</h1>
      <InboxTopSlot.Slot />
      {body()}
    </div>
  );
};

export default MentorshipsPage;
