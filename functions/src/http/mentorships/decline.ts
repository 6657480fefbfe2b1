import { mentorshipsRoutes, routeIn } from '@mentoring/shared';
import { httpHandler } from '../../lib/http/handler';
import { callerOf, detailFor, decline } from '../../lifecycle';

export const handler = httpHandler(routeIn(mentorshipsRoutes, 'POST /api/mentorships/{id}/decline'), async ({ params, body, identity }) => {
  const caller = callerOf(identity);
  await decline(params.id, caller, body);
  return detailFor(params.id, caller);
});
