import { mentorshipsRoutes, routeIn } from '@mentoring/shared';
import { httpHandler } from '../../lib/http/handler';
import { callerOf, detailFor, suspend } from '../../lifecycle';

export const handler = httpHandler(routeIn(mentorshipsRoutes, 'POST /api/coordinator/mentorships/{id}/suspend'), async ({ params, identity }) => {
  const caller = callerOf(identity);
  await suspend(params.id, caller);
  return detailFor(params.id, caller);
});
