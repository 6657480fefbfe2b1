import {
  allowedActions,
  OPEN_REQUEST_STATES,
  type MentorshipAction,
  type MentorshipState,
} from '@mentoring/shared/mentorship';
import type { ApiAnswer } from '@mentoring/shared/routes';

export type MentorshipDetail = ApiAnswer<'GET /api/mentorships/{id}'>;
export type MentorshipSummary = ApiAnswer<'GET /api/mentorships'>['mentorships'][number];
export type Party = MentorshipSummary['mentor'];
export type ViewerRole = MentorshipSummary['viewerRole'];

const CLOSED_REQUEST_STATES: readonly MentorshipState[] = ['DECLINED', 'WITHDRAWN', 'EXPIRED', 'INVALIDATED'];
const UNDER_WAY_STATES: readonly MentorshipState[] = ['ACTIVE', 'SUSPENDED'];

export const isOpenRequest = (state: MentorshipState) => (OPEN_REQUEST_STATES as readonly MentorshipState[]).includes(state);
export const isUnderWay = (state: MentorshipState) => UNDER_WAY_STATES.includes(state);

/** The other member of the pair, seen from the viewer (a coordinator sees the mentee as "the other"). */
export const otherParty = (mentorship: Pick<MentorshipSummary, 'mentor' | 'mentee' | 'viewerRole'>) =>
  mentorship.viewerRole === 'mentee' ? mentorship.mentor : mentorship.mentee;

/**
 * The member's inbox in the order they act on it: open requests and proposals first (with, for a mentee,
 * the answers their requests got), then mentorships under way, then the finished ones.
 */
export const inboxSections = (mentorships: readonly MentorshipSummary[]) => {
  const newestFirst = [...mentorships].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
  const answeredRequest = (m: MentorshipSummary) => CLOSED_REQUEST_STATES.includes(m.state);
  return {
    requests: newestFirst.filter((m) => isOpenRequest(m.state) || (answeredRequest(m) && m.viewerRole === 'mentee')),
    active: newestFirst.filter((m) => isUnderWay(m.state)),
    past: newestFirst.filter((m) => m.state === 'COMPLETED' || m.state === 'ENDED' || (answeredRequest(m) && m.viewerRole !== 'mentee')),
  };
};

/**
 * What the viewer may do with a mentorship in a list, from the same state machine the server enforces
 * (the detail page uses the server's own `actions`). A proposal the viewer already accepted waits for the other.
 */
export const listActions = (mentorship: MentorshipSummary): MentorshipAction[] => {
  if (mentorship.viewerRole === 'coordinator') return allowedActions(mentorship.state, 'coordinator');
  const acceptedAlready = mentorship.acceptedBy.includes(mentorship.viewerRole);
  return allowedActions(mentorship.state, mentorship.viewerRole).filter((action) => !(action === 'acceptProposal' && acceptedAlready));
};

/** The list row of a mentorship, from the detail answer of an action. */
export const toSummary = (detail: MentorshipDetail): MentorshipSummary => {
  const { mentorProfile: _mentor, menteeProfile: _mentee, events: _events, channelCid: _channel, actions: _actions, ...summary } = detail;
  return summary;
};



const languageNames = typeof Intl.DisplayNames === 'function' ? new Intl.DisplayNames(['en'], { type: 'language' }) : null;
export const languageName = (code: string) => languageNames?.of(code) ?? code;
