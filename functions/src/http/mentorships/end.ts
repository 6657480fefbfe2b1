import { mentorshipsRoutes, routeIn } from '@mentoring/shared';
import { httpHandler } from '../../lib/http/handler';
import { callerOf, detailFor, end } from '../../lifecycle';

export const handler = httpHandler(routeIn(mentorshipsRoutes, 'POST /api/mentorships/{id}/end'), async ({ params, body, identity }) => {
  const caller = callerOf(identity);
  await end(params.id, caller, body);
  return detailFor(params.id, caller);
});
