import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { mentorshipIdOfCall } from '@mentoring/shared/mentorship-calls';
import { groupSessionIdOfCall } from '@mentoring/shared/group-sessions';
import type { CallType } from '@mentoring/shared/video';
import { PageHeader } from '@/components/PageHeader/PageHeader';
import { groupSessionQuery, mentorshipQuery } from '@/lib/shared-api';
import { callTypeLabels, copy as text } from '../copy';

/** Who the call is with, when it belongs to one of the viewer's mentorships (its id says which). */
const useMentorshipOfCall = (type: string, id: string) => {
  const mentorshipId = mentorshipIdOfCall(type, id);
  const detail = useQuery({ ...mentorshipQuery(mentorshipId ?? ''), enabled: Boolean(mentorshipId) });
  if (!mentorshipId) return null;
  const mentorship = detail.data;
  const partner = mentorship ? (mentorship.viewerRole === 'mentor' ? mentorship.mentee : mentorship.mentor) : null;
  return { mentorshipId, partnerName: partner?.displayName ?? null };
};

/** The group session whose live room this call is (its id says which), with its title and host. */
const useGroupSessionOfCall = (type: string, id: string) => {
  const sessionId = groupSessionIdOfCall(type, id);
  const detail = useQuery({ ...groupSessionQuery(sessionId ?? ''), enabled: Boolean(sessionId) });
  if (!sessionId) return null;
  return { sessionId, session: detail.data ?? null };
};

/**
 * The top of the call page, whatever the call is doing: its h1, what the call is part of, and a way back (to the
 * mentorship it belongs to, or to all calls), so the page is never a dead end, not even when calls are unavailable.
 */
export const CallContext = ({ type, id }: { type: string; id: string }) => {
  const mentorship = useMentorshipOfCall(type, id);
  const group = useGroupSessionOfCall(type, id);
  if (group) {
    const { session } = group;
    return (
      <>
        <nav aria-label={text.callPage.navLabel}>
          <Link className="call-back-link" to={`/group-sessions/${group.sessionId}`}>
            {text.room.backToSession}
          </Link>
        </nav>
        <PageHeader title={session?.title ?? callTypeLabels[type as CallType] ?? text.callPage.title} lead={session ? text.room.lead(text.room.kinds[type] ?? '', session.host.displayName) : undefined} />
      </>
    );
  }
  const title = mentorship?.partnerName ? text.callPage.titleWith(mentorship.partnerName) : callTypeLabels[type as CallType] ?? text.callPage.title;
  const back = mentorship ? (
    <Link className="call-back-link" to={`/mentorships/${mentorship.mentorshipId}`}>
      {text.callPage.backToMentorship}
    </Link>
  ) : (
    <Link className="call-back-link" to="/calls">
      {text.callPage.backToCalls}
    </Link>
  );
  return (
    <>
      <nav aria-label={text.callPage.navLabel}>{back}</nav>
      <PageHeader title={title} lead={mentorship ? text.callPage.partOfMentorship(mentorship.partnerName) : undefined} />
    </>
  );
};
