import { useId } from 'react';
import { Link } from 'react-router';
import { DECLINED_REASONS, END_REASONS, type MentorshipAction } from '@mentoring/shared/mentorship';
import { copy } from '../copy';
import { relativeTime } from '@/lib/datetime';
import { isOpenRequest, listActions, otherParty, type MentorshipSummary } from '../model';
import styles from '../mentorships.module.css';
import { Avatar } from '@/components/Avatar/Avatar';
import { MentorshipActions } from './MentorshipActions';
import { StateBadge } from './StateBadge';

/** Answering and withdrawing happen in the inbox; the rest of a mentorship's life on its own page. */
const INBOX_ACTIONS: readonly MentorshipAction[] = ['accept', 'acceptProposal', 'decline', 'withdraw'];

export const cardTitle = (m: MentorshipSummary) => {
  const other = otherParty(m).displayName;
  if (m.state === 'PROPOSED') return copy.inbox.proposal(other);
  if (m.state === 'REQUESTED') return m.viewerRole === 'mentor' ? copy.inbox.incoming(other) : copy.inbox.outgoing(other);
  if (m.state === 'ACTIVE' || m.state === 'SUSPENDED' || m.state === 'COMPLETED' || m.state === 'ENDED') {
    return m.viewerRole === 'mentor' ? copy.inbox.youAsMentor(other) : copy.inbox.youAsMentee(other);
  }
  return m.viewerRole === 'mentee' ? copy.inbox.outgoing(other) : copy.inbox.incoming(other);
};

/** One mentorship in the member's inbox: who, its state and times, the message, and what they can do now. */
export const MentorshipCard = ({ mentorship, now = Date.now() }: { mentorship: MentorshipSummary; now?: number }) => {
  const titleId = useId();
  const other = otherParty(mentorship);
  const open = isOpenRequest(mentorship.state);
  const actions = listActions(mentorship).filter((action) => INBOX_ACTIONS.includes(action));
  const waiting = mentorship.state === 'PROPOSED' && mentorship.viewerRole !== 'coordinator' && mentorship.acceptedBy.includes(mentorship.viewerRole);

  return (
    <article className={styles.card} aria-labelledby={titleId}>
      <Avatar name={other.displayName} photoUrl={other.photoUrl} size="sm" />
      <div className={styles.cardBody}>
        <h3 id={titleId} className={styles.cardTitle}>
          <Link to={`/mentorships/${mentorship.id}`}>{cardTitle(mentorship)}</Link>
        </h3>
        {other.headline && <p className={styles.muted}>{other.headline}</p>}
        <div>
          <StateBadge state={mentorship.state} />
        </div>
        {open && mentorship.message && <p className={styles.quote}>{mentorship.message}</p>}
        {mentorship.state === 'DECLINED' && mentorship.declineReason && (
          <p className={styles.reason}>
            {copy.detail.reason(DECLINED_REASONS[mentorship.declineReason])}
            {mentorship.declineMessage ? ` — “${mentorship.declineMessage}”` : ''}
          </p>
        )}
        {mentorship.state === 'ENDED' && mentorship.endReason && <p className={styles.reason}>{copy.detail.reason(END_REASONS[mentorship.endReason])}</p>}
        {waiting && <p className={styles.muted}>{copy.inbox.waitingForOther(other.displayName)}</p>}
        <ul className={styles.meta}>
          <li>{open ? copy.time.sent(relativeTime(mentorship.createdAt, now)) : copy.time.updated(relativeTime(mentorship.updatedAt, now))}</li>
          {open && mentorship.expiresAt && <li>{copy.time.expires(relativeTime(mentorship.expiresAt, now))}</li>}
          {mentorship.state === 'ACTIVE' && mentorship.endsAt && <li>{copy.time.ends(relativeTime(mentorship.endsAt, now))}</li>}
        </ul>
        <MentorshipActions mentorship={mentorship} actions={actions} />
      </div>
    </article>
  );
};
