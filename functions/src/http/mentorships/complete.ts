import { mentorshipsRoutes, routeIn } from '@mentoring/shared';
import { httpHandler } from '../../lib/http/handler';
import { callerOf, detailFor, complete } from '../../lifecycle';

export const handler = httpHandler(routeIn(mentorshipsRoutes, 'POST /api/mentorships/{id}/complete'), async ({ params, identity }) => {
  const caller = callerOf(identity);
  await complete(params.id, caller);
  return detailFor(params.id, caller);
});
