import { mentorshipsRoutes, routeIn } from '@mentoring/shared';
import { httpHandler } from '../../lib/http/handler';
import { callerOf, detailFor, createRequest } from '../../lifecycle';

export const handler = httpHandler(routeIn(mentorshipsRoutes, 'POST /api/mentorships'), async ({ body, identity }) => {
  const record = await createRequest(identity.sub, body);
  return detailFor(record.id, callerOf(identity));
});
