import type { Session } from './api';

const endOf = (session: Session) => (session.startsAt ? Date.parse(session.startsAt) + session.durationMinutes * 60_000 : null);

/** Proposals waiting for a pick, sessions still to come (soonest first) and the rest (latest first). */
export const sessionSections = (sessions: readonly Session[], now = Date.now()) => {
  const proposals = sessions.filter((s) => s.state === 'proposed');
  const upcoming = sessions
    .filter((s) => s.state === 'scheduled' && (endOf(s) ?? 0) > now)
    .sort((a, b) => (a.startsAt ?? '').localeCompare(b.startsAt ?? ''));
  const past = sessions
    .filter((s) => s.state === 'held' || s.state === 'cancelled' || (s.state === 'scheduled' && (endOf(s) ?? 0) <= now))
    .sort((a, b) => (b.startsAt ?? b.createdAt).localeCompare(a.startsAt ?? a.createdAt));
  return { proposals, upcoming, past };
};

/** A session's call opens this long before its start: early enough to check camera and microphone, not days ahead. */
export const CALL_OPENS_BEFORE_MS = 10 * 60_000;

/**
 * Whether a member can join the session's call now: `early` before it opens (with when it does), `open` from
 * shortly before the start until the end, `over` after. Proposals and cancelled sessions have no call to join.
 */
export const callWindow = (session: Pick<Session, 'state' | 'startsAt' | 'durationMinutes'>, now = Date.now()) => {
  if ((session.state !== 'scheduled' && session.state !== 'held') || !session.startsAt) return { phase: 'none' as const };
  const opensAt = Date.parse(session.startsAt) - CALL_OPENS_BEFORE_MS;
  const endsAt = Date.parse(session.startsAt) + session.durationMinutes * 60_000;
  if (now < opensAt) return { phase: 'early' as const, opensAt };
  return { phase: now < endsAt ? ('open' as const) : ('over' as const) };
};

/** The session page's address: under its mentorship, so the page knows the pair. */
export const sessionPath = (session: Pick<Session, 'id' | 'mentorshipId'>) => `/mentorships/${session.mentorshipId}/sessions/${session.id}`;
/** The call page of a session (the video feature's /calls/:type/:id). */
export const callPath = (session: Pick<Session, 'callType' | 'callId'>) => `/calls/${session.callType}/${session.callId}`;
