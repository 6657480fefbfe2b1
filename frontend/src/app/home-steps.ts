import { DECLINED_REASONS } from '@mentoring/shared/mentorship';
import type { HomeData, Mentorship } from '../features/home/api';
import { callPath, callWindow, sessionPath } from '../features/scheduling/model';
import { whenIn } from '../features/scheduling/time';
import { formatShortDate } from '../lib/datetime';

/** One thing the member should do (or know) now: a short line and the one link where they act. */
export interface Step {
  id: string;
  text: string;
  link: { to: string; label: string };
  /** The link is the thing to do this minute (a call that is open): shown as a button. */
  now?: boolean;
}

/** What Home says when no step is open, with the next step it offers. */
export interface Calm {
  text: string;
  link: { to: string; label: string };
}


const partnerOf = (m: Mentorship) => (m.viewerRole === 'mentee' ? m.mentor.displayName : m.mentee.displayName);
const mentorshipLink = (m: Mentorship) => `/mentorships/${m.id}`;
const viewerSide = (m: Mentorship) => (m.viewerRole === 'mentor' ? 'mentor' : 'mentee');

const applicationSteps = ({ own, mentorships }: HomeData): Step[] => {
  if (own.profile?.role !== 'mentor' || !own.approval) return [];
  const { state, note } = own.approval;
  if (state === 'pending') return [{ id: 'application', text: 'Your application to mentor is waiting for a coordinator’s review.', link: { to: '/profile', label: 'See your application' } }];
  if (state === 'rejected')
    return [{ id: 'application', text: `Your application to mentor was declined${note ? `: “${note}”` : '.'}`, link: { to: '/profile', label: 'Change and send it again' } }];
  if (state === 'draft') return [{ id: 'application', text: 'Your application to mentor is not sent yet.', link: { to: '/profile', label: 'Send your application' } }];
  // Approved: worth saying until the first mentee arrives.
  if (mentorships.length === 0) return [{ id: 'application', text: 'Your application is approved: mentees can now find you and ask you.', link: { to: '/profile', label: 'See your profile' } }];
  return [];
};

const requestSteps = ({ mentorships }: HomeData, zone: string): Step[] =>
  mentorships.flatMap((m): Step[] => {
    const until = m.expiresAt ? formatShortDate(m.expiresAt, zone) : null;
    if (m.state === 'REQUESTED' && m.viewerRole === 'mentor')
      return [{ id: `request-${m.id}`, text: `${m.mentee.displayName} asks you to be their mentor.${until ? ` Answer by ${until}.` : ''}`, link: { to: mentorshipLink(m), label: 'Answer the request' } }];
    if (m.state === 'REQUESTED' && m.viewerRole === 'mentee')
      return [{ id: `request-${m.id}`, text: `Your request to ${m.mentor.displayName} is waiting for their answer${until ? ` (until ${until})` : ''}.`, link: { to: mentorshipLink(m), label: 'See your request' } }];
    if (m.state === 'PROPOSED' && !m.acceptedBy.includes(viewerSide(m)))
      return [{ id: `proposal-${m.id}`, text: `A coordinator suggests you and ${partnerOf(m)} as a pair.${until ? ` Answer by ${until}.` : ''}`, link: { to: mentorshipLink(m), label: 'Answer the proposal' } }];
    return [];
  });

const sessionSteps = ({ upcoming, mentorships }: HomeData, zone: string, now: number): Step[] => {
  const names = new Map(mentorships.map((m) => [m.id, partnerOf(m)]));
  const name = (mentorshipId: string) => names.get(mentorshipId) ?? 'your partner';
  const booked = upcoming.filter((s) => s.startsAt && s.state === 'scheduled').sort((a, b) => a.startsAt!.localeCompare(b.startsAt!));
  const steps: Step[] = [];
  const next = booked[0];
  if (next?.startsAt) {
    const open = callWindow(next, now).phase === 'open';
    steps.push({
      id: `session-${next.id}`,
      text: `${open ? 'Your session' : 'Next session'} with ${name(next.mentorshipId)}: ${whenIn(next.startsAt, zone)}.`,
      link: open ? { to: callPath(next), label: 'Join the call' } : { to: sessionPath(next), label: 'See the session' },
      now: open,
    });
  }
  for (const proposal of upcoming.filter((s) => s.state === 'proposed'))
    steps.push({ id: `proposal-${proposal.id}`, text: `Times are proposed for a session with ${name(proposal.mentorshipId)}.`, link: { to: `/mentorships/${proposal.mentorshipId}`, label: 'See the times' } });
  return steps;
};

const mentorshipSteps = ({ mentorships, upcoming }: HomeData): Step[] =>
  mentorships
    .filter((m) => m.state === 'ACTIVE')
    .map((m) => {
      const booked = upcoming.some((s) => s.mentorshipId === m.id);
      const who = m.viewerRole === 'mentee' ? `${m.mentor.displayName} is your mentor` : `You mentor ${m.mentee.displayName}`;
      return booked
        ? { id: `mentorship-${m.id}`, text: `${who}.`, link: { to: mentorshipLink(m), label: 'Open the mentorship' } }
        : { id: `mentorship-${m.id}`, text: `${who}; no session is booked.`, link: { to: mentorshipLink(m), label: 'Book a session' } };
    });

const actionItemSteps = ({ actionItems }: HomeData): Step[] =>
  [...actionItems]
    .sort((a, b) => (a.dueOn ?? '9999').localeCompare(b.dueOn ?? '9999'))
    .map((item) => ({
      id: `item-${item.id}`,
      // A due day is a calendar day (YYYY-MM-DD): read at noon UTC, it names the same day in every zone.
      text: `To do: ${item.text}${item.dueOn ? ` (due ${formatShortDate(`${item.dueOn}T12:00:00Z`, 'UTC')})` : ''}`,
      link: { to: `/mentorships/${item.mentorshipId}`, label: 'See your action items' },
    }))
    .slice(0, 5);

const surveySteps = ({ surveysDue }: HomeData): Step[] =>
  surveysDue.map(({ mentorship, survey }) => ({
    id: `survey-${mentorship.id}-${survey}`,
    text:
      survey === 'fit_check'
        ? `How is it going with ${partnerOf(mentorship)}? A short fit check is due.`
        : `Your mentorship with ${partnerOf(mentorship)} has finished: tell us how it went.`,
    link: { to: mentorshipLink(mentorship), label: survey === 'fit_check' ? 'Answer the fit check' : 'Answer the closing survey' },
  }));

/**
 * What the member must do next, most urgent first: finish onboarding, the application, requests waiting for an
 * answer, the next session (and its call once open), the active mentorships, action items, surveys due.
 */
export const homeSteps = (data: HomeData, zone: string, now = Date.now()): Step[] => {
  if (!data.own.onboarded) return [{ id: 'onboarding', text: 'Your profile is not finished yet.', link: { to: '/onboarding', label: 'Finish your profile' } }];
  return [
    ...(data.own.suspended ? [{ id: 'suspended', text: 'A coordinator has suspended your account: you can read, but not act.', link: { to: '/account', label: 'See your account' } }] : []),
    ...applicationSteps(data),
    ...requestSteps(data, zone),
    ...sessionSteps(data, zone, now),
    ...mentorshipSteps(data),
    ...actionItemSteps(data),
    ...surveySteps(data),
  ];
};

/** When nothing needs doing: a kind word and the step that moves the member on. */
export const calmFor = ({ own, mentorships }: HomeData): Calm => {
  if (own.profile?.role === 'mentee') {
    const last = [...mentorships].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))[0];
    if (last?.state === 'DECLINED' && last.declineReason)
      return { text: `${last.mentor.displayName} could not take you on (${DECLINED_REASONS[last.declineReason]}). Another mentor may suit you well.`, link: { to: '/mentors', label: 'Find another mentor' } };
    return { text: 'Nothing needs you right now. When you are ready, find a mentor who suits you.', link: { to: '/mentors', label: 'Find a mentor' } };
  }
  return { text: 'Nothing needs you right now. A complete profile helps mentees choose you.', link: { to: '/profile', label: 'See your profile' } };
};
