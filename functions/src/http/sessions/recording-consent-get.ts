import { routeIn, sessionsRoutes } from '@mentoring/shared';
import { httpHandler } from '../../lib/http/handler';
import { consentStateOf } from '../../calls';
import { getRecordedSession } from '../../sessions';
import { sessionForMember } from '../../mentorships';

/** Who of the pair has consented so far (none before the session exists): the call UI polls this. */
export const handler = httpHandler(routeIn(sessionsRoutes, 'GET /api/sessions/{id}/recording-consent'), async ({ params, identity }) => {
  const { mentorship } = await sessionForMember(params.id, identity);
  return consentStateOf(params.id, mentorship, await getRecordedSession(params.id));
});
