import { mentorshipsRoutes, routeIn } from '@mentoring/shared';
import { httpHandler } from '../../lib/http/handler';
import { callerOf, detailFor, resume } from '../../lifecycle';

export const handler = httpHandler(routeIn(mentorshipsRoutes, 'POST /api/coordinator/mentorships/{id}/resume'), async ({ params, identity }) => {
  const caller = callerOf(identity);
  await resume(params.id, caller);
  return detailFor(params.id, caller);
});
