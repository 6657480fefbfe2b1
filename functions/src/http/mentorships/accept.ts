import { mentorshipsRoutes, routeIn } from '@mentoring/shared';
import { httpHandler } from '../../lib/http/handler';
import { callerOf, detailFor, accept } from '../../lifecycle';

export const handler = httpHandler(routeIn(mentorshipsRoutes, 'POST /api/mentorships/{id}/accept'), async ({ params, identity }) => {
  const caller = callerOf(identity);
  await accept(params.id, caller);
  return detailFor(params.id, caller);
});
