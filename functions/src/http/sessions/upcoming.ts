import { routeIn, sessionsRoutes } from '@mentoring/shared';
import { httpHandler } from '../../lib/http/handler';
import { listMemberSessionsFrom, toSession } from '../../sessions';

/** The longest a session lasts: one that started this long ago may still be on. */
const LONGEST_SESSION_MS = 90 * 60_000;

/** The viewer's sessions still to come (or under way), and proposals with a time still to come, across their mentorships. */
export const handler = httpHandler(routeIn(sessionsRoutes, 'GET /api/sessions/upcoming'), async ({ identity }) => {
  const now = Date.now();
  const items = await listMemberSessionsFrom(identity.sub, new Date(now - LONGEST_SESSION_MS).toISOString());
  const upcoming = items.filter((item) =>
    item.state === 'scheduled'
      ? Date.parse(item.startsAt) + item.durationMinutes * 60_000 > now
      : item.state === 'proposed' && item.proposedTimes.some((time) => Date.parse(time) > now),
  );
  return { sessions: upcoming.map(toSession) };
});
