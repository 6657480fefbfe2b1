import type { ApiAnswer } from '@mentoring/shared/routes';

type Detail = ApiAnswer<'GET /api/mentorships/{id}'>;

/** What the sessions need to know of a mentorship: the pair, who is looking and whether it is under way. */
export type Pair = Pick<Detail, 'id' | 'state' | 'viewerRole'> & {
  mentor: Pick<Detail['mentor'], 'id' | 'displayName'>;
  mentee: Pick<Detail['mentee'], 'id' | 'displayName'>;
  /** Each member's zone (their profile's), to show the other's local time beside the viewer's. */
  timezones: { mentor: string; mentee: string };
};

/** The pair as the mentorship's detail answer has it. */
export const pairOf = (detail: Detail): Pair => ({
  id: detail.id,
  state: detail.state,
  viewerRole: detail.viewerRole,
  mentor: detail.mentor,
  mentee: detail.mentee,
  timezones: { mentor: detail.mentorProfile.timezone, mentee: detail.menteeProfile.timezone },
});

export const viewerOf = (pair: Pair) => (pair.viewerRole === 'mentor' ? pair.mentor : pair.mentee);
export const otherOf = (pair: Pair) => (pair.viewerRole === 'mentor' ? pair.mentee : pair.mentor);
export const nameOf = (pair: Pair, memberId: string | null) =>
  memberId === pair.mentor.id ? pair.mentor.displayName : memberId === pair.mentee.id ? pair.mentee.displayName : 'Someone';
export const isMemberOf = (pair: Pair) => pair.viewerRole !== 'coordinator';
export const otherZoneOf = (pair: Pair) => (pair.viewerRole === 'mentor' ? pair.timezones.mentee : pair.timezones.mentor);
