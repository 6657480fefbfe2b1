import { routeIn, sessionsRoutes } from '@mentoring/shared';
import { httpHandler } from '../../lib/http/handler';
import { listMentorshipSessions, toSession, mentorshipOfMember } from '../../sessions';

/** Every session of the mentorship (booked, proposed, cancelled, held), by start. */
export const handler = httpHandler(routeIn(sessionsRoutes, 'GET /api/mentorships/{id}/sessions'), async ({ params, identity }) => {
  const record = await mentorshipOfMember(params.id, identity.sub);
  return { sessions: (await listMentorshipSessions(record.id)).map(toSession) };
});
