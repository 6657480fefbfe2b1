import { useId, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { DECLINED_REASONS, END_REASONS } from '@mentoring/shared/mentorship';
import { Button } from '@/components/Button/Button';
import { CallArchiveSlot, MatchFeedbackSlot, MentorshipSectionsSlot } from '../slots';
import { errorMessage } from '@/lib/api-client';
import { mentorshipQuery } from '@/lib/shared-api';
import { mentorshipCallsQuery } from '../api';
import { CallPartnerButton } from '../components/CallPartnerButton';
import { useSafetySlots } from '@/lib/safety-slots';
import { ChatPanel } from '../components/ChatPanel';
import { MentorshipActions } from '../components/MentorshipActions';
import { ProfileCard } from '../components/ProfileCard';
import { StateBadge } from '../components/StateBadge';
import { Timeline } from '../components/Timeline';
import { copy } from '../copy';
import { relativeTime } from '@/lib/datetime';
import { otherParty, type MentorshipDetail } from '../model';
import { useDates } from '@/lib/member-zone';
import styles from '../mentorships.module.css';
import { Columns } from '@/components/Columns/Columns';

const CLOSED_REQUEST_STATES = new Set(['DECLINED', 'EXPIRED', 'WITHDRAWN']);

const Panel = ({ title, children }: { title: string; children: ReactNode }) => {
  const id = useId();
  return (
    <section className={styles.panel} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
};

const Calls = ({ id }: { id: string }) => {
  const calls = useQuery(mentorshipCallsQuery(id));
  if (calls.isPending) return <p role="status">{copy.detail.callsLoading}</p>;
  if (calls.isError) return <p role="alert">{errorMessage(calls.error)}</p>;
  if (calls.data.calls.length === 0) return <p className={styles.emptyLine}>{copy.detail.noCalls}</p>;
  return (
    <div className={styles.calls}>
      {calls.data.calls.map((call) => (
        <CallArchiveSlot.Slot key={call.cid} call={call} headingLevel={3} />
      ))}
    </div>
  );
};

const isMember = (m: MentorshipDetail) => m.viewerRole !== 'coordinator';
const hasBeenActive = (m: MentorshipDetail) => ['ACTIVE', 'SUSPENDED', 'COMPLETED', 'ENDED'].includes(m.state);

const Mentorship = ({ mentorship }: { mentorship: MentorshipDetail }) => {
  const dates = useDates();
  const [feedbackOpen, setFeedbackOpen] = useState(false);
  const other = otherParty(mentorship);
  const { memberActions } = useSafetySlots();
  const requestMessage = mentorship.message && (
    <div>
      <h3 className={styles.role}>{mentorship.state === 'PROPOSED' || mentorship.events[0]?.type === 'proposed' ? copy.detail.proposalMessage : copy.detail.message}</h3>
      <p className={styles.quote}>{mentorship.message}</p>
    </div>
  );

  return (
    <div className={styles.page}>
      <div>
        <Link to={mentorship.viewerRole === 'coordinator' ? '/coordinator/mentorships' : '/mentorships'} className={styles.back}>
          {`← ${copy.detail.back}`}
        </Link>
        <div className={styles.titleRow}>
          <h1>{copy.detail.title(mentorship.mentor.displayName, mentorship.mentee.displayName)}</h1>
          <StateBadge state={mentorship.state} />
        </div>
        <ul className={styles.meta}>
          {mentorship.expiresAt && (mentorship.state === 'REQUESTED' || mentorship.state === 'PROPOSED') && (
            <li>{copy.time.expires(relativeTime(mentorship.expiresAt))}</li>
          )}
          {mentorship.endsAt && mentorship.state === 'ACTIVE' && <li>{`${copy.time.ends(relativeTime(mentorship.endsAt))} (${dates.longDate(mentorship.endsAt)})`}</li>}
        </ul>
        {mentorship.declineReason && <p className={styles.reason}>{copy.detail.reason(DECLINED_REASONS[mentorship.declineReason])}</p>}
        {/* A request that came to nothing: the mentee's next step is another mentor. */}
        {mentorship.viewerRole === 'mentee' && CLOSED_REQUEST_STATES.has(mentorship.state) && (
          <p>
            <Link to="/mentors">{copy.detail.findAnother}</Link>
          </p>
        )}
        {mentorship.endReason && <p className={styles.reason}>{copy.detail.reason(END_REASONS[mentorship.endReason])}</p>}
      </div>

      <Panel title={copy.detail.actions}>
        {mentorship.actions.length === 0 && !(isMember(mentorship) && mentorship.state === 'ACTIVE') && <p className={styles.emptyLine}>{copy.detail.noActions}</p>}
        <MentorshipActions
          mentorship={mentorship}
          actions={mentorship.actions}
          leading={isMember(mentorship) && mentorship.state === 'ACTIVE' ? <CallPartnerButton mentorshipId={mentorship.id} partner={other} /> : undefined}
        />
      </Panel>

      <MentorshipSectionsSlot.Slot mentorship={mentorship} />

      <section aria-labelledby={`${mentorship.id}-pair`}>
        <h2 id={`${mentorship.id}-pair`} className="visually-hidden">
          {copy.detail.pair}
        </h2>
        <div className={styles.profiles}>
          <ProfileCard profile={mentorship.mentorProfile} isViewer={mentorship.viewerRole === 'mentor'} />
          <ProfileCard profile={mentorship.menteeProfile} isViewer={mentorship.viewerRole === 'mentee'} />
        </div>
        {isMember(mentorship) &&
          memberActions?.({ id: other.id, displayName: other.displayName, mentorshipId: mentorship.id, active: mentorship.state === 'ACTIVE' || mentorship.state === 'SUSPENDED' })}
      </section>

      <Columns>
        <div className={styles.page}>
          {isMember(mentorship) && (
            <Panel title={copy.detail.chat}>
              <ChatPanel channelCid={mentorship.channelCid} active={mentorship.state === 'ACTIVE'} />
            </Panel>
          )}
          {hasBeenActive(mentorship) && (
            <Panel title={copy.detail.calls}>
              <Calls id={mentorship.id} />
            </Panel>
          )}
        </div>
        <div className={styles.page}>
          <Panel title={copy.detail.history}>
            {requestMessage}
            <Timeline events={mentorship.events} />
          </Panel>
          {isMember(mentorship) && hasBeenActive(mentorship) && (
            <Panel title={copy.detail.feedback}>
              <p>{mentorship.state === 'COMPLETED' || mentorship.state === 'ENDED' ? copy.detail.ended : copy.detail.feedbackText}</p>
              <Button variant="secondary" onClick={() => setFeedbackOpen(true)}>
                {copy.detail.feedbackButton}
              </Button>
              <MatchFeedbackSlot.Slot open={feedbackOpen} onClose={() => setFeedbackOpen(false)} mentorshipId={mentorship.id} />
            </Panel>
          )}
        </div>
      </Columns>
    </div>
  );
};

/** /mentorships/:id: the pair, the state and its history, what the viewer may do now, chat, calls and feedback. */
export const MentorshipPage = () => {
  const { id = '' } = useParams();
  const mentorship = useQuery(mentorshipQuery(id));
  if (mentorship.isPending) return <p role="status">{copy.detail.loading}</p>;
  if (mentorship.isError) {
    return (
      <div className={styles.page}>
        <h1>{copy.inbox.title}</h1>
        <p role="alert">{errorMessage(mentorship.error)}</p>
        <Link to="/mentorships">{copy.detail.back}</Link>
      </div>
    );
  }
  return <Mentorship mentorship={mentorship.data} />;
};

export default MentorshipPage;
