import { mentorshipsRoutes, routeIn } from '@mentoring/shared';
import { httpHandler } from '../../lib/http/handler';
import { callerOf, detailFor, withdraw } from '../../lifecycle';

export const handler = httpHandler(routeIn(mentorshipsRoutes, 'POST /api/mentorships/{id}/withdraw'), async ({ params, identity }) => {
  const caller = callerOf(identity);
  await withdraw(params.id, caller);
  return detailFor(params.id, caller);
});
