import { BACKSTAGE_LEAD_MINUTES, GROUP_CALL_TYPES, type GroupAudience } from './constants';

/** Who is looking: their mentoring role, whether a coordinator, and whether the host is their mentor now. */
export interface AudienceViewer {
  role: 'mentee' | 'mentor' | null;
  coordinator: boolean;
  /** An active mentorship with the session's host, as its mentee. */
  menteeOfHost: boolean;
}

/** Whether the audience takes this member (hosts, co-hosts and speakers are on stage whatever the audience). */
export const inAudience = (audience: GroupAudience, viewer: AudienceViewer) => {
  if (viewer.coordinator) return true;
  switch (audience) {
    case 'all':
      return viewer.role !== null;
    case 'mentees':
      return viewer.role === 'mentee';
    case 'mentors':
      return viewer.role === 'mentor';
    case 'own_mentees':
      return viewer.role === 'mentee' && viewer.menteeOfHost;
  }
};

/** From when the host and co-hosts may join backstage. */
export const backstageOpensAt = (startsAt: string) => new Date(Date.parse(startsAt) - BACKSTAGE_LEAD_MINUTES * 60_000);

/** A group session's call id: the session's id with a prefix, so a call (its page, its webhooks) tells a group session from a pair's. */
export const groupCallId = (groupSessionId: string) => `g-${groupSessionId}`;

const GROUP_CALL_ID = /^g-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/** The group session a call belongs to (a livestream or audio room whose id is `g-<session id>`), or null. */
export const groupSessionIdOfCall = (type: string, callId: string) => {
  if (!(Object.values(GROUP_CALL_TYPES) as string[]).includes(type)) return null;
  return GROUP_CALL_ID.exec(callId)?.[1] ?? null;
};

/** The words the SPA shows for an audience. */
export const AUDIENCE_LABELS: Record<GroupAudience, string> = {
  all: 'All members',
  mentees: 'Mentees',
  mentors: 'Mentors',
  own_mentees: "The host's own mentees",
};
