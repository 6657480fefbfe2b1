import { routeIn, sessionsRoutes } from '@mentoring/shared';
import { httpHandler } from '../../lib/http/handler';
import { listActionItems } from '../../sessions';
import { mentorshipForMember } from '../../mentorships';

export const handler = httpHandler(routeIn(sessionsRoutes, 'GET /api/mentorships/{id}/action-items'), async ({ params, identity }) => {
  const { mentorship } = await mentorshipForMember(params.id, identity);
  return { items: await listActionItems(mentorship.id) };
});
