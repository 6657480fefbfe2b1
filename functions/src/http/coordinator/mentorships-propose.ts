import { mentorshipsRoutes, routeIn } from '@mentoring/shared';
import { httpHandler } from '../../lib/http/handler';
import { callerOf, detailFor, createProposal } from '../../lifecycle';

export const handler = httpHandler(routeIn(mentorshipsRoutes, 'POST /api/coordinator/mentorships'), async ({ body, identity }) => {
  const record = await createProposal(identity.sub, body);
  return detailFor(record.id, callerOf(identity));
});
