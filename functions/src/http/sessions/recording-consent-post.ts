import { routeIn, sessionsRoutes } from '@mentoring/shared';
import { httpHandler } from '../../lib/http/handler';
import { sessionForMember } from '../../mentorships';
import { giveConsent } from '../../calls';

/** The viewer consents, in the call, to its recording and transcription; giving it twice changes nothing. */
export const handler = httpHandler(routeIn(sessionsRoutes, 'POST /api/sessions/{id}/recording-consent'), async ({ params, identity }) => {
  const { mentorship } = await sessionForMember(params.id, identity);
  return giveConsent(params.id, mentorship, identity.sub);
});
